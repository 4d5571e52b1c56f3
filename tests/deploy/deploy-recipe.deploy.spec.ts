// The deploy recipe (docs/deploy.md) on this machine: the production build started as its
// units start it — their ExecStart commands and the environment file's variables, read from the
// recipe itself — as two app instances and one worker on Ceph's S3 gateway and PostgreSQL as a
// server of its own (tests/helpers/real-services.ts). A manager uploads through one instance and reads
// through the other; the worker is killed with SIGKILL in the middle of an ingest, a new one is
// started, and nothing is lost: every photo ends ready once, with its renditions in the store.
// Run by the lane on real services after the build (tests/tools/real-services-lane.ts e2e).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../src/host/embedded/free-port'
import { HttpClient, managerClient } from '../helpers/http-client'
import { makePhoto } from '../helpers/media-fixtures'
import { waitFor } from '../helpers/instances'
import { startRealServices, type RealServices } from '../helpers/real-services'

/** The public address both instances answer for (behind a balancer in production): the test clients' Origin. */
const SERVER_URL = 'http://localhost:3000'
const PHOTOS = 4

type Service = { name: string; child: ChildProcess; log: string[]; exited: Promise<number | null> }

let dir: string
let services: RealServices
let db: pg.Pool
let env: Record<string, string>
const running: Service[] = []

const ROOT = path.resolve(__dirname, '../..')

/** The recipe: each unit's ExecStart command, and the names the environment file sets. */
async function recipe() {
  const text = await fs.readFile(path.join(ROOT, 'docs/deploy.md'), 'utf8')
  const [app, worker] = [...text.matchAll(/^ExecStart=(.+)$/gm)].map((match) => match[1].trim().split(/\s+/))
  const envFile = /```sh\n# \/etc\/property-gallery\.env\n([\s\S]*?)```/.exec(text)?.[1] ?? ''
  const names = [...envFile.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
  return { app, worker, names }
}

let commands: Awaited<ReturnType<typeof recipe>>

/** A unit's process: its command (the recipe's Node is this machine's), the recipe's environment only. */
function service(name: string, [node, ...args]: string[], extra: Record<string, string> = {}): Service {
  expect(node).toBe('/usr/bin/node')
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // A unit sets no NODE_ENV: the launcher and the worker set their own.
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.homedir(), ...env, ...extra } as Record<string, string> as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a unit's: a kill reaches every process under it.
    detached: true,
  })
  const log: string[] = []
  const keep = (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const started = { name, child, log, exited }
  running.push(started)
  return started
}

const signal = (one: Service, name: NodeJS.Signals) => {
  try {
    process.kill(-one.child.pid!, name)
  } catch {
    // Already gone.
  }
}

async function healthy(base: string) {
  const response = await fetch(`${base}/api/health`).catch(() => null)
  return response?.status === 200 ? ((await response.json()) as unknown) : undefined
}

/** The uploader's calls over HTTP, as the upload card makes them: a POST form to the store, then the record. */
async function upload(client: HttpClient, filename: string, bytes: Buffer) {
  const query = new URLSearchParams({ filename, type: 'image/jpeg', 'metadata[size]': String(bytes.length) })
  const params = await client.call('GET', `/api/s3/params?${query}`)
  expect(params.status).toBe(200)
  const form = new FormData()
  for (const [name, value] of Object.entries(params.body.fields as Record<string, string>)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename)
  const stored = await fetch(params.body.url, { method: 'POST', body: form })
  expect(stored.status).toBe(204)
  const created = await client.call('POST', '/api/media-files', {
    json: { filename, originalFilename: filename, fileType: 'image', mimeType: 'image/jpeg', fileSize: bytes.length, originalFileSize: bytes.length, objectPath: params.body.fields.key },
  })
  expect(created.status).toBe(201)
  return String(created.body.id)
}

beforeAll(async () => {
  // The lane's servers when it gives them (REAL_SERVICES_ENV: a database and a bucket of their own), else its own.
  const given = process.env.REAL_SERVICES_ENV ? (JSON.parse(process.env.REAL_SERVICES_ENV) as Record<string, string>) : null
  if (!given) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-deploy-'))
    services = await startRealServices(dir, { origins: [SERVER_URL] })
  }
  const servicesEnv = given ?? services.env
  db = new pg.Pool({ connectionString: servicesEnv.DATABASE_URL, max: 2 })
  // The recipe's environment file, and two job settings beside it: a killed worker's jobs are
  // claimed again after 6 s instead of two minutes, and idle workers look for work every second.
  const file: Record<string, string> = {
    ...servicesEnv,
    PAYLOAD_SECRET: 'the-deploy-recipe-test-secret-0123456789',
    SERVER_URL,
    // The balancer in front is this test, on loopback.
    TRUST_PROXY: 'loopback',
    JOBS_WORKER: 'off',
  }
  commands = await recipe()
  // Every variable the recipe's file sets is set here, and nothing else is taken from this process.
  expect(Object.keys(file).sort()).toEqual([...commands.names].sort())
  env = { ...file, JOBS_STALE_AFTER_MS: '6000', JOBS_FALLBACK_POLL_MS: '1000' }
}, 240_000)

afterAll(async () => {
  for (const one of running) signal(one, 'SIGKILL')
  await Promise.all(running.map((one) => one.exited))
  await db?.end()
  await services?.stop()
  if (dir) await fs.rm(dir, { recursive: true, force: true })
}, 120_000)

describe('the deploy recipe: two app instances and a worker on an external PostgreSQL and S3 gateway', () => {
  let a: string
  let b: string

  it('starts both instances, which answer healthy for their database and store', async () => {
    const [portA, portB] = [await freePort(), await freePort()]
    ;[a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]
    // Started together: the migrations run once, under their lock.
    service('app-a', commands.app, { PORT: String(portA) })
    service('app-b', commands.app, { PORT: String(portB) })
    for (const base of [a, b]) {
      expect(await waitFor(`${base}/api/health`, () => healthy(base), 180_000)).toEqual({ database: 'ok', store: 'ok' })
    }
  }, 240_000)

  it('a photo uploaded through one instance is ingested by the worker, which is killed mid-ingest, and read through the other', async () => {
    const managerOnA = await managerClient(a)
    const managerOnB = new HttpClient(b)
    managerOnB.cookie = managerOnA.cookie

    const ids: string[] = []
    for (let i = 0; i < PHOTOS; i++) ids.push(await upload(managerOnA, `deploy-${i}.jpg`, await makePhoto({ width: 4000, height: 3000, seed: i })))
    // Nothing runs them yet: the instances only queue.
    expect((await db.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'ingestMedia' AND completed_at IS NULL`)).rows[0].n).toBe(PHOTOS)

    const first = service('worker-1', commands.worker)
    const claimed = await waitFor(
      'the worker to claim an ingest',
      async () => (await db.query(`SELECT id FROM payload_jobs WHERE task_slug = 'ingestMedia' AND processing AND completed_at IS NULL`)).rows[0]?.id,
      120_000,
    )
    signal(first, 'SIGKILL')
    await first.exited
    // The kill left that ingest claimed and unfinished.
    const killed = (await db.query(`SELECT processing, completed_at FROM payload_jobs WHERE id = $1`, [claimed])).rows[0]
    expect(killed).toEqual({ processing: true, completed_at: null })

    service('worker-2', commands.worker)
    await waitFor(
      'every photo to be ready',
      async () => (await db.query(`SELECT count(*)::int AS n FROM media WHERE id = ANY($1) AND status = 'ready'`, [ids])).rows[0].n === PHOTOS,
      300_000,
    )

    // Read through the other instance: the manager's list has every photo once, ready, and each rendition is served.
    const listed = await managerOnB.call('GET', '/api/media-files')
    expect(listed.status).toBe(200)
    const mine = (listed.body as Array<{ id: string; status: string; objectPath: string; variantWidths: number[] }>).filter((file) => ids.includes(file.id))
    expect(mine.map((file) => file.id).sort()).toEqual([...ids].sort())
    for (const file of mine) {
      expect(file.status).toBe('ready')
      expect(file.variantWidths.length).toBeGreaterThan(0)
      const rendition = await fetch(`${b}${file.objectPath}/w${file.variantWidths[0]}.webp`, { headers: { cookie: managerOnA.cookie! } })
      expect(rendition.status).toBe(200)
      expect(rendition.headers.get('content-type')).toBe('image/webp')
    }
    // Every ingest ended, the killed one run again to its end: a finished job is removed (Payload's
    // default), and none is left failed or waiting.
    const left = await db.query(`SELECT id, has_error FROM payload_jobs WHERE task_slug = 'ingestMedia' AND input->>'mediaId' = ANY($1)`, [ids])
    expect(left.rows).toEqual([])
  }, 420_000)

  it('stops as the units stop it: SIGTERM ends each instance and the worker with exit code 0', async () => {
    const live = running.filter((one) => one.child.exitCode === null && one.child.signalCode === null)
    expect(live.map((one) => one.name).sort()).toEqual(['app-a', 'app-b', 'worker-2'])
    for (const one of live) signal(one, 'SIGTERM')
    expect(await Promise.all(live.map((one) => one.exited))).toEqual([0, 0, 0])
  }, 120_000)
})
