// Load and soak benchmark: the production server (what `npm start` runs: next start, with the jobs
// worker in its process) on throw-away embedded PostgreSQL and store, under mixed traffic —
// visitors (pages, list APIs, renditions), the signed-in manager (assigning, tagging, reordering
// through the admin screen's endpoints) and an upload batch (upload parameters → form POST to the
// store → record, as Uppy does) — at once. Then a soak at a lower rate with the server's RSS
// growth, and the idle worker's query rate (the old 1 s poll against LISTEN/NOTIFY).
// Usage: npm run bench:load [-- --soak-minutes 2]   (knobs in bench/README.md)
import os from 'node:os'
import pg from 'pg'
import { Pool } from 'undici'
import { WORKER_RUNNING_MESSAGE } from '../src/lib/constants'
import { mulberry32 } from '../src/lib/seeded-random'
import { makePhoto } from '../tests/helpers/media-fixtures'
import {
  appInfo,
  BenchRun,
  cpuSeconds,
  ensureBuild,
  intEnv,
  lineSeenAt,
  log,
  machineInfo,
  printChecks,
  processTree,
  round,
  sleep,
  statusKb,
  stopServer,
  waitForReady,
  WORKER_ENTRY,
  type Check,
  type Server,
} from './lib/harness'

const DURATION_S = intEnv('BENCH_DURATION', 60)
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 50)
const SEED_PHOTOS = intEnv('BENCH_SEED_PHOTOS', 40)
const UPLOADS = intEnv('BENCH_UPLOADS', 40)
const SOAK_CONNECTIONS = intEnv('BENCH_SOAK_CONNECTIONS', 8)
/** Each soak connection pauses this long between requests (a lower, steady rate). */
const SOAK_PAUSE_MS = intEnv('BENCH_SOAK_PAUSE_MS', 50)
/** One upload every this many seconds during the soak. */
const SOAK_UPLOAD_EVERY_S = intEnv('BENCH_SOAK_UPLOAD_EVERY_S', 20)
const IDLE_S = intEnv('BENCH_IDLE_SECONDS', 30)
const REQUEST_TIMEOUT_MS = 30_000
const SOAK_MINUTES = soakMinutes()
const TARGETS = { errors: 0, rssGrowthPct: 10 }
/** Sections the manager moves photos between; 'outdoors' keeps its photos and is reordered. */
const ASSIGN_SECTIONS = ['main_level', 'upstairs', 'downstairs', 'backyard']
const REORDERED = 'outdoors'
const ALL_SECTIONS = [...ASSIGN_SECTIONS, REORDERED]
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (bench:load)' }

function soakMinutes(): number {
  const at = process.argv.indexOf('--soak-minutes')
  const raw = at >= 0 ? process.argv[at + 1] : process.env.BENCH_SOAK_MINUTES
  if (raw === undefined) return 10
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`--soak-minutes must be a number ≥ 0, not ${raw}`)
  return value
}

// ---------------------------------------------------------------------------------------------
// Recording: every response's time and status, per route
// ---------------------------------------------------------------------------------------------

type RouteStats = { times: number[]; statuses: Record<string, number>; errors: number; lastError?: string }

class Recorder {
  readonly routes = new Map<string, RouteStats>()
  private route(name: string) {
    let stats = this.routes.get(name)
    if (!stats) this.routes.set(name, (stats = { times: [], statuses: {}, errors: 0 }))
    return stats
  }
  ok(name: string, ms: number, status: number) {
    const stats = this.route(name)
    stats.times.push(ms)
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1
  }
  error(name: string, ms: number, why: string, status?: number) {
    const stats = this.route(name)
    stats.times.push(ms)
    stats.errors++
    stats.lastError = why.slice(0, 300)
    if (status !== undefined) stats.statuses[status] = (stats.statuses[status] ?? 0) + 1
  }
  get errors() {
    return [...this.routes.values()].reduce((sum, stats) => sum + stats.errors, 0)
  }
  get requests() {
    return [...this.routes.values()].reduce((sum, stats) => sum + stats.times.length, 0)
  }
  table(seconds: number) {
    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
    return [...this.routes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, stats]) => {
        const sorted = [...stats.times].sort((a, b) => a - b)
        return {
          route,
          requests: sorted.length,
          perSecond: round(sorted.length / seconds, 1),
          p50Ms: round(pct(sorted, 50)),
          p95Ms: round(pct(sorted, 95)),
          p99Ms: round(pct(sorted, 99)),
          maxMs: round(sorted.at(-1) ?? 0),
          statuses: stats.statuses,
          errors: stats.errors,
          ...(stats.lastError ? { lastError: stats.lastError } : {}),
        }
      })
  }
}

function printTable(rows: ReturnType<Recorder['table']>) {
  const width = Math.max(...rows.map((row) => row.route.length))
  console.log(
    `${'route'.padEnd(width)}  ${'req'.padStart(6)}  ${'req/s'.padStart(6)}  ${'p50'.padStart(7)}  ${'p95'.padStart(7)}  ${'p99'.padStart(7)}  ${'max'.padStart(7)}  errors`,
  )
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(width)}  ${String(row.requests).padStart(6)}  ${String(row.perSecond).padStart(6)}  ${row.p50Ms.toFixed(1).padStart(7)}  ${row.p95Ms.toFixed(1).padStart(7)}  ${row.p99Ms.toFixed(1).padStart(7)}  ${row.maxMs.toFixed(1).padStart(7)}  ${row.errors}${row.lastError ? `  (${row.lastError})` : ''}`,
    )
  }
  console.log('')
}

// ---------------------------------------------------------------------------------------------
// HTTP: a fixed pool of keep-alive connections to the app, another to the store
// ---------------------------------------------------------------------------------------------

type Answer = { status: number; body: string }

class Http {
  readonly app: Pool
  private stores = new Map<string, Pool>()
  constructor(
    readonly baseUrl: string,
    connections: number,
    readonly recorder: Recorder,
  ) {
    this.app = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 60_000 })
  }
  private storePool(origin: string) {
    let pool = this.stores.get(origin)
    if (!pool) this.stores.set(origin, (pool = new Pool(origin, { connections: 8, keepAliveTimeout: 60_000 })))
    return pool
  }
  async close() {
    await Promise.all([this.app.close(), ...[...this.stores.values()].map((pool) => pool.close())])
  }

  /** One request, timed and recorded under `route`; a status outside `expect` counts as an error. */
  async call(
    route: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    {
      headers = {},
      body,
      expect = [200],
      keepBody = false,
    }: { headers?: Record<string, string>; body?: string | Buffer; expect?: number[]; keepBody?: boolean } = {},
  ): Promise<Answer | null> {
    const target = new URL(url, this.baseUrl)
    const pool = target.origin === this.baseUrl ? this.app : this.storePool(target.origin)
    const started = performance.now()
    try {
      const res = await pool.request({
        method,
        path: target.pathname + target.search,
        headers,
        body,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      })
      const text = keepBody || !expect.includes(res.statusCode) ? await res.body.text() : (await res.body.dump(), '')
      const ms = performance.now() - started
      if (!expect.includes(res.statusCode)) {
        this.recorder.error(route, ms, `${res.statusCode}: ${text.slice(0, 200)}`, res.statusCode)
        return null
      }
      this.recorder.ok(route, ms, res.statusCode)
      return { status: res.statusCode, body: text }
    } catch (error) {
      this.recorder.error(route, performance.now() - started, error instanceof Error ? error.message : String(error))
      return null
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The product's state the roles work on
// ---------------------------------------------------------------------------------------------

type MediaFile = { id: string; filename: string; section: string | null; status?: string; variantWidths: number[] }

type World = {
  baseUrl: string
  manager: Record<string, string>
  /** Ready photos a visitor may fetch renditions of. */
  renditions: string[]
  /** Photos each manager connection owns (never those of the reordered section). */
  managed: string[]
  /** The managed photos the manager may hide (visitors never ask for their renditions: 404 when hidden). */
  hideable: Set<string>
  uploads: Buffer[]
  nextUpload: number
  uploadedIds: string[]
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: 'bench-manager', password: 'bench-password-1234' }),
  })
  if (res.status !== 201) throw new Error(`POST /api/register answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
  const token = res.headers.getSetCookie().find((cookie) => cookie.startsWith('payload-token='))
  if (!token) throw new Error('POST /api/register set no payload-token cookie')
  return { cookie: token.split(';')[0], origin: baseUrl }
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' })

async function listAsManager(world: World): Promise<MediaFile[]> {
  const res = await fetch(`${world.baseUrl}/api/media-files`, { headers: world.manager })
  if (res.status !== 200) throw new Error(`GET /api/media-files answered ${res.status}`)
  return (await res.json()) as MediaFile[]
}

/** The upload path as Uppy takes it; recorded per step. Returns the new record's id. */
async function uploadOne(http: Http, world: World, file: Buffer, name: string): Promise<string | null> {
  const query = new URLSearchParams({ filename: name, type: 'image/jpeg', 'metadata[size]': String(file.length) })
  const params = await http.call('upload: GET /api/s3/params', 'GET', `/api/s3/params?${query}`, {
    headers: world.manager,
    keepBody: true,
  })
  if (!params) return null
  const { url, fields } = JSON.parse(params.body) as { url: string; fields: Record<string, string> }
  const boundary = `----bench-load-${name}`
  const head =
    Object.entries(fields)
      .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`
  const form = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
  const stored = await http.call('upload: POST form to the store', 'POST', url, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: world.baseUrl },
    body: form,
    expect: [200, 201, 204],
  })
  if (!stored) return null
  const created = await http.call('upload: POST /api/media-files', 'POST', '/api/media-files', {
    headers: json(world.manager),
    body: JSON.stringify({
      filename: name,
      originalFilename: name,
      fileType: 'image',
      mimeType: 'image/jpeg',
      fileSize: file.length,
      originalFileSize: file.length,
      objectPath: fields.key,
    }),
    expect: [201],
    keepBody: true,
  })
  if (!created) return null
  const id = (JSON.parse(created.body) as { id: string }).id
  world.uploadedIds.push(id)
  return id
}

// ---------------------------------------------------------------------------------------------
// Roles: each is one connection's loop until `until`
// ---------------------------------------------------------------------------------------------

async function visitor(http: Http, world: World, seed: number, until: number, pauseMs: number) {
  const random = mulberry32(seed)
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]
  const html = { ...BROWSER, accept: 'text/html' }
  while (Date.now() < until) {
    const roll = random()
    const section = pick(ALL_SECTIONS)
    if (roll < 0.1) await http.call('GET /', 'GET', '/', { headers: html })
    else if (roll < 0.2) await http.call('GET /public', 'GET', '/public', { headers: html })
    else if (roll < 0.35) await http.call('GET /gallery/[section]', 'GET', `/gallery/${section}`, { headers: html })
    else if (roll < 0.45) await http.call('GET /api/sections', 'GET', '/api/sections', { headers: BROWSER })
    else if (roll < 0.55) await http.call('GET /api/media-files', 'GET', '/api/media-files', { headers: BROWSER })
    else if (roll < 0.65)
      await http.call('GET /api/sections/[id]/media', 'GET', `/api/sections/${section}/media`, { headers: BROWSER })
    else if (world.renditions.length) {
      const width = roll < 0.9 ? 400 : 800
      await http.call(
        `GET /public-objects/[file]/w${width}.webp`,
        'GET',
        `/public-objects/${pick(world.renditions)}/w${width}.webp`,
        {
          headers: BROWSER,
        },
      )
    }
    if (pauseMs) await sleep(pauseMs)
  }
}

async function manager(http: Http, world: World, index: number, managers: number, until: number, pauseMs: number) {
  const random = mulberry32(1000 + index)
  const own = world.managed.filter((_, i) => i % managers === index)
  let step = 0
  while (Date.now() < until) {
    step++
    const id = own[step % own.length]
    const roll = random()
    if (index === 0 && step % 5 === 0) {
      // Save Order on the section: read it as the screen does, send it back reversed.
      const listed = await http.call('manager: GET /api/sections/[id]/media', 'GET', `/api/sections/${REORDERED}/media`, {
        headers: world.manager,
        keepBody: true,
      })
      if (listed) {
        const ids = (JSON.parse(listed.body) as MediaFile[]).map((file) => file.id).reverse()
        await http.call('manager: PUT /api/sections/[id]/reorder', 'PUT', `/api/sections/${REORDERED}/reorder`, {
          headers: json(world.manager),
          body: JSON.stringify({ mediaIds: ids }),
        })
      }
    } else if (step % 7 === 0) {
      await http.call('manager: GET /api/media-files', 'GET', '/api/media-files', { headers: { ...world.manager, ...BROWSER } })
    } else if (roll < 0.45) {
      const hide = roll < 0.1 && world.hideable.has(id)
      await http.call('manager: PUT /api/media-files/[id]/section', 'PUT', `/api/media-files/${id}/section`, {
        headers: json(world.manager),
        body: JSON.stringify(
          hide ? { section: 'hidden' } : { section: ASSIGN_SECTIONS[step % ASSIGN_SECTIONS.length], room: `Room ${step % 4}` },
        ),
      })
    } else if (roll < 0.9) {
      await http.call('manager: PUT /api/media-files/[id]/metadata', 'PUT', `/api/media-files/${id}/metadata`, {
        headers: json(world.manager),
        body: JSON.stringify({ tags: ['load', `tag-${step % 9}`], description: `Photo seen at step ${step}` }),
      })
    } else {
      const batch = [own[(step + 1) % own.length], own[(step + 2) % own.length]].filter(
        (value, i, all) => all.indexOf(value) === i,
      )
      await http.call(
        'manager: POST /api/sections/[id]/bulk-assign',
        'POST',
        `/api/sections/${ASSIGN_SECTIONS[step % 4]}/bulk-assign`,
        {
          headers: json(world.manager),
          body: JSON.stringify({ mediaIds: batch }),
        },
      )
    }
    if (pauseMs) await sleep(pauseMs)
  }
}

/** Uploads the batch's files one after another (several of these run side by side), then visits. */
async function uploader(http: Http, world: World, seed: number, until: number, pauseMs: number) {
  while (Date.now() < until && world.nextUpload < world.uploads.length) {
    const n = world.nextUpload++
    await uploadOne(http, world, world.uploads[n], `load-${String(n + 1).padStart(4, '0')}.jpg`)
  }
  await visitor(http, world, seed, until, pauseMs)
}

// ---------------------------------------------------------------------------------------------
// Database figures
// ---------------------------------------------------------------------------------------------

async function queueEmpty(db: pg.Client) {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payload_jobs WHERE completed_at IS NULL AND has_error IS NOT TRUE',
  )
  return rows[0].n === 0
}

async function waitForQueue(db: pg.Client, label: string, maxMs = 20 * 60_000) {
  const started = Date.now()
  while (!(await queueEmpty(db))) {
    if (Date.now() - started > maxMs) throw new Error(`The jobs queue did not empty in ${maxMs / 60_000} min (${label})`)
    await sleep(1000)
  }
  return (Date.now() - started) / 1000
}

/** Transactions committed in the database per second over `seconds`, minus this client's own. */
async function commitRate(db: pg.Client, seconds: number) {
  const read = async () =>
    Number(
      (await db.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]
        .n,
    )
  const before = await read()
  await sleep(seconds * 1000)
  const after = await read()
  return round((after - before - 1) / seconds, 2)
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function runMix(
  http: Http,
  world: World,
  {
    seconds,
    connections,
    uploaders,
    managers,
    pauseMs,
  }: { seconds: number; connections: number; uploaders: number; managers: number; pauseMs: number },
) {
  const until = Date.now() + seconds * 1000
  const loops: Promise<void>[] = []
  for (let i = 0; i < uploaders; i++) loops.push(uploader(http, world, 500 + i, until, pauseMs))
  for (let i = 0; i < managers; i++) loops.push(manager(http, world, i, managers, until, pauseMs))
  for (let i = uploaders + managers; i < connections; i++) loops.push(visitor(http, world, i, until, pauseMs))
  await Promise.all(loops)
}

async function main() {
  const startedAt = new Date()
  const loadAverageAtStart = os.loadavg().map((value) => round(value, 2))
  const cpuAtStart = process.cpuUsage()
  await ensureBuild()
  const bench = await BenchRun.open('gallery-bench-load-')
  let db: pg.Client | undefined
  try {
    const services = await bench.startServices({ ownProcess: true })
    log('Starting the production server (next start with the jobs worker in its process, as `npm start`)')
    const server = await bench.start(services.env)
    await waitForReady(server, 600_000) // a loaded machine starts slowly
    const pid = server.child.pid!
    db = new pg.Client({ connectionString: services.env.DATABASE_URL })
    await db.connect()
    const serverCpu = () => cpuSeconds(processTree(pid))
    const servicesCpu = () => cpuSeconds(processTree(bench.servicesPid!))

    const world: World = {
      baseUrl: server.baseUrl,
      manager: await signIn(server.baseUrl),
      renditions: [],
      managed: [],
      hideable: new Set(),
      uploads: [],
      nextUpload: 0,
      uploadedIds: [],
    }
    const seeding = new Http(server.baseUrl, 4, new Recorder())

    // 1. Seed photos through the upload path, processed by the worker, spread over the sections.
    log(`Seeding ${SEED_PHOTOS} photos through the upload path`)
    const seedFiles = await Promise.all(
      Array.from({ length: SEED_PHOTOS }, (_, i) => makePhoto({ width: 1600, height: 1200, seed: 10 + i, quality: 85 })),
    )
    const seeded: string[] = []
    for (let i = 0; i < seedFiles.length; i++) {
      const id = await uploadOne(seeding, world, seedFiles[i], `seed-${String(i + 1).padStart(3, '0')}.jpg`)
      if (!id) throw new Error(`Seeding failed: ${JSON.stringify(seeding.recorder.table(1).filter((row) => row.errors))}`)
      seeded.push(id)
    }
    world.uploadedIds.length = 0
    const seedS = await waitForQueue(db, 'seeding')
    log(`  processed (and analysed) in ${seedS.toFixed(0)} s after the last upload`)
    for (const [i, section] of ALL_SECTIONS.entries()) {
      const ids = seeded.filter((_, n) => n % ALL_SECTIONS.length === i)
      const res = await fetch(`${server.baseUrl}/api/sections/${section}/bulk-assign`, {
        method: 'POST',
        headers: json(world.manager),
        body: JSON.stringify({ mediaIds: ids }),
      })
      if (res.status !== 200) throw new Error(`bulk-assign answered ${res.status}: ${await res.text()}`)
      if (section !== REORDERED) world.managed.push(...ids)
    }
    world.managed.forEach((id, n) => n % 4 === 0 && world.hideable.add(id))
    const files = await listAsManager(world)
    world.renditions = files
      .filter((file) => file.status === 'ready' && file.variantWidths.includes(400) && !world.hideable.has(file.id))
      .map((file) => file.filename)
    log(
      `  ${world.renditions.length} ready photos; ${world.managed.length} the manager moves, ${seeded.length - world.managed.length} in ${REORDERED}`,
    )
    await seeding.close()
    world.uploads = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => makePhoto({ width: 1600, height: 1200, seed: 1000 + i, quality: 85 })),
    )

    // 2. Warm-up: every route once or twice, not recorded.
    log('Warm-up (10 s, 8 connections, not recorded)')
    const warm = new Http(server.baseUrl, 8, new Recorder())
    const warmUploads = world.uploads
    world.uploads = []
    await runMix(warm, world, { seconds: 10, connections: 8, uploaders: 0, managers: 2, pauseMs: 0 })
    world.uploads = warmUploads
    await warm.close()
    await waitForQueue(db, 'warm-up')

    // 3. The load: 60 s at 50 connections, the upload batch at the same time.
    const loadRecorder = new Recorder()
    const load = new Http(server.baseUrl, CONNECTIONS, loadRecorder)
    const managers = Math.max(1, Math.round(CONNECTIONS * 0.12))
    const uploaders = Math.min(2, CONNECTIONS - managers - 1)
    log(
      `Load: ${DURATION_S} s, ${CONNECTIONS} connections (${uploaders} uploading ${UPLOADS} photos then visiting, ${managers} manager, ${CONNECTIONS - managers - uploaders} visitors)`,
    )
    const loadCpu = { server: serverCpu(), services: servicesCpu(), bench: process.cpuUsage() }
    const loadLoadAvg = os.loadavg().map((value) => round(value, 2))
    const rssBeforeLoadMb = round(statusKb(pid, 'VmRSS') / 1024, 1)
    const loadStarted = performance.now()
    await runMix(load, world, { seconds: DURATION_S, connections: CONNECTIONS, uploaders, managers, pauseMs: 0 })
    const loadSeconds = (performance.now() - loadStarted) / 1000
    const loadBenchCpu = process.cpuUsage(loadCpu.bench)
    const loadFigures = {
      seconds: round(loadSeconds, 1),
      connections: CONNECTIONS,
      roles: { uploaders, managers, visitors: CONNECTIONS - managers - uploaders },
      loadAverageAtStart: loadLoadAvg,
      requests: loadRecorder.requests,
      requestsPerSecond: round(loadRecorder.requests / loadSeconds, 1),
      errors: loadRecorder.errors,
      uploaded: world.uploadedIds.length,
      uploadsPlanned: UPLOADS,
      cpuSeconds: {
        server: round(serverCpu() - loadCpu.server, 1),
        databaseAndStore: round(servicesCpu() - loadCpu.services, 1),
        loadGenerator: round((loadBenchCpu.user + loadBenchCpu.system) / 1e6, 1),
      },
      serverRssMb: {
        before: rssBeforeLoadMb,
        after: round(statusKb(pid, 'VmRSS') / 1024, 1),
        peak: round(statusKb(pid, 'VmHWM') / 1024, 1),
      },
      routes: loadRecorder.table(loadSeconds),
    }
    await load.close()
    printTable(loadFigures.routes)
    log(
      `  ${loadFigures.requests} requests (${loadFigures.requestsPerSecond}/s), ${loadFigures.errors} errors; ${loadFigures.uploaded}/${UPLOADS} uploaded`,
    )
    const drainS = await waitForQueue(db, 'after the load')
    const uploadedStatus = (await listAsManager(world)).filter((file) => world.uploadedIds.includes(file.id))
    const statusCounts: Record<string, number> = {}
    for (const file of uploadedStatus) statusCounts[file.status ?? '?'] = (statusCounts[file.status ?? '?'] ?? 0) + 1
    log(`  the worker finished the batch ${drainS.toFixed(0)} s after the load ended: ${JSON.stringify(statusCounts)}`)

    // 4. Soak: the same mix at a lower rate, the server's RSS sampled.
    let soak: Record<string, unknown> | null = null
    if (SOAK_MINUTES > 0) {
      const soakSeconds = SOAK_MINUTES * 60
      const warmUpS = Math.min(60, soakSeconds / 5)
      log(
        `Soak: ${SOAK_MINUTES} min, ${SOAK_CONNECTIONS} connections pausing ${SOAK_PAUSE_MS} ms, one upload every ${SOAK_UPLOAD_EVERY_S} s`,
      )
      const soakRecorder = new Recorder()
      const soakHttp = new Http(server.baseUrl, SOAK_CONNECTIONS, soakRecorder)
      const soakCpu = { server: serverCpu(), services: servicesCpu() }
      const soakLoadAvg = os.loadavg().map((value) => round(value, 2))
      const samples: Array<{ atS: number; rssMb: number }> = []
      const soakStarted = Date.now()
      const sampleTimer = setInterval(() => {
        samples.push({ atS: round((Date.now() - soakStarted) / 1000, 0), rssMb: round(statusKb(pid, 'VmRSS') / 1024, 1) })
      }, 5000)
      const until = soakStarted + soakSeconds * 1000
      const soakUploads = (async () => {
        let n = 0
        while (Date.now() + SOAK_UPLOAD_EVERY_S * 1000 < until) {
          await sleep(SOAK_UPLOAD_EVERY_S * 1000)
          const file = await makePhoto({ width: 1600, height: 1200, seed: 5000 + n, quality: 85 })
          await uploadOne(soakHttp, world, file, `soak-${String(++n).padStart(4, '0')}.jpg`)
        }
        return n
      })()
      let lastMinute = 0
      const progress = setInterval(() => {
        const minute = Math.floor((Date.now() - soakStarted) / 60_000)
        if (minute > lastMinute) {
          lastMinute = minute
          log(
            `  ${minute} min: RSS ${round(statusKb(pid, 'VmRSS') / 1024, 1)} MB, ${soakRecorder.requests} requests, ${soakRecorder.errors} errors`,
          )
        }
      }, 1000)
      const managersSoak = 1
      await runMix(soakHttp, world, {
        seconds: soakSeconds,
        connections: SOAK_CONNECTIONS,
        uploaders: 0,
        managers: managersSoak,
        pauseMs: SOAK_PAUSE_MS,
      })
      const soakUploaded = await soakUploads
      clearInterval(sampleTimer)
      clearInterval(progress)
      const endRss = round(statusKb(pid, 'VmRSS') / 1024, 1)
      await soakHttp.close()
      // RSS after the warm-up: the mean of the samples in the minute after it; at the end: the last minute's.
      const window = Math.min(60, soakSeconds / 5)
      const meanOf = (list: typeof samples) => round(list.reduce((sum, s) => sum + s.rssMb, 0) / Math.max(1, list.length), 1)
      const afterWarmUp = meanOf(samples.filter((s) => s.atS >= warmUpS && s.atS < warmUpS + window))
      const atEnd = meanOf(samples.filter((s) => s.atS >= soakSeconds - window))
      const growthPct = round(((atEnd - afterWarmUp) / afterWarmUp) * 100, 1)
      soak = {
        minutes: SOAK_MINUTES,
        connections: SOAK_CONNECTIONS,
        pauseMs: SOAK_PAUSE_MS,
        loadAverageAtStart: soakLoadAvg,
        requests: soakRecorder.requests,
        requestsPerSecond: round(soakRecorder.requests / soakSeconds, 1),
        errors: soakRecorder.errors,
        uploaded: soakUploaded,
        cpuSeconds: {
          server: round(serverCpu() - soakCpu.server, 1),
          databaseAndStore: round(servicesCpu() - soakCpu.services, 1),
        },
        rssMb: { afterWarmUp, atEnd, last: endRss, peak: round(statusKb(pid, 'VmHWM') / 1024, 1) },
        rssWindowS: window,
        warmUpS,
        rssGrowthPct: growthPct,
        rssSamples: samples,
        routes: soakRecorder.table(soakSeconds),
      }
      printTable(soak.routes as ReturnType<Recorder['table']>)
      log(
        `  RSS after warm-up ${afterWarmUp} MB → end ${atEnd} MB: ${growthPct >= 0 ? '+' : ''}${growthPct} %; ${soakRecorder.errors} errors`,
      )
      await waitForQueue(db, 'after the soak')
    }

    // 5. The idle worker: transactions per second with nothing to do.
    log(`Idle worker: commits per second over ${IDLE_S} s each`)
    // Each backend reports its counters when it goes idle, up to 10 s later: let them settle.
    await sleep(15_000)
    const serverIdle = await commitRate(db, IDLE_S)
    log(`  the server alone (its in-process worker, LISTEN/NOTIFY): ${serverIdle}/s`)
    const idleWorker = async (env: Record<string, string>, label: string) => {
      const worker: Server = await bench.start({ ...services.env, ...env }, { entry: WORKER_ENTRY })
      await lineSeenAt(worker, WORKER_RUNNING_MESSAGE, 120_000).catch((error: Error) => {
        throw new Error(`The worker did not start (${label}): ${error.message}`)
      })
      // Its start-up work (the sweep, the backup it queues when none is recent) done, counters settled.
      await waitForQueue(db!, `the ${label} worker's start`)
      await sleep(15_000)
      const total = await commitRate(db!, IDLE_S)
      const cpu = cpuSeconds(processTree(worker.child.pid!))
      await stopServer(worker)
      const added = round(total - serverIdle, 2)
      log(`  + a worker process, ${label}: ${total}/s in all, ${added}/s its own`)
      return { totalPerSecond: total, workerPerSecond: added, workerCpuSecondsSinceStart: round(cpu, 1) }
    }
    const before = await idleWorker({ JOBS_FALLBACK_POLL_MS: '1000' }, 'every slot polling each second (before)')
    const after = await idleWorker({}, 'LISTEN/NOTIFY with the 30 s fallback poll (after)')
    const idle = { seconds: IDLE_S, serverAlonePerSecond: serverIdle, before, after }

    const benchCpu = process.cpuUsage(cpuAtStart)
    const checks: Check[] = [
      {
        target: `load: errors = ${TARGETS.errors}`,
        actual: `${loadFigures.errors} of ${loadFigures.requests}`,
        pass: loadFigures.errors === 0,
      },
      {
        target: 'load: upload batch stored and processed',
        actual: `${loadFigures.uploaded}/${UPLOADS} uploaded; ${JSON.stringify(statusCounts)}`,
        pass: loadFigures.uploaded === UPLOADS && (statusCounts.ready ?? 0) === loadFigures.uploaded,
      },
      soak
        ? { target: `soak: errors = ${TARGETS.errors}`, actual: `${soak.errors} of ${soak.requests}`, pass: soak.errors === 0 }
        : { target: 'soak', actual: 'skipped (--soak-minutes 0)', pass: null },
      soak
        ? {
            target: `soak: server RSS growth < ${TARGETS.rssGrowthPct} %`,
            actual: `${(soak.rssMb as { afterWarmUp: number }).afterWarmUp} → ${(soak.rssMb as { atEnd: number }).atEnd} MB (${soak.rssGrowthPct} %)`,
            pass: (soak.rssGrowthPct as number) < TARGETS.rssGrowthPct,
          }
        : { target: 'soak: RSS growth', actual: 'skipped', pass: null },
      {
        target: 'idle worker: fewer queries than the 1 s poll',
        actual: `${after.workerPerSecond}/s against ${before.workerPerSecond}/s`,
        pass: after.workerPerSecond < before.workerPerSecond,
      },
    ]
    console.log('')
    printChecks(checks)
    const report = {
      benchmark: 'load',
      startedAt: startedAt.toISOString(),
      loadAverageAtStart,
      benchProcessCpuSeconds: round((benchCpu.user + benchCpu.system) / 1e6, 1),
      machine: machineInfo(),
      app: appInfo(),
      settings: {
        DURATION_S,
        CONNECTIONS,
        SEED_PHOTOS,
        UPLOADS,
        SOAK_MINUTES,
        SOAK_CONNECTIONS,
        SOAK_PAUSE_MS,
        SOAK_UPLOAD_EVERY_S,
        IDLE_S,
      },
      load: loadFigures,
      afterLoad: { queueDrainedS: round(drainS, 1), uploadedStatus: statusCounts },
      soak,
      idle,
      checks,
      pass: checks.every((check) => check.pass !== false),
    }
    await bench.writeReport(SOAK_MINUTES === 10 ? 'load.json' : 'load.partial.json', report, process.env.BENCH_STRICT === '1')
  } catch (error) {
    bench.fail(error)
  } finally {
    await db?.end().catch(() => undefined)
    await bench.cleanup()
  }
}

await main()
