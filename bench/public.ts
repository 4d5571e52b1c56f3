// Public-site benchmark: the production build on a throw-away data directory, 200 photos
// uploaded through the product's own upload path (so the derivatives are real) and spread
// over the sections; then Lighthouse (mobile profile, Debian Chromium) on the browser (/),
// /gallery, a section page (/gallery/upstairs), the embed view (/embed) and the gallery under its
// property's address (/p/default/gallery), and autocannon (50 connections, 20 s) on those pages and on a static
// file served by the same server. Results in bench/results/public.json.
// Usage: npm run bench:public   (BENCH_PHOTOS, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_LH_RUNS)
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freePort } from '../src/host/embedded/free-port'
import { makePhoto } from '../tests/helpers/media-fixtures'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium'
import { ensureBuild, intEnv, waitForIdleMachine } from './lib/harness'
import { compiledEntry, entryNodeArgs } from '../src/host/entries'

const ROOT = process.cwd()
const RESULTS = path.join(ROOT, 'bench', 'results', 'public.json')
const PHOTOS = intEnv('BENCH_PHOTOS', 200)
const DURATION_S = intEnv('BENCH_DURATION', 20)
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 50)
const LH_RUNS = intEnv('BENCH_LH_RUNS', 3)
/** Keep (and reuse) the product's data here, so a second run skips seeding. */
const KEEP_DIR = process.env.BENCH_DATA_DIR
/** `lighthouse` or `autocannon`: run only that part. */
const ONLY = process.env.BENCH_ONLY
/** Write each run's whole Lighthouse report (JSON) into this directory, for digging in. */
const LH_SAVE = process.env.BENCH_LH_SAVE
const SECTIONS = ['main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors']
const PAGES = ['/', '/gallery', '/gallery/upstairs', '/embed', '/p/default/gallery']
/**
 * The same-run baseline: the sign-in page has the same layout, framework scripts and server, a
 * small form and no gallery; how it scores shows what this machine allows any page of the app.
 * (Lighthouse gives no score for a page answered with 404, so not the not-found page.)
 */
const BASELINE_PAGE = '/login'
/** Headless, with the same flags as the end-to-end tests' Chromium. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const TARGETS = { performance: 95, lcpMs: 2000, cls: 0.02, transferBytes: 1.5 * 1024 * 1024, p95Ms: 100, errors: 0 }

const log = (line: string) => process.stdout.write(`[bench:public] ${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

// ---------------------------------------------------------------------------------------------
// The product, started as `npm start` starts it, on its own data directory and port
// ---------------------------------------------------------------------------------------------

async function startProduct(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  await fs.mkdir(dataDir, { recursive: true })
  await ensureBuild()
  if (!existsSync(compiledEntry('launch'))) throw new Error('The build made no launch entry')
  const port = await freePort()
  const child = spawn(process.execPath, [...entryNodeArgs('launch', { compiled: true }), 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logFile = createWriteStream(path.join(dataDir, 'server.log'))
  child.stdout?.pipe(logFile, { end: false })
  child.stderr?.pipe(logFile, { end: false })
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited during startup (see ${dataDir}/server.log)`)
    try {
      if ((await fetch(`${baseUrl}/api/sections`)).ok) return { child, baseUrl }
    } catch {
      // not listening yet
    }
    await sleep(500)
  }
  throw new Error('The product did not start within 180 s')
}

async function stopProduct(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(20_000)])
  if (child.exitCode === null) child.kill('SIGKILL')
}

// ---------------------------------------------------------------------------------------------
// Seeding through the product's upload path (upload URL → PUT to the store → record → ingest)
// ---------------------------------------------------------------------------------------------

class Client {
  cookie = ''
  constructor(readonly baseUrl: string) {}
  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(url, this.baseUrl), {
      method,
      headers: {
        origin: this.baseUrl,
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.getSetCookie().map((c) => c.split(';')[0])
    if (setCookie.length) this.cookie = setCookie.join('; ')
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }
}

async function seed(baseUrl: string) {
  const client = new Client(baseUrl)
  const { registrationOpen } = await client.call<{ registrationOpen: boolean }>('GET', '/api/register')
  await client.call('POST', registrationOpen ? '/api/register' : '/api/login', {
    username: 'bench',
    password: 'a long enough password',
  })
  // A kept data directory: the photos already there are placed (again) rather than uploaded twice.
  const existing = await client.call<Array<{ id: string; originalFilename: string }>>('GET', '/api/media-files')
  if (existing.length >= PHOTOS) {
    log(`reusing the ${existing.length} photos already there`)
    const byName = [...existing].sort((a, b) => a.originalFilename.localeCompare(b.originalFilename))
    await place(client, byName.slice(0, PHOTOS).map((file) => file.id))
    return false
  }
  const ids: string[] = []
  const started = Date.now()
  for (let i = 0; i < PHOTOS; i++) {
    const name = `bench-${String(i + 1).padStart(3, '0')}.jpg`
    const buffer = await makePhoto({ width: 2000, height: 1500, seed: i + 1, quality: 85 })
    const grant = await client.call<{ uploadURL: string; objectPath: string; uploadToken: string }>(
      'POST',
      '/api/objects/upload',
      {
        filename: name,
        contentType: 'image/jpeg',
      },
    )
    const put = await fetch(grant.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(buffer),
    })
    if (!put.ok) throw new Error(`PUT to the store answered ${put.status}`)
    const created = await client.call<{ id: string }>('POST', '/api/media-files', {
      filename: name,
      originalFilename: name,
      fileType: 'image',
      mimeType: 'image/jpeg',
      fileSize: buffer.length,
      originalFileSize: buffer.length,
      objectPath: grant.objectPath,
      uploadToken: grant.uploadToken,
    })
    ids.push(created.id)
  }
  log(`uploaded ${PHOTOS} photos in ${((Date.now() - started) / 1000).toFixed(0)} s; waiting for processing`)
  const wanted = new Set(ids)
  for (;;) {
    const media = await client.call<Array<{ id: string; status?: string }>>('GET', '/api/media-files')
    const ready = media.filter((file) => wanted.has(file.id) && file.status === 'ready').length
    const failed = media.filter((file) => wanted.has(file.id) && file.status === 'failed').length
    if (failed) throw new Error(`${failed} photos failed processing`)
    if (ready === wanted.size) break
    await sleep(2000)
  }
  log(`processed in ${((Date.now() - started) / 1000).toFixed(0)} s; placing them in the sections`)
  await place(client, ids)
  return true
}

/** Spreads the photos over the sections in turn, every third with a description. */
async function place(client: Client, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await client.call('PUT', `/api/media-files/${id}/section`, { section: SECTIONS[index % SECTIONS.length], isHidden: 'false' })
    if (index % 3 === 0)
      await client.call('PUT', `/api/media-files/${id}/metadata`, { description: `Photo ${index + 1} of the property` })
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (mobile profile: Lighthouse's default config) and autocannon
// ---------------------------------------------------------------------------------------------

type NetworkRequest = { resourceType?: string; networkEndTime: number; transferSize: number }

/**
 * What Lighthouse's simulated LCP is built from: it replays the unthrottled load it observed, and
 * counts every script that had arrived and run before the observed LCP as needed for it. The
 * script bytes that had arrived by then show how much of the simulated LCP is the scripts'
 * download rather than the LCP image's own.
 */
function observedLoad(lhr: { audits: Record<string, { details?: unknown }> }) {
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0]
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []
  const observedLcpMs = Math.round(metrics?.observedLargestContentfulPaint ?? 0)
  const scriptBytesBeforeLcp = requests
    .filter((request) => request.resourceType === 'Script' && request.networkEndTime <= observedLcpMs)
    .reduce((sum, request) => sum + request.transferSize, 0)
  return { observedFcpMs: Math.round(metrics?.observedFirstContentfulPaint ?? 0), observedLcpMs, scriptBytesBeforeLcp }
}

/**
 * One Lighthouse run of the performance category, mobile, with the given throttling. A run that
 * Lighthouse could not score (a runtime error, or a metric it could not compute: the score is
 * then null, and every figure would read 0) is made again once, so no median counts it.
 */
async function audit(url: string, port: number, throttlingMethod: 'simulate' | 'devtools') {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod })
    if (!result) throw new Error('Lighthouse gave no result')
    const { lhr } = result
    if (!lhr.runtimeError && lhr.categories.performance.score !== null) return lhr
    const why = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no performance score'
    if (attempt === 2) throw new Error(`Lighthouse could not measure ${url} twice (${why})`)
    log(`lighthouse ${url}: the run gave ${why}; running it again`)
  }
}

async function lighthouseRuns(baseUrl: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  })
  const results: Record<string, unknown> = {}
  try {
    for (const page of [...PAGES, BASELINE_PAGE]) {
      const runs = []
      for (let run = 0; run < LH_RUNS; run++) {
        const lhr = await audit(`${baseUrl}${page}`, chrome.port, 'simulate')
        if (LH_SAVE) {
          await fs.mkdir(LH_SAVE, { recursive: true })
          await fs.writeFile(path.join(LH_SAVE, `${page.replace(/\W+/g, '_')}-${run + 1}.json`), JSON.stringify(lhr))
        }
        const figures = {
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
          fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(4)),
          speedIndexMs: Math.round(lhr.audits['speed-index'].numericValue ?? 0),
          transferBytes: Math.round(lhr.audits['total-byte-weight'].numericValue ?? 0),
          formFactor: lhr.configSettings.formFactor,
          throttling: lhr.configSettings.throttlingMethod,
        }
        const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as
          | {
              items?: Array<{
                items?: Array<{ node?: { selector?: string; snippet?: string }; phase?: string; timing?: number }>
              }>
            }
          | undefined
        const bootup = lhr.audits['bootup-time']?.details as
          { items?: Array<{ url: string; total: number; scripting: number }> } | undefined
        const diagnostics = {
          ...observedLoad(lhr),
          lcpElement: lcpElement?.items?.[0]?.items?.[0]?.node?.snippet,
          lcpPhases: lcpElement?.items?.[1]?.items?.map((item) => `${item.phase}: ${Math.round(item.timing ?? 0)} ms`),
          scripts: bootup?.items?.slice(0, 5).map((item) => `${item.url.replace(baseUrl, '')}: ${Math.round(item.total)} ms`),
        }
        if (process.env.BENCH_VERBOSE) log(`  ${JSON.stringify(diagnostics)}`)
        const { observedFcpMs, observedLcpMs, scriptBytesBeforeLcp } = diagnostics
        log(`lighthouse ${page} run ${run + 1}: ${JSON.stringify({ ...figures, observedFcpMs, observedLcpMs, scriptBytesBeforeLcp })}`)
        runs.push({ ...figures, diagnostics })
      }
      // The same page loaded with its network and CPU throttled as it loads (Lighthouse's
      // `devtools` method) instead of simulated from an unthrottled load: the LCP a phone on
      // that network sees, which does not move with when the scripts happened to run.
      const applied = []
      for (let run = 0; run < LH_RUNS; run++) {
        const lhr = await audit(`${baseUrl}${page}`, chrome.port, 'devtools')
        const lcpMs = Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0)
        log(`lighthouse ${page} applied throttling run ${run + 1}: LCP ${lcpMs} ms`)
        applied.push(lcpMs)
      }
      const summary = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        transferBytes: median(runs.map((r) => r.transferBytes)),
        appliedThrottlingLcpMs: median(applied),
      }
      if (page === BASELINE_PAGE) {
        results.baseline = { page: '/login (same layout and scripts, no gallery)', median: summary, runs }
        continue
      }
      results[page] = {
        median: summary,
        runs,
        appliedThrottlingLcpRuns: applied,
        meetsTargets: {
          performance: summary.performance >= TARGETS.performance,
          lcp: summary.lcpMs <= TARGETS.lcpMs,
          cls: summary.cls <= TARGETS.cls,
          transfer: summary.transferBytes <= TARGETS.transferBytes,
        },
      }
    }
  } finally {
    await chrome.kill()
  }
  const baseline = (results.baseline as { median: { performance: number; tbtMs: number; lcpMs: number; appliedThrottlingLcpMs: number } })
    .median
  for (const page of PAGES) {
    const { median: own } = results[page] as { median: typeof baseline }
    log(
      `lighthouse ${page} (median): performance ${own.performance}, LCP ${own.lcpMs} ms ` +
        `(${own.appliedThrottlingLcpMs} ms with applied throttling), TBT ${own.tbtMs} ms; ` +
        `same-run baseline (/login): performance ${baseline.performance}, LCP ${baseline.lcpMs} ms, TBT ${baseline.tbtMs} ms`,
    )
  }
  return results
}

async function load(baseUrl: string, urlPath: string) {
  const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' }
  for (let i = 0; i < 20; i++) await (await fetch(`${baseUrl}${urlPath}`, { headers })).arrayBuffer()
  const times: number[] = []
  const statuses: Record<string, number> = {}
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${baseUrl}${urlPath}`, connections: CONNECTIONS, duration: DURATION_S, headers },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime)
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    })
  })
  times.sort((a, b) => a - b)
  const figures = {
    path: urlPath,
    requests: times.length,
    requestsPerSecond: Math.round(times.length / DURATION_S),
    latencyMs: {
      p50: Number(percentile(times, 50).toFixed(1)),
      p95: Number(percentile(times, 95).toFixed(1)),
      p99: Number(percentile(times, 99).toFixed(1)),
      max: Number(times.at(-1)!.toFixed(1)),
    },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: times.length ? Math.round(result.throughput.total / times.length) : null,
  }
  log(`autocannon ${urlPath}: ${JSON.stringify(figures)}`)
  await sleep(2000)
  return figures
}

async function main() {
  const dataDir = KEEP_DIR ? path.resolve(KEEP_DIR) : await fs.mkdtemp(path.join(os.tmpdir(), 'gallery-bench-public-'))
  await fs.mkdir(dataDir, { recursive: true })
  await fs.chmod(dataDir, 0o755)
  log(`starting the product (data in ${dataDir})`)
  const { child, baseUrl } = await startProduct(dataDir)
  try {
    const seededNow = await seed(baseUrl)
    const loadAverageAtStart = os.loadavg()
    const html = await (await fetch(`${baseUrl}/gallery`)).text()
    // One of the page's script files (its stylesheets are inlined).
    const staticFile = /\/_next\/static\/chunks\/[^"'\s]+\.js/.exec(html)?.[0]
    if (!staticFile) throw new Error('No static file found in /gallery')
    await waitForIdleMachine('before Lighthouse')
    const lighthouseResults = ONLY === 'autocannon' ? null : await lighthouseRuns(baseUrl)
    if (ONLY !== 'lighthouse') await waitForIdleMachine('before autocannon')
    let autocannonResults = null
    if (ONLY !== 'lighthouse') {
      const staticRun = await load(baseUrl, staticFile)
      const pageRuns = []
      for (const page of PAGES) pageRuns.push(await load(baseUrl, page))
      autocannonResults = [staticRun, ...pageRuns].map((run) => ({
        ...run,
        p95VsStatic: Number((run.latencyMs.p95 / staticRun.latencyMs.p95).toFixed(2)),
        meetsTargets: { p95: run.latencyMs.p95 <= TARGETS.p95Ms, errors: run.errors + run.non2xx === TARGETS.errors },
      }))
      for (const run of autocannonResults)
        log(
          `${run.path}: p95 ${run.latencyMs.p95} ms = ${run.p95VsStatic} × the static file's p95 (${staticRun.latencyMs.p95} ms)`,
        )
    }
    const report = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg(),
      },
      setup: {
        photos: PHOTOS,
        seededThisRun: seededNow,
        photoSize: '2000x1500 JPEG',
        sections: SECTIONS,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        lighthouseRuns: LH_RUNS,
      },
      targets: TARGETS,
      lighthouse: lighthouseResults,
      autocannon: autocannonResults,
    }
    await fs.mkdir(path.dirname(RESULTS), { recursive: true })
    await fs.writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`)
    log(`results in ${path.relative(ROOT, RESULTS)}`)
  } finally {
    await stopProduct(child)
    if (!KEEP_DIR) await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
