// Several instances at production shape: two app instances with JOBS_WORKER=off and two
// `npm run worker` processes, each a process of its own with its own Payload (own pool, own
// caches, own module state), sharing one PostgreSQL and one store. The database records who
// claimed and queued each job (a test-only trigger reading each connection's
// application_name), so "each job runs once" and "scheduled work runs once" are checked
// where they happen, not inferred from an end state an idempotent re-run would also reach.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import readline from 'node:readline'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppInstance, type AppInstance } from '../helpers/app-instance'
import { HttpClient, managerClient } from '../helpers/http-client'
import { makePhoto } from '../helpers/media-fixtures'
import { startWorkerProcess, uploadThroughHost, waitFor } from '../helpers/instances'
import { resetDatabase, testPayload } from '../helpers/payload'
import { childEntryArgs } from '../helpers/child-entry'
import { RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'

type Worker = Awaited<ReturnType<typeof startWorkerProcess>>

const ORIGIN = 'http://localhost:3000'
let db: pg.Pool
let env: Record<string, string>
let appA: AppInstance
let appB: AppInstance
const workers: Worker[] = []
let managerOnA: HttpClient

/** The shared database, as one named client: its connections say who they are. */
const urlFor = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!)
  url.searchParams.set('application_name', name)
  return url.toString()
}

const status = async (id: string) => (await db.query<{ status: string }>('SELECT status FROM media WHERE id = $1', [id])).rows[0]?.status

async function events(mediaIds: string[], kind: 'queued' | 'claimed') {
  const { rows } = await db.query<{ job_id: string; media_id: string; who: string }>(
    `SELECT job_id, media_id, who FROM test_job_events WHERE kind = $1 AND task = 'ingestMedia' AND media_id = ANY($2)`,
    [kind, mediaIds],
  )
  return rows
}

async function page(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } })
  const html = await response.text()
  return { status: response.status, render: /data-render="([^"]+)"/.exec(html)?.[1], html }
}

async function anonymousList(base: string, etag?: string) {
  const response = await fetch(`${base}/api/media-files`, { headers: etag ? { 'if-none-match': etag } : {} })
  const body = response.status === 200 ? ((await response.json()) as Array<{ id: string }>) : []
  return { status: response.status, ids: body.map((file) => file.id), etag: response.headers.get('etag') ?? undefined }
}

beforeAll(async () => {
  const payload = await testPayload()
  await resetDatabase(payload)
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
  await db.query(`
    DROP TABLE IF EXISTS test_job_events;
    CREATE TABLE test_job_events (kind text, job_id text, task text, media_id text, who text, at timestamptz DEFAULT clock_timestamp());
    CREATE OR REPLACE FUNCTION test_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_job_events (kind, job_id, task, media_id, who)
      VALUES (CASE WHEN TG_OP = 'INSERT' THEN 'queued' ELSE 'claimed' END, NEW.id::text, NEW.task_slug,
              NEW.input->>'mediaId', current_setting('application_name'));
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_job_queued AFTER INSERT ON payload_jobs FOR EACH ROW EXECUTE FUNCTION test_job_event();
    CREATE TRIGGER test_job_claimed AFTER UPDATE ON payload_jobs FOR EACH ROW
      WHEN (OLD.processing = false AND NEW.processing = true) EXECUTE FUNCTION test_job_event();
  `)
  env = {
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'several-instances-secret-long-enough',
    PORT: '3000',
    ANALYZE_ON_UPLOAD: 'off',
  }
  ;[appA, appB] = await Promise.all([
    startAppInstance({ ...env, JOBS_WORKER: 'off', DATABASE_URL: urlFor('app-a') }, 'app-a'),
    startAppInstance({ ...env, JOBS_WORKER: 'off', DATABASE_URL: urlFor('app-b') }, 'app-b'),
  ])
  managerOnA = await managerClient(appA.url)
}, 240_000)

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()))
  await Promise.all([appA?.close(), appB?.close()])
  await db
    ?.query(
      `DROP TRIGGER IF EXISTS test_job_queued ON payload_jobs; DROP TRIGGER IF EXISTS test_job_claimed ON payload_jobs;
       DROP FUNCTION IF EXISTS test_job_event(); DROP TABLE IF EXISTS test_job_events;`,
    )
    .catch(() => undefined)
  await db?.end()
}, 120_000)

describe('several app instances and workers on one database and store', () => {
  it('a session made on one instance works on the other', async () => {
    const onB = new HttpClient(appB.url)
    onB.cookie = managerOnA.cookie
    const me = await onB.call('GET', '/api/user')
    expect(me.status).toBe(200)
    expect(me.body.username).toBe('manager')
    // And signing out on B ends it on A too (sessions live in the database).
    const second = await managerClient(appB.url)
    const onA = new HttpClient(appA.url)
    onA.cookie = second.cookie
    expect((await onA.call('GET', '/api/user')).status).toBe(200)
    expect((await second.call('POST', '/api/logout')).status).toBe(200)
    expect((await onA.call('GET', '/api/user')).status).toBe(401)
  })

  it('each job runs once, on a worker, and the sweep queues a stranded photo once', async () => {
    // A photo left without a job (its job row deleted) before any worker runs: both workers
    // sweep when they start, at the same time.
    const stranded = await uploadThroughHost(managerOnA, 'Stranded.jpg', await makePhoto({ width: 500, height: 400, seed: 20 }))
    await db.query(`DELETE FROM payload_jobs WHERE input->>'mediaId' = $1`, [stranded])
    await db.query(`DELETE FROM test_job_events WHERE media_id = $1`, [stranded])
    workers.push(
      ...(await Promise.all([
        startWorkerProcess({ ...env, DATABASE_URL: urlFor('worker-1') }, 'worker-1'),
        startWorkerProcess({ ...env, DATABASE_URL: urlFor('worker-2') }, 'worker-2'),
      ])),
    )
    const onB = new HttpClient(appB.url)
    onB.cookie = managerOnA.cookie
    const ids = [stranded]
    for (let i = 0; i < 4; i++) {
      const client = i % 2 ? onB : managerOnA
      ids.push(await uploadThroughHost(client, `Photo ${i}.jpg`, await makePhoto({ width: 500, height: 400, seed: 30 + i })))
    }
    await waitFor('every photo to be processed', async () => {
      const statuses = await Promise.all(ids.map(status))
      return statuses.every((value) => value === 'ready') || undefined
    }, 120_000)

    const queued = await events(ids, 'queued')
    const claimed = await events(ids, 'claimed')
    // One job per photo: the uploads' (queued by the instance that took the upload), and one
    // for the stranded photo from the sweep of one worker only.
    expect(queued.map((event) => event.media_id).sort()).toEqual([...ids].sort())
    expect(queued.find((event) => event.media_id === stranded)!.who).toMatch(/^worker-[12]$/)
    expect(new Set(queued.filter((event) => event.media_id !== stranded).map((event) => event.who))).toEqual(
      new Set(['app-a', 'app-b']),
    )
    // Each job claimed once, only by the workers: the app instances run none.
    expect(claimed.map((event) => event.job_id).sort()).toEqual(queued.map((event) => event.job_id).sort())
    for (const event of claimed) expect(event.who).toMatch(/^worker-[12]$/)
  }, 240_000)

  it('a write through one instance is seen at once by the other’s prepared reads and pages', async () => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM media WHERE status = 'ready' ORDER BY uploaded_at LIMIT 1`)
    const id = rows[0].id
    const filename = (await db.query<{ filename: string }>('SELECT filename FROM media WHERE id = $1', [id])).rows[0].filename
    // The workers' AVIF renditions of the ready photos are written first: they change the list too.
    await waitFor('the AVIF renditions to be made', async () => {
      const { rows: waiting } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = $1`, [RENDITIONS_QUEUE])
      return waiting[0].n === 0 || undefined
    }, 120_000)
    // B's caches are warm: the list (with its ETag), the page.
    const listed = await anonymousList(appB.url)
    expect(listed.ids).toContain(id)
    expect((await anonymousList(appB.url, listed.etag)).status).toBe(304)
    const first = await page(appB.url, '/gallery')
    expect(first.html).toContain(`data-id="${id}"`)
    expect((await fetch(`${appB.url}/public-objects/${encodeURIComponent(filename)}/w400.webp`)).status).toBe(200)

    // Hidden through A; B answers from the new state on its very next request.
    const hide = await managerOnA.call('PUT', `/api/media-files/${id}/section`, { json: { section: 'hidden' } })
    expect(hide.status).toBe(200)
    const afterHide = await anonymousList(appB.url, listed.etag)
    expect(afterHide.status).toBe(200)
    expect(afterHide.ids).not.toContain(id)
    const rerendered = await page(appB.url, '/gallery')
    expect(rerendered.html).not.toContain(`data-id="${id}"`)
    expect((await fetch(`${appB.url}/public-objects/${encodeURIComponent(filename)}/w400.webp`)).status).toBe(404)

    // And back through B, seen by A at once.
    const sections = (await anonymousSections(appA.url)) as Array<{ id: string; name: string }>
    const upstairs = sections.find((section) => section.name === 'Upstairs')!
    const onB = new HttpClient(appB.url)
    onB.cookie = managerOnA.cookie
    const show = await onB.call('PUT', `/api/media-files/${id}/section`, { json: { section: upstairs.id } })
    expect(show.status).toBe(200)
    expect((await anonymousList(appA.url)).ids).toContain(id)
    const counts = (await anonymousSections(appA.url)) as Array<{ id: string; count: number }>
    expect(counts.find((section) => section.id === upstairs.id)!.count).toBe(1)
    expect((await page(appA.url, '/gallery')).html).toContain(`data-id="${id}"`)
    expect((await page(appB.url, '/gallery')).html).toContain(`data-id="${id}"`)
  }, 120_000)

  it('scheduled work runs once across processes trying at the same moment', async () => {
    // Nothing of this period yet: no auto backup queued or started in the last half period.
    await db.query(`DELETE FROM payload_jobs WHERE task_slug = 'backup' AND input->>'kind' = 'auto'`)
    await db.query(`UPDATE backups SET started_at = started_at - interval '1 day' WHERE kind = 'auto'`)
    // Each process connects first and says so; then all are given one moment, just ahead.
    const children = ['sched-1', 'sched-2', 'sched-3'].map((name) => scheduledChild(name))
    for (const child of children) expect(await child.nextLine()).toBe('READY')
    const at = Date.now() + 500
    for (const child of children) child.process.stdin!.end(`${at}\n`)
    const results = await Promise.all(children.map(async (child) => JSON.parse(await child.nextLine()) as { queued: boolean }))
    expect(results.filter((result) => result.queued)).toHaveLength(1)
    const { rows } = await db.query(`SELECT who FROM test_job_events WHERE kind = 'queued' AND task = 'backup' AND who LIKE 'sched-%'`)
    expect(rows).toHaveLength(1)
  }, 120_000)

  it('each worker process runs with two malloc arenas per core, unless its environment names a number', async () => {
    // `npm run worker` starts itself again with the limit (src/host/malloc-arenas.ts): same pid.
    const expected = process.env.MALLOC_ARENA_MAX ?? String(2 * os.availableParallelism())
    expect(workers).toHaveLength(2)
    for (const worker of workers) {
      const environ = (await fs.readFile(`/proc/${worker.pid}/environ`, 'utf8')).split('\0')
      expect(environ).toContain(`MALLOC_ARENA_MAX=${expected}`)
    }
  })

  it('no process died', () => {
    expect(appA.exited()).toBe(false)
    expect(appB.exited()).toBe(false)
    for (const worker of workers) expect(worker.exited()).toBe(false)
  })
})

/** tests/helpers/scheduled-child.ts as the named database client; its output, line by line. */
function scheduledChild(name: string) {
  const child = spawn(process.execPath, childEntryArgs('tests/helpers/scheduled-child.ts'), {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: urlFor(name) },
  })
  const lines: string[] = []
  const waiting: Array<(line: string) => void> = []
  readline.createInterface({ input: child.stdout! }).on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)))
  const failed = new Promise<never>((_, reject) => child.once('exit', (code) => code !== 0 && reject(new Error(`${name} exited ${code}`))))
  failed.catch(() => undefined)
  const nextLine = () =>
    Promise.race([new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiting.push(resolve))), failed])
  return { process: child, nextLine }
}

async function anonymousSections(base: string) {
  return (await fetch(`${base}/api/sections`)).json()
}
