// Outages at production shape: an app instance (JOBS_WORKER=off) and a worker, each in a
// process of its own with its own Payload, on a PostgreSQL and a store of this suite's own
// that the test stops and starts again at the same address (tests/helpers/outage-services.ts).
//   - PostgreSQL stopped under traffic: every answer is a 503 with the message (JSON for the
//     API, a page for a person), never a 500; no process dies; a job cut off half-way is
//     finished after; once PostgreSQL is back every kind of request answers again.
//   - The store stopped: delivery and the store-touching upload calls answer 503 with the
//     message within a bounded time; no record is made for a file that could not be checked;
//     an ingest that meets the outage waits (the photo stays processing, never failed) and
//     finishes once the store is back.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNAVAILABLE_MESSAGES } from '../../src/server/http/unavailable'
import { startAppInstance, type AppInstance } from '../helpers/app-instance'
import { HttpClient, managerClient } from '../helpers/http-client'
import { makePhoto } from '../helpers/media-fixtures'
import { registerUpload, storeUpload, uploadThroughHost, waitFor } from '../helpers/instances'
import { servicesUnderTest, type ServicesUnderTest } from '../helpers/outage-services'

const DATABASE_DOWN = 'The gallery cannot reach its database right now. Please try again in a moment.'
const STORE_DOWN = 'The gallery cannot reach its file storage right now. Please try again in a moment.'
/**
 * The first wait of an ingest put off by an outage (INGEST_OUTAGE_RETRY_MS, 10 s in production):
 * a few seconds here, so the suite sees the doubling without waiting minutes for it.
 */
const OUTAGE_RETRY_MS = 3_000
/** How long the store stays down while the suite counts an ingest's tries: four first waits. */
const OUTAGE_WINDOW_MS = 4 * OUTAGE_RETRY_MS

let dataDir: string
let services: ServicesUnderTest
let env: Record<string, string>
let app: AppInstance
let worker: AppInstance
let manager: HttpClient
let db: pg.Pool

/** A status and, for JSON, its message: what a client of the answer sees. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  let message: string | undefined
  try {
    message = JSON.parse(text).message
  } catch {
    message = undefined
  }
  return { status: response.status, type: response.headers.get('content-type') ?? '', text, message, retryAfter: response.headers.get('retry-after') }
}

const mediaStatus = async (id: string) =>
  (await db.query<{ status: string }>('SELECT status FROM media WHERE id = $1', [id])).rows[0]?.status

/** The manager's view of one media file (its `objectPath` is its delivery address). */
async function fileOf(id: string) {
  const list = await manager.call('GET', '/api/media-files')
  return (list.body as Array<{ id: string; objectPath: string }>).find((file) => file.id === id)!
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-outages-'))
  await fs.chmod(dataDir, 0o755)
  services = await servicesUnderTest(dataDir)
  env = {
    ...services.env,
    PAYLOAD_SECRET: 'outage-suite-secret-with-enough-length',
    PORT: '3000',
    ANALYZE_ON_UPLOAD: 'off',
    INGEST_OUTAGE_RETRY_MS: String(OUTAGE_RETRY_MS),
  }
  // The worker holds its second ingest half-way (HOLD_INGEST_AT), for the database outage.
  ;[app, worker] = await Promise.all([
    startAppInstance({ ...env, JOBS_WORKER: 'off' }, 'app'),
    startAppInstance({ ...env, HOLD_INGEST_AT: '2' }, 'worker'),
  ])
  db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 })
  db.on('error', () => undefined)
  manager = await managerClient(app.url)
}, 180_000)

afterAll(async () => {
  await worker?.close()
  await app?.close()
  await db?.end().catch(() => undefined)
  await services?.close()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
}, 120_000)

describe('PostgreSQL stopped and started under traffic', () => {
  it('answers 503 with the message while it is down, finishes the job it cut off, and recovers', async () => {
    const ready = await uploadThroughHost(manager, 'Before the outage.jpg', await makePhoto({ width: 640, height: 480, seed: 3 }))
    await waitFor('the first photo to be processed', async () => (await mediaStatus(ready)) === 'ready' || undefined)
    const readyFile = await fileOf(ready)
    // A second upload: its ingest is held half-way (renditions stored, results not written).
    const cutOff = await uploadThroughHost(manager, 'During the outage.jpg', await makePhoto({ width: 640, height: 480, seed: 4 }))
    await worker.waitForLine(/HELD ingest:before-results/)

    // Traffic all through the outage: visitors' reads, pages, objects and the manager's reads.
    const requests: Array<[string, Record<string, string>]> = [
      [`${app.url}/api/sections`, {}],
      [`${app.url}/api/media-files`, {}],
      [`${app.url}/api/media-files/stats`, {}],
      [`${app.url}/gallery`, { accept: 'text/html' }],
      [`${app.url}${readyFile.objectPath}`, {}],
      [`${app.url}/api/media-files`, { cookie: manager.cookie!, origin: 'http://localhost:3000' }],
      [`${app.url}/api/media?limit=5`, { cookie: manager.cookie!, origin: 'http://localhost:3000' }],
    ]
    const seen: Array<{ url: string; status: number }> = []
    let traffic = true
    const loop = (async () => {
      while (traffic) {
        for (const [url, headers] of requests) {
          const answer = await get(url, headers).catch((error: Error) => ({ status: -1, text: error.message }))
          seen.push({ url, status: answer.status })
        }
      }
    })()

    await services.stop('postgres')
    worker.send('release')
    for (const [url, headers] of requests) {
      const answer = await get(url, headers)
      expect(answer.status, url).toBe(503)
      expect(answer.retryAfter).toBe('5')
      if (url.endsWith('/gallery')) {
        expect(answer.type).toContain('text/html')
        expect(answer.text).toContain('Temporarily Unavailable')
        expect(answer.text).toContain(DATABASE_DOWN)
      } else if (url.includes('/api/media?')) {
        // Payload's own REST route, through its afterError hook.
        expect(answer.message).toBe(DATABASE_DOWN)
      } else expect(answer.message, url).toBe(DATABASE_DOWN)
    }
    // A write while it is down changes nothing and says why.
    const write = await manager.call('PUT', `/api/media-files/${ready}/metadata`, { json: { notes: 'while down' } })
    expect(write.status).toBe(503)
    expect(write.body.message).toBe(DATABASE_DOWN)
    // The manager is still signed in: a call that needs the session says the database is down, not 401.
    const grant = await manager.call('POST', '/api/objects/upload', { json: { filename: 'x.jpg', contentType: 'image/jpeg' } })
    expect(grant.status).toBe(503)
    expect(grant.body.message).toBe(DATABASE_DOWN)
    // Payload's "who am I" (the admin asks it on every screen): the same 503, not `{ user: null }`.
    const me = await manager.call('GET', '/api/users/me')
    expect(me.status).toBe(503)
    expect(me.body.message).toBe(DATABASE_DOWN)
    expect(me.body.user).toBeUndefined()
    // The health check names what is down, for the load balancer.
    const sick = await get(`${app.url}/api/health`)
    expect(sick.status).toBe(503)
    expect(JSON.parse(sick.text)).toEqual({ database: 'unavailable', store: 'ok' })

    // Without a session there is nobody to look up: still "nobody", as before the outage.
    const anonymousMe = await get(`${app.url}/api/users/me`)
    expect(anonymousMe.status).toBe(200)
    expect(JSON.parse(anonymousMe.text).user).toBeNull()

    await services.start('postgres')
    await waitFor('the read API to answer again', async () => (await get(`${app.url}/api/sections`)).status === 200 || undefined)
    traffic = false
    await loop
    // Under traffic: only answers, and only 200, 304 or 503; never a 500, never a dropped connection.
    expect(seen.filter(({ status }) => ![200, 304, 503].includes(status))).toEqual([])
    expect(seen.some(({ status }) => status === 503)).toBe(true)

    // Everything answers again: the pools reconnected, the caches are served.
    for (const [url, headers] of requests) expect((await get(url, headers)).status, url).toBe(200)
    const healthy = await get(`${app.url}/api/health`)
    expect(healthy.status).toBe(200)
    expect(JSON.parse(healthy.text)).toEqual({ database: 'ok', store: 'ok' })
    const meAgain = await manager.call('GET', '/api/users/me')
    expect(meAgain.status).toBe(200)
    expect(meAgain.body.user.username).toBeTruthy()
    const notes = await manager.call('PUT', `/api/media-files/${ready}/metadata`, { json: { notes: 'after the outage' } })
    expect(notes.status).toBe(200)
    expect(notes.body.notes).toBe('after the outage')

    // The job the outage cut off is finished, with nobody's help.
    await waitFor('the cut-off photo to be processed', async () => (await mediaStatus(cutOff)) === 'ready' || undefined, 90_000)
    // …and no job is left behind for it (the finished one removes itself).
    await waitFor('the cut-off photo’s jobs to be gone', async () => {
      const jobs = await db.query(`SELECT id FROM payload_jobs WHERE input->>'mediaId' = $1`, [cutOff])
      return jobs.rows.length === 0 || undefined
    })
    const visible = await get(`${app.url}/api/media-files`)
    expect(JSON.parse(visible.text).map((file: { id: string }) => file.id).sort()).toEqual([ready, cutOff].sort())
    // No process died.
    expect(app.exited()).toBe(false)
    expect(worker.exited()).toBe(false)
  }, 240_000)
})

describe('the object store down', () => {
  it('fails uploads and delivery with the message, records nothing half-way, and catches up after', async () => {
    const shown = await uploadThroughHost(manager, 'Shown.jpg', await makePhoto({ width: 640, height: 480, seed: 5 }))
    const pending = await uploadThroughHost(manager, 'Waiting.jpg', await makePhoto({ width: 640, height: 480, seed: 6 }))
    // Stored but not yet registered when the store goes down.
    const bytes = await makePhoto({ width: 640, height: 480, seed: 7 })
    const unregistered = await storeUpload(manager, 'Unregistered.jpg', bytes)
    const before = (await db.query('SELECT count(*)::int AS n FROM media')).rows[0].n
    await waitFor('the photos to be processed', async () =>
      (await mediaStatus(shown)) === 'ready' && (await mediaStatus(pending)) === 'ready' ? true : undefined,
    )
    const file = await fileOf(shown)

    await services.stop('store')

    // Delivery: the original and a rendition nobody asked for yet (so not in the memory cache).
    for (const url of [`${app.url}${file.objectPath}`, `${app.url}${file.objectPath}/w400.webp`]) {
      const answer = await get(url)
      expect(answer.status, url).toBe(503)
      expect(answer.message).toBe(STORE_DOWN)
    }
    // Registering a stored file needs the store to check it: 503, and no record is made.
    const register = await registerUpload(manager, unregistered, 'Unregistered.jpg', bytes.length)
    expect(register.status).toBe(503)
    expect(register.body.message).toBe(STORE_DOWN)
    expect((await db.query('SELECT count(*)::int AS n FROM media')).rows[0].n).toBe(before)
    // A multipart upload is created in the store: 503.
    const multipart = await manager.call('POST', '/api/s3/multipart', {
      json: { filename: 'Big.mp4', type: 'video/mp4', metadata: { size: 200 * 1024 * 1024 } },
    })
    expect(multipart.status).toBe(503)
    expect(multipart.body.message).toBe(STORE_DOWN)
    // The visitors' reads need only the database: they still answer.
    expect((await get(`${app.url}/api/sections`)).status).toBe(200)
    const storeDown = await get(`${app.url}/api/health`)
    expect(storeDown.status).toBe(503)
    expect(JSON.parse(storeDown.text)).toEqual({ database: 'ok', store: 'unavailable' })

    // An ingest that meets the outage waits instead of failing: a photo registered while the
    // store is up for a moment and the worker stands still, then processed while it is down.
    await services.start('store')
    worker.pause()
    const late = await uploadThroughHost(manager, 'Late.jpg', await makePhoto({ width: 640, height: 480, seed: 8 }))
    await services.stop('store')
    worker.resume()
    await waitFor('the ingest to put itself off', async () => {
      const { rows } = await db.query<{ later: boolean }>(
        `SELECT wait_until > now() AS later FROM payload_jobs WHERE input->>'mediaId' = $1 AND completed_at IS NULL`,
        [late],
      )
      return rows.length === 1 && rows[0].later ? true : undefined
    })
    expect(await mediaStatus(late)).not.toBe('failed')
    // No spinning while the store stays down: each re-run waits twice as long as the one before
    // (3 s, 6 s, 12 s, … here; 10 s, 20 s, 40 s, … in production), so within OUTAGE_WINDOW_MS of
    // the first try there are at most 3 tries (a fixed 3 s would make 5, re-queueing at once hundreds).
    const tries = () => worker.log.filter((line) => line.includes(`Processing of ${late} waits for the store`)).length
    expect(tries()).toBeGreaterThanOrEqual(1)
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_WINDOW_MS))
    expect(tries()).toBeGreaterThanOrEqual(2)
    expect(tries()).toBeLessThanOrEqual(3)
    expect(await mediaStatus(late)).toBe('processing')

    await services.start('store')
    await waitFor('the late photo to be processed', async () => (await mediaStatus(late)) === 'ready' || undefined, 120_000)
    const again = await get(`${app.url}${file.objectPath}/w400.webp`)
    expect(again.status).toBe(200)
    expect(again.type).toBe('image/webp')
    const registered = await registerUpload(manager, unregistered, 'Unregistered.jpg', bytes.length)
    expect(registered.status).toBe(201)
    expect(app.exited()).toBe(false)
    expect(worker.exited()).toBe(false)
  }, 360_000)
})

// The messages the suite expects are the product's.
it('names the outage messages as the product does', () => {
  expect(UNAVAILABLE_MESSAGES).toEqual({ database: DATABASE_DOWN, store: STORE_DOWN })
})
