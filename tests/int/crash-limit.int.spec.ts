// A job that kills its worker is not claimed for ever (src/server/jobs/crash-limit.ts): a real
// `npm run worker` process SIGKILLs itself whenever one photo's ingest reaches its results (as
// a decoder crash or the OOM killer on one hostile file would), and fresh worker processes are
// started after each death. The job's lost claims are counted; once it has lost
// MAX_LOST_CLAIMS, the next claimer fails it with the reason instead of running it, the photo
// shows that reason, and the photos queued behind it (some of them killed with it) end ready.
// The other tasks' reasons are checked in this process: their jobs are left as a crash leaves
// them, with lost claims, and an in-process worker gives them up.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../../src/server/analysis/analysis-task'
import { startRun } from '../../src/server/backup/runs'
import { BACKUP_QUEUE } from '../../src/server/backup/schedule'
import { poolOf } from '../../src/server/db/pool'
import { startScan } from '../../src/server/duplicates/scan'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { Session, signedInAdmin } from '../helpers/api'
import { type Child, spawnChild, stopGently } from '../helpers/child-process'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { defaultPropertyId, defaultPropertyScope } from '../../src/server/properties/default-property'

const WORKER = 'tests/helpers/worker-child.ts'
const STALE_AFTER_MS = 6000
/** The product's limit (MAX_LOST_CLAIMS), as docs/architecture.md §7 states it. */
const CRASH_LIMIT = 3
const workerEnv = {
  ...process.env,
  JOBS_STALE_AFTER_MS: String(STALE_AFTER_MS),
  JOBS_FALLBACK_POLL_MS: '1000',
  ANALYZE_ON_UPLOAD: 'false',
}

let payload: Payload
let admin: Session
const children: Child[] = []

const sql = <T = any>(text: string, params: unknown[] = []) => poolOf(payload).query<T & Record<string, any>>(text, params)
const poll = <T>(read: () => Promise<T>, timeout = 180_000) => expect.poll(read, { timeout, interval: 500 })

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  process.env.ANALYZE_ON_UPLOAD = 'false'
}, 120_000)

afterAll(async () => {
  delete process.env.ANALYZE_ON_UPLOAD
  await Promise.all(children.map((child) => stopGently(child, 5000)))
})

async function upload(seed: number, filename: string) {
  const created = await uploadFile(admin, await makePhoto({ width: 800, height: 600, seed }), { filename, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  return String(created.body.id)
}

const ingestJob = async (mediaId: string) =>
  (
    await sql(
      `SELECT id::text AS id, processing, has_error, lost_claims, error FROM payload_jobs
        WHERE task_slug = 'ingestMedia' AND input->>'mediaId' = $1`,
      [mediaId],
    )
  ).rows

describe('a job that kills its worker every time', () => {
  it('is claimed again until it has lost 3 claims, then failed with its reason, and the queue behind it proceeds', async () => {
    await sql('DELETE FROM payload_jobs')
    const hostile = await upload(1, 'hostile.jpg')
    const behind: string[] = []
    for (let seed = 2; seed <= 5; seed++) behind.push(await upload(seed, `behind-${seed}.jpg`))
    // (Uploads queue an upload backup: not this test's work.)
    await sql(`DELETE FROM payload_jobs WHERE queue = $1`, [BACKUP_QUEUE])
    const [hostileJob] = await ingestJob(hostile)
    expect(hostileJob).toMatchObject({ processing: false, lost_claims: 0 })

    const env = { ...workerEnv, WORKER_CRASH_AT: `ingest:before-results@${hostile}` }
    // Each worker dies on the photo; the next one claims its job again once it is stale.
    for (let death = 1; death <= CRASH_LIMIT; death++) {
      const worker = spawnChild(WORKER, [], env)
      children.push(worker)
      const { signal } = await worker.exited
      expect(signal, worker.output().slice(-3000)).toBe('SIGKILL')
      expect(worker.output()).toContain(`CRASHING at ingest:before-results for ${hostile}`)
      const [job] = await ingestJob(hostile)
      // The same row, claimed again each time: the claim that died is counted by the next claim.
      expect(job).toMatchObject({ id: hostileJob.id, processing: true, has_error: false, lost_claims: death - 1 })
      expect((await sql(`SELECT status FROM media WHERE id = $1`, [hostile])).rows[0].status).toBe('processing')
    }

    // The next worker gives the job up instead of running it (it would die again), and
    // processes the queue behind it.
    const last = spawnChild(WORKER, [], env)
    children.push(last)
    try {
      await poll(async () => (await sql(`SELECT status FROM media WHERE id = $1`, [hostile])).rows[0].status).toBe('failed')
      await poll(
        async () => (await sql(`SELECT status FROM media WHERE id = ANY($1) ORDER BY created_at`, [behind])).rows.map((row) => row.status),
        240_000,
      ).toEqual(['ready', 'ready', 'ready', 'ready'])
      await poll(async () => (await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = 'default' AND NOT has_error`)).rows[0].n).toBe(0)
    } finally {
      await stopGently(last)
    }
    expect(last.output()).not.toContain('CRASHING')
    expect(last.process.signalCode).not.toBe('SIGKILL')

    const reason =
      'Processing this file stopped its worker process 3 times (a crash or running out of memory) and was given up; the file may be damaged or too demanding. Upload it again, or another file.'
    const [failedJob] = await ingestJob(hostile)
    expect(failedJob).toMatchObject({ id: hostileJob.id, processing: false, has_error: true, lost_claims: 3 })
    expect(failedJob.error).toEqual({ name: 'CrashLimit', message: reason })
    // The manager sees why on the card (the admin's list answer carries it).
    const list = await admin.json<{ docs?: any[] } | any[]>('GET', '/api/media-files')
    const docs = Array.isArray(list.body) ? list.body : (list.body.docs ?? [])
    const card = docs.find((doc: any) => String(doc.id) === hostile)
    expect(card).toMatchObject({ status: 'failed', processingError: reason })
    // Nothing behind it was blamed: none of their jobs failed.
    for (const id of behind) expect(await ingestJob(id)).toEqual([])
    // The stranded-media sweep leaves a failed record alone (it does not queue it again).
    expect((await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE input->>'mediaId' = $1 AND NOT has_error`, [hostile])).rows[0].n).toBe(0)
  }, 900_000)

  it('gives up an analysis, a duplicate scan and a backup run the same way, recording why on each', async () => {
    await sql('DELETE FROM payload_jobs')
    const photo = await upload(9, 'to-analyse.jpg')
    await runJobs(payload)
    await sql('DELETE FROM payload_jobs')
    await payload.jobs.queue({ task: ANALYZE_TASK, queue: ANALYSIS_QUEUE, input: { mediaId: photo } as never })
    const { scan } = await startScan(payload, { propertyId: await defaultPropertyId(payload) })
    const { run } = await startRun(poolOf(payload), 'create', undefined, { scope: await defaultPropertyScope(payload) })
    // As three deaths of their workers leave them: marked running, untouched for long, with
    // two lost claims counted (the third is counted by the claim that gives them up).
    const marked = await sql(
      `UPDATE payload_jobs SET processing = true, lost_claims = $1, updated_at = now() - interval '1 hour' RETURNING id`,
      [CRASH_LIMIT - 1],
    )
    expect(marked.rowCount).toBe(3)

    const stop = startJobsWorker(payload, 1, { sweep: false, analysisSlots: 1 })
    try {
      await poll(async () => (await sql(`SELECT count(*)::int AS n FROM payload_jobs WHERE has_error`)).rows[0].n, 60_000).toBe(3)
    } finally {
      await stop()
    }
    const why = (what: string) =>
      `${what} stopped its worker process 3 times (a crash or running out of memory) and was given up; the file may be damaged or too demanding. Upload it again, or another file.`
    const media = (await sql(`SELECT status, is_analyzed, analysis_error FROM media WHERE id = $1`, [photo])).rows[0]
    expect(media).toMatchObject({ status: 'ready', analysis_error: why('Analysing this photo') })
    expect(media.is_analyzed).not.toBe(true)
    expect((await sql(`SELECT status, error FROM runs WHERE id = $1`, [scan.runId])).rows[0]).toEqual({
      status: 'failed',
      error: why('The duplicate scan'),
    })
    expect((await sql(`SELECT status, error FROM runs WHERE id = $1`, [run.id])).rows[0]).toEqual({
      status: 'failed',
      error: why('This backup run'),
    })
    expect((await sql(`SELECT processing, lost_claims FROM payload_jobs ORDER BY created_at`)).rows).toEqual([
      { processing: false, lost_claims: 3 },
      { processing: false, lost_claims: 3 },
      { processing: false, lost_claims: 3 },
    ])
  }, 300_000)
})
