// A power cut during an upload batch (issue 17, crashes): the real launcher (`npm start`) on
// its own data directory and port, a batch of photos uploaded through the API, then every
// process of the app killed at once (launcher, server, the embedded services process and
// PostgreSQL's processes: frozen, then SIGKILL, so nothing shuts down cleanly). Started again
// on the same data directory, the app must come back by itself (PostgreSQL's stale lock file
// and crash recovery, the store's files) and every photo whose record was created must end
// processed and served: none left pending or processing.
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test'
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../src/host/embedded/free-port'
import { PASSWORD } from '../helpers/e2e-admin'
import { uploadThroughApi } from '../helpers/e2e-seed'
import { makePhoto } from '../helpers/media-fixtures'
import { cutPower, isGone } from '../helpers/process-tree'
import { entryNodeArgs } from '../../src/host/entries'

const BATCH = 12
/** Records created before the power goes: the rest of the batch is still uploading then. */
const CREATED_BEFORE_CUT = 8

type MediaRow = { id: string; originalFilename: string; status: string; filename: string; variantWidths?: number[] }

let dataDir: string
let port: number
let app: ChildProcess | null = null
let output = ''

function startApp(extraEnv: Record<string, string> = {}) {
  output = ''
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'PAYLOAD_SECRET', 'SERVER_URL']) {
    delete env[name]
  }
  Object.assign(env, {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: '1',
    ANALYZE_ON_UPLOAD: 'false',
    // A job the cut left marked running is claimed again after this, not after two minutes.
    JOBS_STALE_AFTER_MS: '6000',
    ...extraEnv,
  })
  // What `npm start` runs (the production build), in its own process group, like a service manager would start it.
  app = spawn(process.execPath, [...entryNodeArgs('launch', { compiled: true }), 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  app.stdout!.on('data', (chunk) => (output += chunk))
  app.stderr!.on('data', (chunk) => (output += chunk))
}

async function waitUntilServing(api: APIRequestContext) {
  await expect
    .poll(
      async () => {
        if (app && app.exitCode !== null) throw new Error(`The app exited (${app.exitCode}):\n${output.slice(-4000)}`)
        return (await api.get('/api/sections').catch(() => null))?.status() ?? 0
      },
      { timeout: 240_000, intervals: [500] },
    )
    .toBe(200)
}

async function stopApp() {
  if (!app || app.exitCode !== null || app.signalCode !== null) return
  const exited = new Promise((resolve) => app!.once('exit', resolve))
  app.kill('SIGINT')
  const timer = setTimeout(() => app?.kill('SIGKILL'), 60_000)
  await exited
  clearTimeout(timer)
}

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-power-cut-'))
  await fs.chmod(dataDir, 0o755)
  port = await freePort()
})

test.afterAll(async () => {
  await test.info().attach('app output after the restart', { body: output, contentType: 'text/plain' })
  await stopApp()
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 })
})

test('a power cut during an upload batch: the app comes back by itself and every uploaded photo ends processed', async () => {
  test.setTimeout(600_000)
  const base = `http://127.0.0.1:${port}`
  // Phase times are printed for the record (the lead's CI budget), never asserted.
  const started = Date.now()
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
  const headers = { origin: base }
  let api = await playwrightRequest.newContext({ baseURL: base })
  startApp()
  // The batch, made while the app starts: camera-like photos (four renditions each).
  const files = []
  for (let index = 0; index < BATCH; index++) {
    files.push({
      name: `terrace-${String(index + 1).padStart(2, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await makePhoto({ width: 1800, height: 1200, seed: index + 1 }),
    })
  }
  await waitUntilServing(api)
  console.log(`power cut: app serving after ${elapsed()}`)
  expect((await api.post('/api/register', { headers, data: { username: 'manager', password: PASSWORD } })).status()).toBe(201)

  // Uploaded four at a time, as the uploader does.
  const created: string[] = []
  let cut = false
  let enough: () => void
  const enoughCreated = new Promise<void>((resolve) => (enough = resolve))
  const queue = [...files]
  const uploader = async () => {
    for (let file = queue.shift(); file && !cut; file = queue.shift()) {
      try {
        created.push(await uploadThroughApi(api, base, file))
        if (created.length >= CREATED_BEFORE_CUT) enough()
      } catch (error) {
        if (!cut) throw error // Cut off mid-upload: this file was never stored.
      }
    }
  }
  const uploading = Promise.all(Array.from({ length: 4 }, uploader))
  await Promise.race([enoughCreated, uploading])
  expect(created.length).toBeGreaterThanOrEqual(CREATED_BEFORE_CUT)

  // The batch is still being processed when the power goes (the last record was just made).
  const atCut = (await (await api.get('/api/media-files', { headers })).json()) as MediaRow[]
  expect(atCut.filter((media) => media.status !== 'ready').length).toBeGreaterThan(0)
  cut = true
  test.info().annotations.push({
    type: 'at the cut',
    description: `${created.length} records made; ${atCut.filter((media) => media.status !== 'ready').length} not processed yet`,
  })
  console.log(`power cut: ${created.length} records made, cut after ${elapsed()}`)
  const killed = cutPower(app!.pid!)
  expect(killed.length).toBeGreaterThanOrEqual(4) // launcher, server, services, PostgreSQL at least
  await expect.poll(() => killed.filter((pid) => !isGone(pid)).length, { timeout: 30_000 }).toBe(0)
  await uploading
  await api.dispose()
  await test.info().attach('app output before the cut', { body: output, contentType: 'text/plain' })

  // Power back: the same command on the same data directory. PostgreSQL's lock file is still
  // there, naming a dead process; the database's own log shows its crash recovery.
  await fs.access(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'))
  api = await playwrightRequest.newContext({ baseURL: base })
  startApp({ DEBUG_EMBEDDED: '1' })
  await waitUntilServing(api)
  expect(output).toContain('database system was not properly shut down; automatic recovery in progress')
  console.log(`power cut: serving again after ${elapsed()}`)
  expect((await api.post('/api/login', { headers, data: { username: 'manager', password: PASSWORD } })).status()).toBe(200)

  // Every record the batch made (those whose answer was lost in the cut too) ends processed.
  const list = async () => {
    const response = await api.get('/api/media-files', { headers })
    expect(response.status()).toBe(200)
    return (await response.json()) as MediaRow[]
  }
  await expect
    .poll(async () => (await list()).filter((media) => media.status !== 'ready').map((media) => `${media.originalFilename}: ${media.status}`), {
      timeout: 240_000,
      intervals: [500],
    })
    .toEqual([])
  console.log(`power cut: every photo processed after ${elapsed()}`)
  const media = await list()
  expect(media.map((row) => row.id)).toEqual(expect.arrayContaining(created))
  expect(media.length).toBeLessThanOrEqual(BATCH)
  // And served: each one's smallest rendition is in the store and readable.
  for (const row of media) {
    expect(row.variantWidths).toEqual([400, 800, 1600, 1800])
    const rendition = await api.get(`/public-objects/${row.filename}/w400.webp`)
    expect(rendition.status(), row.originalFilename).toBe(200)
    expect((await rendition.body()).subarray(8, 12).toString()).toBe('WEBP')
  }
  await api.dispose()
})
