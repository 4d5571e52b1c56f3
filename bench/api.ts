// Read-API benchmark: the production build against throw-away embedded PostgreSQL and S3,
// seeded with 10,000 media. Measures our read endpoints and Payload's stock REST listing
// with autocannon, then checks the figures against the targets.
// Usage: npm run bench:api   (knobs: see bench/README.md)
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { seedProperty } from './lib/seed-media'
import { freePort } from '../src/host/embedded/free-port'
import {
  BenchRun,
  cpuSeconds,
  ensureBuild,
  appInfo,
  intEnv,
  log,
  machineInfo,
  machineBusySeconds,
  printChecks,
  processTree,
  RESULTS_DIR,
  round,
  RssSampler,
  type Server,
  sleep,
  waitForReady,
} from './lib/harness'

const MEDIA_COUNT = intEnv('BENCH_MEDIA', 10_000)
const DURATION_S = intEnv('BENCH_DURATION', 20)
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 20)
const STRICT = process.env.BENCH_STRICT === '1'
/** Only the scenarios whose name matches this regular expression. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined
/** Write a V8 CPU profile of the server to bench/results/profiles when it stops. */
const PROFILE = process.env.BENCH_PROFILE === '1'

/** Targets (milliseconds, ratios, megabytes). */
const TARGETS = {
  sectionsP95Ms: 50,
  mediaFilesP95Ms: 400,
  mediaFilesVsStockRatio: 20,
  rssMb: 1024,
}

type Scenario = {
  name: string
  path: string
  /** Another server to load instead of the app (the load generator's ceiling). */
  baseUrl?: string
  expectStatus: number
  timeoutS: number
  connections: number
  headers?: Record<string, string>
}

type RunFigures = {
  name: string
  path: string
  expectStatus: number
  connections: number
  durationS: number
  timeoutS: number
  completed: number
  sent: number
  /** Requests still unanswered when the run stopped (dropped by the load generator). */
  inFlightAtEnd: number
  reqPerSecMean: number
  reqPerSecCompleted: number
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number } | null
  autocannonLatencyMs: { p50: number; p97_5: number; p99: number; max: number }
  statusCounts: Record<string, number>
  unexpectedStatus: number
  errors: number
  timeouts: number
  bytesTotal: number
  bytesPerResponse: number | null
  /** Largest resident set of the server's process tree during the run and its aftermath. */
  peakRssMb: number
  /** Seconds the server needed afterwards to finish the requests the run left in flight. */
  drainS: number
  /** Mean CPU use during the run, in % of one core. */
  cpuPct: { server: number; loadGenerator: number; database: number; other: number }
}

/** CPU used by the server tree, by this process (the load generator) and by its other children (PostgreSQL). */
function cpuSnapshot(serverPid: number) {
  const serverTree = processTree(serverPid)
  const serverSet = new Set(serverTree)
  const others = processTree(process.pid).filter((pid) => pid !== process.pid && !serverSet.has(pid))
  const own = process.cpuUsage()
  return {
    at: performance.now(),
    server: cpuSeconds(serverTree),
    loadGenerator: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
    database: cpuSeconds(others),
  }
}

// ---------------------------------------------------------------------------------------------
// Seed: MEDIA_COUNT media straight into PostgreSQL
// ---------------------------------------------------------------------------------------------

async function seed(databaseUrl: string, count: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    const { rows: properties } = await pool.query<{ id: string }>('SELECT id::text AS id FROM properties WHERE is_default')
    await seedProperty(pool, properties[0].id, count)
    const { rows } = await pool.query<{ total: string; visible: string; videos: string; tags: string }>(`
      SELECT count(*)::text AS total,
        count(*) FILTER (WHERE NOT is_hidden AND status = 'ready')::text AS visible,
        count(*) FILTER (WHERE file_type = 'video')::text AS videos,
        (SELECT count(*) FROM media_texts)::text AS tags
      FROM media`)
    await pool.query('ANALYZE media; ANALYZE media_texts')
    return rows[0]
  } finally {
    await pool.end()
  }
}

// ---------------------------------------------------------------------------------------------
// Load runs
// ---------------------------------------------------------------------------------------------

async function warmUp(baseUrl: string, scenario: Scenario, times: number) {
  log(`${scenario.name}: warming up (${times} requests)`)
  for (let i = 0; i < times; i++) {
    const res = await fetch(baseUrl + scenario.path, {
      headers: scenario.headers,
      signal: AbortSignal.timeout(scenario.timeoutS * 1000),
    })
    await res.arrayBuffer()
    if (res.status !== scenario.expectStatus) {
      throw new Error(`Warm-up of ${scenario.path} answered ${res.status}, expected ${scenario.expectStatus}`)
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

async function run(baseUrl: string, scenario: Scenario, sampler: RssSampler, serverPid: number): Promise<RunFigures> {
  await warmUp(baseUrl, scenario, scenario.timeoutS > 10 ? 2 : 3)
  await waitUntilIdle(baseUrl, sampler)
  sampler.resetWindow()
  log(`${scenario.name}: ${scenario.connections} connection(s), ${DURATION_S} s`)
  const cpuBefore = cpuSnapshot(serverPid)
  const latencies: number[] = []
  const statusCounts: Record<string, number> = {}
  let bytes = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl + scenario.path,
        connections: scenario.connections,
        duration: DURATION_S,
        timeout: scenario.timeoutS,
        headers: scenario.headers,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      latencies.push(responseTime)
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1
      bytes += resBytes
    })
  })

  latencies.sort((a, b) => a - b)
  const completed = latencies.length
  const mean = completed ? latencies.reduce((sum, v) => sum + v, 0) / completed : Number.NaN
  const unexpectedStatus = completed - (statusCounts[scenario.expectStatus] ?? 0)
  const sent = (result.requests as { sent?: number }).sent ?? completed
  const cpuAfter = cpuSnapshot(serverPid)
  const elapsedS = (cpuAfter.at - cpuBefore.at) / 1000
  const pct = (key: 'server' | 'loadGenerator' | 'database' | 'machine') =>
    round(((cpuAfter[key] - cpuBefore[key]) / elapsedS) * 100, 0)
  const drainStarted = Date.now()
  const idle = await waitUntilIdle(baseUrl, sampler)
  if (!idle) log('  warning: the server still looked busy after 180 s')
  return {
    name: scenario.name,
    path: scenario.path,
    expectStatus: scenario.expectStatus,
    connections: scenario.connections,
    durationS: result.duration,
    timeoutS: scenario.timeoutS,
    completed,
    sent,
    inFlightAtEnd: Math.min(scenario.connections, Math.max(0, sent - completed - result.errors)),
    reqPerSecMean: round(result.requests.average, 2),
    reqPerSecCompleted: round(completed / result.duration, 3),
    latencyMs: completed
      ? {
          mean: round(mean, 1),
          p50: round(percentile(latencies, 50), 1),
          p90: round(percentile(latencies, 90), 1),
          p95: round(percentile(latencies, 95), 1),
          p99: round(percentile(latencies, 99), 1),
          max: round(latencies[latencies.length - 1], 1),
        }
      : null,
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    statusCounts,
    unexpectedStatus,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    bytesTotal: bytes,
    bytesPerResponse: completed ? Math.round(bytes / completed) : null,
    peakRssMb: round(sampler.windowMaxKb / 1024, 1),
    drainS: round((Date.now() - drainStarted) / 1000, 1),
    cpuPct: {
      server: pct('server'),
      database: pct('database'),
      loadGenerator: pct('loadGenerator'),
      // Anything else on the machine: a busy neighbour makes the figures unreliable.
      other: Math.max(0, pct('machine') - pct('server') - pct('database') - pct('loadGenerator')),
    },
  }
}

/**
 * When a run stops, the load generator drops the requests still in flight but the server
 * keeps working on them: wait until it answers quickly again (twice in a row) before the next run.
 */
async function waitUntilIdle(baseUrl: string, sampler: RssSampler, maxMs = 180_000) {
  const deadline = Date.now() + maxMs
  let fast = 0
  while (Date.now() < deadline) {
    sampler.sample()
    const started = performance.now()
    try {
      const res = await fetch(`${baseUrl}/api/sections`, { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      fast = performance.now() - started < 50 ? fast + 1 : 0
      if (fast >= 2) return true
    } catch {
      fast = 0
    }
    await sleep(fast ? 100 : 500)
  }
  return false
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function fmt(value: number | null | undefined, digits = 1) {
  if (value == null || Number.isNaN(value)) return '—'
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

function kb(bytes: number | null) {
  if (bytes == null) return '—'
  return bytes >= 1024 * 1024 ? `${fmt(bytes / 1024 / 1024, 2)} MB` : `${fmt(bytes / 1024, 1)} kB`
}

function table(runs: RunFigures[]) {
  const header = [
    'endpoint',
    'conn',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'done',
    'in flight',
    'bad status',
    'errors',
    'timeouts',
    'bytes/resp',
    'RSS MB',
    'CPU % srv/db/gen/other',
  ]
  const rows = runs.map((r) => [
    r.name,
    String(r.connections),
    fmt(r.reqPerSecCompleted, r.reqPerSecCompleted < 10 ? 2 : 0),
    fmt(r.latencyMs?.p50),
    fmt(r.latencyMs?.p95),
    fmt(r.latencyMs?.p99),
    fmt(r.latencyMs?.max),
    String(r.completed),
    String(r.inFlightAtEnd),
    String(r.unexpectedStatus),
    String(r.errors),
    String(r.timeouts),
    kb(r.bytesPerResponse),
    fmt(r.peakRssMb, 0),
    `${r.cpuPct.server}/${r.cpuPct.database}/${r.cpuPct.loadGenerator}/${r.cpuPct.other}`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

// ---------------------------------------------------------------------------------------------

/** Fetches one answer's raw (still compressed) bytes and serves them from a bare Node server. */
async function startBareServer(appUrl: string, pathname: string, headers: Record<string, string>) {
  const {
    status,
    headers: answerHeaders,
    body,
  } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(appUrl + pathname, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
  if (status !== 200) throw new Error(`GET ${pathname} answered ${status}`)
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.bin`)
  await fs.writeFile(file, body)
  const port = await freePort()
  const script = `
    const body = require('fs').readFileSync(${JSON.stringify(file)})
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, ${
      answerHeaders['content-encoding'] ? `'content-encoding': ${JSON.stringify(answerHeaders['content-encoding'])}` : ''
    } }
    require('http').createServer((req, res) => { res.writeHead(200, headers); res.end(body) }).listen(${port}, '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM')
      await fs.rm(file, { force: true })
    },
  }
}

async function main() {
  const started = new Date()
  await ensureBuild()
  await fs.mkdir(RESULTS_DIR, { recursive: true })

  const bench = await BenchRun.open('gallery-bench-')
  try {
    const services = await bench.startServices()
    for (const line of services.started) log(`Started ${line.replace(/ on .*/, '')}`)

    log('Starting the production server (next start, as npm start runs it)')
    const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'profiles')}`] : []
    const server = await bench.start(services.env, { nodeArgs })
    const t0 = Date.now()
    await waitForReady(server)
    log(`Server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${server.baseUrl}`)
    const sampler = new RssSampler([server.child.pid!])
    sampler.start()
    bench.onCleanup(() => sampler.stop())

    log(`Seeding ${MEDIA_COUNT.toLocaleString('en-US')} media`)
    const t1 = Date.now()
    const counts = await seed(services.env.DATABASE_URL, MEDIA_COUNT)
    log(
      `Seeded in ${((Date.now() - t1) / 1000).toFixed(1)} s: ${counts.total} media, ${counts.visible} public, ${counts.videos} videos, ${counts.tags} tags`,
    )

    const sectionsRes = await fetch(`${server.baseUrl}/api/sections`)
    const sections = (await sectionsRes.json()) as Array<{ id: string; count: number }>
    const publicCount = sections.reduce((sum, s) => sum + s.count, 0)
    if (publicCount !== Number(counts.visible)) {
      throw new Error(`GET /api/sections counts ${publicCount} public media, the database holds ${counts.visible}`)
    }

    if (process.env.BENCH_HOLD === '1') {
      log(
        `BENCH_HOLD=1: seeded server at ${server.baseUrl} (database ${services.env.DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}); Ctrl-C stops`,
      )
      await new Promise(() => undefined)
    }

    const listRes = await fetch(`${server.baseUrl}/api/media-files`)
    const etag = listRes.headers.get('etag')
    const listed = ((await listRes.json()) as unknown[]).length
    if (!etag) throw new Error('GET /api/media-files answered without an ETag')
    if (listed !== publicCount) throw new Error(`GET /api/media-files listed ${listed} media, expected ${publicCount}`)

    // Payload's stock REST serves the collection editors, who are signed in (anonymous
    // listings are capped at 100 documents): the baseline runs as a signed-in editor.
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }
    const registered = await fetch(`${server.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ username: 'bench-editor', password: 'bench editor password' }),
    })
    const editorCookie = registered.headers.get('set-cookie')?.split(';')[0]
    if (!registered.ok || !editorCookie)
      throw new Error(`Could not sign in the editor: ${registered.status} ${await registered.text()}`)
    const EDITOR = { ...BROWSER, cookie: editorCookie, origin: server.baseUrl }

    const STOCK = '/api/media?limit=10000&depth=0'
    // The load generator's ceiling for this answer: a bare Node server (own process) that
    // sends the very same compressed bytes, and nothing else.
    const ceiling = await startBareServer(server.baseUrl, '/api/media-files', BROWSER)
    bench.onCleanup(ceiling.stop)

    const all: Scenario[] = [
      { name: 'GET /api/sections', path: '/api/sections', expectStatus: 200, timeoutS: 10, connections: CONNECTIONS },
      // Uncompressed ~8 MB bodies saturate the load generator (it turns every body into a string):
      // a longer timeout, as for the stock listing, so its queueing is not counted as a server error.
      { name: 'GET /api/media-files', path: '/api/media-files', expectStatus: 200, timeoutS: 30, connections: CONNECTIONS },
      {
        name: 'GET /api/media-files (304)',
        path: '/api/media-files',
        expectStatus: 304,
        timeoutS: 10,
        connections: CONNECTIONS,
        headers: { 'if-none-match': etag },
      },
      // What a browser asks for: shows whether the big list goes out compressed.
      {
        name: 'GET /api/media-files (gzip, br)',
        path: '/api/media-files',
        expectStatus: 200,
        timeoutS: 10,
        connections: CONNECTIONS,
        headers: BROWSER,
      },
      {
        name: 'bare Node server, same compressed bytes',
        baseUrl: ceiling.baseUrl,
        path: '/api/media-files',
        expectStatus: 200,
        timeoutS: 10,
        connections: CONNECTIONS,
        headers: BROWSER,
      },
      {
        name: 'GET /api/sections/upstairs/media',
        path: '/api/sections/upstairs/media',
        expectStatus: 200,
        timeoutS: 10,
        connections: CONNECTIONS,
      },
      // Payload's stock REST listing. One connection first: its best-case throughput, the
      // conservative base for the ratio (a CPU-bound listing gains nothing from concurrency,
      // and with many connections a 20 s run may see few or no answers at all).
      { name: `GET ${STOCK} (1 conn)`, path: STOCK, expectStatus: 200, timeoutS: 60, connections: 1, headers: EDITOR },
      { name: `GET ${STOCK}`, path: STOCK, expectStatus: 200, timeoutS: 60, connections: CONNECTIONS, headers: EDITOR },
    ]
    const scenarios = ONLY ? all.filter((scenario) => ONLY.test(scenario.name)) : all

    const runs: RunFigures[] = []
    for (const scenario of scenarios) {
      const figures = await run(scenario.baseUrl ?? server.baseUrl, scenario, sampler, server.child.pid!)
      runs.push(figures)
      log(
        `  ${fmt(figures.reqPerSecCompleted, 2)} req/s, p95 ${fmt(figures.latencyMs?.p95)} ms, ${figures.completed} answered, ` +
          `${figures.inFlightAtEnd} in flight at the end (server busy ${figures.drainS} s more), peak RSS ${fmt(figures.peakRssMb, 0)} MB, ` +
          `CPU server ${figures.cpuPct.server}% / database ${figures.cpuPct.database}% / load generator ${figures.cpuPct.loadGenerator}% / other ${figures.cpuPct.other}%`,
      )
    }
    sampler.stop()
    const memory = sampler.report()

    // Figures and targets
    const byName = (name: string) => runs.find((r) => r.name === name)
    const sectionsRun = byName('GET /api/sections')
    // Judged as browsers receive it (compressed); the uncompressed row is reported beside it.
    const mediaRun = byName('GET /api/media-files (gzip, br)')
    const stockRuns = runs.filter((r) => r.path === STOCK)
    const stockReqPerSec = stockRuns.length ? Math.max(...stockRuns.map((r) => r.reqPerSecCompleted)) : Number.NaN
    const ratio =
      mediaRun && stockRuns.length
        ? stockReqPerSec > 0
          ? mediaRun.reqPerSecCompleted / stockReqPerSec
          : Number.POSITIVE_INFINITY
        : Number.NaN
    const totalErrors = runs.reduce((sum, r) => sum + r.errors + r.timeouts + r.unexpectedStatus, 0)
    type Check = { target: string; actual: string; pass: boolean | null }
    const p95Check = (label: string, r: RunFigures | undefined, limit: number): Check => ({
      target: `${label} p95 ≤ ${limit} ms`,
      actual: r ? `${fmt(r.latencyMs?.p95)} ms (${fmt((r.latencyMs?.p95 ?? Number.NaN) / limit, 2)}× target)` : 'not run',
      pass: r ? (r.latencyMs?.p95 ?? Number.POSITIVE_INFINITY) <= limit : null,
    })
    const checks: Check[] = [
      p95Check('GET /api/sections', sectionsRun, TARGETS.sectionsP95Ms),
      p95Check('GET /api/media-files (gzip, br)', mediaRun, TARGETS.mediaFilesP95Ms),
      {
        target: `GET /api/media-files req/s ≥ ${TARGETS.mediaFilesVsStockRatio}× stock listing`,
        actual: Number.isNaN(ratio) ? 'not run' : `${fmt(ratio, 1)}×`,
        pass: Number.isNaN(ratio) ? null : ratio >= TARGETS.mediaFilesVsStockRatio,
      },
      { target: 'zero errors, timeouts and unexpected statuses', actual: String(totalErrors), pass: totalErrors === 0 },
      {
        target: `server RSS after the run ≤ ${TARGETS.rssMb} MB`,
        actual: `${fmt(memory.currentMb, 0)} MB (peak ${fmt(memory.peakMb, 0)} MB, during the stock listing)`,
        pass: memory.currentMb <= TARGETS.rssMb,
      },
    ]

    console.log('')
    console.log(
      `Read API benchmark — ${MEDIA_COUNT.toLocaleString('en-US')} media (${counts.visible} public), ${DURATION_S} s per run, one run after another`,
    )
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}; load generator on the same machine`,
    )
    console.log('')
    console.log(table(runs))
    console.log('')
    console.log(
      'req/s = answered ÷ run time; p50/p95/p99 over every answer; in flight = unanswered when the run stopped (dropped, not',
    )
    console.log('counted; the server finishes them before the next run); RSS = peak of the server process tree during the run;')
    console.log(
      `CPU = % of one core during the run: server / PostgreSQL / load generator (this process) / anything else; ${os.cpus().length} cores in all.`,
    )
    console.log('')
    if (!Number.isNaN(ratio)) {
      console.log(
        `Ratio GET /api/media-files ÷ stock listing (best of its runs, ${fmt(stockReqPerSec, 2)} req/s): ${fmt(ratio, 1)}×`,
      )
    }
    const ceilingRun = byName('bare Node server, same compressed bytes')
    if (mediaRun && ceilingRun) {
      console.log(
        `Load generator's ceiling for the compressed list (bare server, same bytes): ${fmt(ceilingRun.reqPerSecCompleted, 1)} req/s, ` +
          `p95 ${fmt(ceilingRun.latencyMs?.p95)} ms; GET /api/media-files reaches ${fmt((mediaRun.reqPerSecCompleted / ceilingRun.reqPerSecCompleted) * 100, 0)}% ` +
          `of its req/s, p95 ${fmt((mediaRun.latencyMs?.p95 ?? Number.NaN) / (ceilingRun.latencyMs?.p95 ?? Number.NaN), 2)}× its p95`,
      )
    }
    const ownRuns = runs.filter((r) => r.path !== STOCK)
    const ownPeak = ownRuns.length ? Math.max(...ownRuns.map((r) => r.peakRssMb)) : Number.NaN
    console.log(
      `Server RSS (next start and its children): peak ${fmt(memory.peakMb, 0)} MB; during our endpoints' runs ${fmt(ownPeak, 0)} MB; ` +
        `at the end ${fmt(memory.currentMb, 0)} MB`,
    )
    console.log('')
    const noisy = runs.filter((r) => r.cpuPct.other > 25)
    if (noisy.length) {
      console.log(
        `warning: other processes were busy during ${noisy.map((r) => `"${r.name}" (${r.cpuPct.other}%)`).join(', ')}: rerun on a quiet machine`,
      )
      console.log('')
    }
    printChecks(checks)

    const report = {
      date: started.toISOString(),
      machine: machineInfo(),
      app: appInfo(),
      settings: { media: MEDIA_COUNT, connections: CONNECTIONS, durationS: DURATION_S, only: ONLY?.source ?? null },
      seeded: {
        total: Number(counts.total),
        public: Number(counts.visible),
        videos: Number(counts.videos),
        tags: Number(counts.tags),
      },
      runs,
      ratios: {
        stockReqPerSec: Number.isFinite(stockReqPerSec) ? stockReqPerSec : null,
        mediaFilesVsStockReqPerSec: Number.isFinite(ratio) ? round(ratio, 2) : null,
        sectionsP95VsTarget: sectionsRun?.latencyMs ? round(sectionsRun.latencyMs.p95 / TARGETS.sectionsP95Ms, 3) : null,
        mediaFilesP95VsTarget: mediaRun?.latencyMs ? round(mediaRun.latencyMs.p95 / TARGETS.mediaFilesP95Ms, 3) : null,
      },
      memory,
      targets: TARGETS,
      checks,
      pass: checks.every((c) => c.pass !== false),
    }
    await bench.writeReport(ONLY ? 'api.partial.json' : 'api.json', report, STRICT)
  } catch (error) {
    bench.fail(error)
  } finally {
    await bench.cleanup()
  }
}

main()
