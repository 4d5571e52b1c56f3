// Runs (src/server/runs, endpoints/runs.ts) against a real Payload and PostgreSQL: start-or-join
// (one running run per kind), a run with nothing to do, progress and its end (never rewritten
// afterwards), the abandoned rule (a run whose jobs are gone is failed, and the next start
// starts afresh), an analysis run counted from its items by whoever records them, the one
// bounded wait, and GET /api/runs/{id} and GET /api/runs?kind=&limit= with their refusals.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Run } from '../../src/lib/api/types'
import type { RunKind } from '../../src/lib/schemas/runs'
import { BACKUP_TASK } from '../../src/server/backup/schedule'
import { poolOf } from '../../src/server/db/pool'
import { failRun, finishRun, recordProgress } from '../../src/server/runs/record-run'
import { ABANDONED_REASON, findRun } from '../../src/server/runs/run'
import { startOrJoinRun } from '../../src/server/runs/start-or-join-run'
import { waitForRun } from '../../src/server/runs/wait-for-run'
import { RUN_WAIT_MS } from '../../src/lib/constants'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { runWait } from '../helpers/test-config'
import { resetDatabase, testPayload } from '../helpers/payload'
import { defaultPropertyId } from '../../src/server/properties/default-property'

/** A queue no worker serves: the jobs these tests queue stay queued (the run is live) until a test removes them. */
const IDLE_QUEUE = 'runs-test'

let payload: Payload
let pool: Pool
let property: string
let admin: Session
const visitor = new Session()
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const queueOneJob = async (client: PoolClient, runId: string) => {
  await client.query(`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ($1::jsonb, $2, $3)`, [JSON.stringify({ runId }), BACKUP_TASK, IDLE_QUEUE])
  return 0
}

const start = (kind: RunKind, queue: (client: PoolClient, runId: string) => Promise<number | null> = queueOneJob) =>
  startOrJoinRun(pool, { kind, propertyId: property, queue })

const jobsOf = async (runId: string) =>
  (await pool.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'runId' = $1`, [runId])).rows[0].n as number

beforeAll(async () => {
  payload = await testPayload()
  property = await defaultPropertyId(payload)
  pool = poolOf(payload)
  await resetDatabase(payload)
  admin = await signedInAdmin()
}, 120_000)

afterEach(async () => {
  await pool.query('DELETE FROM runs')
  await pool.query('DELETE FROM payload_jobs WHERE queue = $1', [IDLE_QUEUE])
})

describe('start or join', () => {
  it('starts one run per kind; a second start of that kind joins it without queueing its work again', async () => {
    const first = await start('backup')
    const second = await start('backup')
    expect(first).toMatchObject({ joined: false, run: { kind: 'backup', status: 'running', done: 0, total: 0 } })
    expect(second).toMatchObject({ joined: true, run: { id: first!.run.id } })
    expect(await jobsOf(first!.run.id)).toBe(1)
    // Another kind is another run.
    const restore = await start('restore')
    expect(restore).toMatchObject({ joined: false, run: { kind: 'restore' } })
    expect(restore!.run.id).not.toBe(first!.run.id)
  })

  it('two starts at once share one run', async () => {
    const both = await Promise.all([start('duplicates'), start('duplicates')])
    expect(new Set(both.map((started) => started!.run.id)).size).toBe(1)
    expect(both.map((started) => started!.joined).sort()).toEqual([false, true])
    expect(await jobsOf(both[0]!.run.id)).toBe(1)
  })

  it('keeps no run when there is nothing to do', async () => {
    expect(await start('analysis', async () => null)).toBeNull()
    expect((await pool.query('SELECT count(*)::int AS n FROM runs')).rows[0].n).toBe(0)
  })

  it('a run whose job failed for good is noticed as abandoned, and the next start starts afresh', async () => {
    const first = await start('backup')
    // Its job failed for good (as after its retries, or the crash limit): nothing will end the run.
    await pool.query(`UPDATE payload_jobs SET has_error = true WHERE input->>'runId' = $1`, [first!.run.id])
    const read = await admin.json<Run>('GET', `/api/runs/${first!.run.id}`)
    expect(read.body).toMatchObject({ id: first!.run.id, status: 'failed', error: ABANDONED_REASON })
    const next = await start('backup')
    expect(next).toMatchObject({ joined: false })
    expect(next!.run.id).not.toBe(first!.run.id)
  })

  it('a run whose job is still queued or being retried is not abandoned (a dead worker\'s job is claimed again)', async () => {
    const first = await start('restore')
    // As a killed worker leaves it: claimed, never ended, untouched for long.
    await pool.query(`UPDATE payload_jobs SET processing = true, updated_at = now() - interval '1 hour' WHERE input->>'runId' = $1`, [first!.run.id])
    expect((await admin.json<Run>('GET', `/api/runs/${first!.run.id}`)).body.status).toBe('running')
    expect(await start('restore')).toMatchObject({ joined: true, run: { id: first!.run.id } })
    // The job removed (deleted by hand): the run is given up.
    await pool.query(`DELETE FROM payload_jobs WHERE input->>'runId' = $1`, [first!.run.id])
    expect(await start('restore')).toMatchObject({ joined: false })
    expect(await findRun(pool, first!.run.id)).toMatchObject({ status: 'failed', errorStatus: 500 })
  })
})

describe('progress and the end', () => {
  it('shows progress as it is recorded, the answer once done, and never rewrites a finished run', async () => {
    const { run } = (await start('duplicates'))!
    await recordProgress(pool, run.id, { done: 0, total: 40 })
    await recordProgress(pool, run.id, { done: 25 })
    expect((await admin.json<Run>('GET', `/api/runs/${run.id}`)).body).toMatchObject({ status: 'running', done: 25, total: 40, result: null })
    expect(await finishRun(pool, run.id, { duplicateGroups: 3 })).toBe(true)
    // A late write (a job re-run after its worker died) changes nothing.
    await recordProgress(pool, run.id, { done: 1, total: 99 })
    expect(await finishRun(pool, run.id, { duplicateGroups: 7 })).toBe(false)
    await failRun(pool, run.id, 'too late')
    const read = await admin.json<Run>('GET', `/api/runs/${run.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: run.id, kind: 'duplicates', status: 'done', done: 40, total: 40, error: null, result: { duplicateGroups: 3 } })
    expect(read.body.finishedAt).not.toBeNull()
    expect(read.body).not.toHaveProperty('detail')
    // A finished run does not hold the next one back.
    expect(await start('duplicates')).toMatchObject({ joined: false })
  })

  it('a failed run answers its reason; a backup run shows its step while it runs', async () => {
    const { run } = (await startOrJoinRun(pool, { kind: 'backup', propertyId: property, step: 'queued', queue: queueOneJob }))!
    expect((await admin.json<Run>('GET', `/api/runs/${run.id}`)).body.step).toBe('queued')
    await recordProgress(pool, run.id, { step: 'objects' })
    expect((await admin.json<Run>('GET', `/api/runs/${run.id}`)).body.step).toBe('objects')
    await failRun(pool, run.id, 'The store is unavailable.', 503)
    expect((await admin.json<Run>('GET', `/api/runs/${run.id}`)).body).toMatchObject({ status: 'failed', error: 'The store is unavailable.', step: null })
    expect(await findRun(pool, run.id)).toMatchObject({ errorStatus: 503 })
  })

  it('an analysis run counts each photo once, whoever records it, and ends with the last one', async () => {
    const photos = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    const { run } = (await start('analysis', async (client, runId) => {
      await client.query(`INSERT INTO gallery_analysis_run_items (run_id, media_id) SELECT $1, unnest($2::uuid[])`, [runId, photos])
      await queueOneJob(client, runId)
      return photos.length
    }))!
    expect(run.total).toBe(3)
    const record = (mediaId: string, state: string) =>
      pool.query(`UPDATE gallery_analysis_run_items SET state = $3 WHERE run_id = $1 AND media_id = $2`, [run.id, mediaId, state])
    await record(photos[0], 'analyzed')
    // A job run twice (its worker died after recording) records the same outcome again.
    await record(photos[0], 'analyzed')
    expect(await findRun(pool, run.id)).toMatchObject({ status: 'running', done: 1, total: 3 })
    // The crash limit gives a photo up by writing its item (src/server/jobs/crash-limit.ts).
    await record(photos[1], 'skipped')
    await record(photos[2], 'analyzed')
    expect(await findRun(pool, run.id)).toMatchObject({ status: 'done', done: 3, total: 3, result: { analyzed: 2, skipped: 1 } })
  })
})

describe('the bounded wait', () => {
  it('answers the run as it ended when it ends within the wait, and the run still going when the wait is over', async () => {
    const { run } = (await start('backup'))!
    expect(await waitForRun(pool, run.id, { waitMs: 0 })).toMatchObject({ id: run.id, status: 'running' })
    const waiting = waitForRun(pool, run.id)
    await finishRun(pool, run.id, { backupFile: 'backup-x.json.gz' })
    expect(await waiting).toMatchObject({ status: 'done', result: { backupFile: 'backup-x.json.gz' } })
    expect(await waitForRun(pool, UNKNOWN_ID)).toBeNull()
  })
})

describe('the one answer of a run still going', () => {
  it('every start answers 202 { runId, status, statusUrl } with Location, and GET statusUrl is its run', async () => {
    // (An export packs photos whose bytes are stored: the record names its object.)
    await createMedia(payload, { originalFilename: 'one-answer.jpg', storageKey: 'originals/one-answer.jpg' })
    // Nothing runs the jobs here, and nobody waits: each run is still going when its start answers.
    runWait.ms = 0
    try {
      const starts: Array<[RunKind, string, Record<string, unknown> | undefined, Record<string, unknown>]> = [
        ['analysis', '/api/media-files/analyze-all', undefined, { analyzed: 0, skipped: 0, pending: 1 }],
        ['duplicates', '/api/duplicates/scan', undefined, { processed: 0, progress: 0 }],
        ['backup', '/api/backup/create', undefined, { operation: 'create', step: 'queued' }],
        ['export', '/api/exports', { channel: 'airbnb' }, {}],
      ]
      for (const [kind, path, body, progress] of starts) {
        const answer = await admin.json<{ runId: string; statusUrl: string }>('POST', path, body ? { body } : {})
        expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(202)
        expect(answer.body, path).toEqual({
          ...progress,
          ...(kind === 'duplicates' ? { total: expect.any(Number) } : {}),
          runId: expect.any(String),
          status: 'running',
          statusUrl: `/api/runs/${answer.body.runId}`,
        })
        expect(answer.headers.get('location'), path).toBe(answer.body.statusUrl)
        expect(answer.headers.get('cache-control'), path).toBe('no-store')
        const run = await admin.json<Run>('GET', answer.body.statusUrl)
        expect(run.body, path).toMatchObject({ id: answer.body.runId, kind, status: 'running', result: null })
      }
    } finally {
      runWait.ms = RUN_WAIT_MS
      await pool.query(`DELETE FROM payload_jobs WHERE input ? 'runId'`)
    }
  })
})

describe('GET /api/runs and /api/runs/{id}', () => {
  it('lists the latest runs of a kind, newest first, each with its id and kind, as many as asked', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const { run } = (await start('duplicates'))!
      await finishRun(pool, run.id, { duplicateGroups: i })
      ids.push(run.id)
    }
    await start('backup')
    const all = await admin.json<Run[]>('GET', '/api/runs?kind=duplicates&limit=10')
    expect(all.status).toBe(200)
    expect(all.body.map((run) => run.id)).toEqual([...ids].reverse())
    expect(all.body.every((run) => run.kind === 'duplicates')).toBe(true)
    const latest = await admin.json<Run[]>('GET', '/api/runs?kind=duplicates&limit=1')
    expect(latest.body).toEqual([expect.objectContaining({ id: ids[2], kind: 'duplicates', status: 'done', result: { duplicateGroups: 2 } })])
    expect((await admin.json<Run[]>('GET', '/api/runs?kind=restore')).body).toEqual([])
  })

  it('401 to anonymous callers, 400 to a malformed query or id, 404 to an unknown run', async () => {
    const { run } = (await start('backup'))!
    expect((await visitor.json('GET', `/api/runs/${run.id}`)).status).toBe(401)
    expect((await visitor.json('GET', '/api/runs?kind=backup')).status).toBe(401)
    for (const query of ['', '?kind=upload', '?kind=backup&limit=0', '?kind=backup&limit=51', '?kind=backup&limit=two', '?kind=backup&role=admin']) {
      const refused = await admin.json<{ message: string }>('GET', `/api/runs${query}`)
      expect(refused.status, query).toBe(400)
      expect(refused.body.message).toBeTruthy()
    }
    expect((await admin.json('GET', '/api/runs/not-a-run')).status).toBe(400)
    const unknown = await admin.json<{ message: string }>('GET', `/api/runs/${UNKNOWN_ID}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toMatch(/no such run/)
  })

  it('Payload\'s own REST writes on runs are refused: only the service writes runs', async () => {
    const { run } = (await start('backup'))!
    expect((await admin.json('POST', '/api/runs', { body: { kind: 'backup' } })).status).toBe(403)
    expect((await admin.json('PATCH', `/api/runs/${run.id}`, { body: { status: 'done' } })).status).toBe(403)
    expect((await admin.json('DELETE', `/api/runs/${run.id}`)).status).toBe(403)
    expect(await findRun(pool, run.id)).toMatchObject({ status: 'running' })
  })
})
