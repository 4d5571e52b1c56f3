// Analysis benchmark (ARCHITECTURE §7): 200 processed photos analysed end to end through the
// jobs (Analyze All on the production server, the worker in its own process) against a plain
// loop running the same model on the same renditions, in one run; the worker's peak RSS;
// GET /api/sections latency while analysis runs against idle; and the accuracy of category
// and suggestions on the labelled real photographs in tests/fixtures/analysis.
// Usage: npm run bench:analysis   (knobs: BENCH_PHOTOS, BENCH_STRICT=1; see bench/README.md)
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { measureAccuracy } from './lib/analysis-accuracy'
import {
  appInfo,
  BenchRun,
  cpuSeconds,
  ensureBuild,
  intEnv,
  log,
  machineInfo,
  printChecks,
  processTree,
  ROOT,
  round,
  RssSampler,
  sleep,
  waitForIdleMachine,
  waitForReady,
  WORKER_ENTRY,
} from './lib/harness'

const PHOTOS = intEnv('BENCH_PHOTOS', 200)
const STRICT = process.env.BENCH_STRICT === '1'
const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'analysis')

const TARGETS = { imagesPerSecond: 4, vsLoopMin: 0.8, workerRssMb: 700, sectionsP95VsIdleMax: 2 }

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** GET /api/sections from 4 clients until stop(); every response time in ms. */
function sectionsLoad(baseUrl: string) {
  const times: number[] = []
  let stopped = false
  const client = async () => {
    while (!stopped) {
      const t0 = performance.now()
      const res = await fetch(`${baseUrl}/api/sections`)
      await res.arrayBuffer()
      times.push(performance.now() - t0)
      await sleep(50)
    }
  }
  const running = Promise.all(Array.from({ length: 4 }, client))
  return async () => {
    stopped = true
    await running
    return times
  }
}

async function main() {
  await ensureBuild()
  const run = await BenchRun.open('gallery-bench-analysis-')
  try {
    const services = await run.startServices({ ownProcess: true })
    Object.assign(process.env, services.env)
    const env = { ...services.env, JOBS_WORKER: 'off', ANALYZE_ON_UPLOAD: 'false' }
    const server = await run.start(env)
    await waitForReady(server)
    const { putObject, getObject } = await import('../src/server/storage/s3')
    const { analyzeImageBytes } = await import('../src/server/analysis/engine')
    const { inferenceThreadCount, setInferenceThreads, WORKER_INFERENCE_NICE } = await import('../src/server/analysis/model')
    // The worker process (npm run worker) runs this many inference threads at this priority; the loop too.
    const threads = inferenceThreadCount(process.env, true)
    setInferenceThreads(threads, { nice: WORKER_INFERENCE_NICE })

    // 1. 200 processed photos: 800-px WebP renditions of the real photographs, each one varied
    //    (crop, mirror, brightness) so no two are the same bytes, and their ready records.
    const names = (await fs.readdir(FIXTURES)).filter((f) => f.endsWith('.jpg')).sort()
    log(`Storing ${PHOTOS} renditions made from ${names.length} real photographs`)
    const keys: string[] = []
    const db = new pg.Client({ connectionString: services.env.DATABASE_URL })
    await db.connect()
    for (let i = 0; i < PHOTOS; i++) {
      const source = sharp(await fs.readFile(path.join(FIXTURES, names[i % names.length])))
      const meta = await source.metadata()
      const cut = (i % 5) * 0.03
      const width = Math.round(meta.width! * (1 - cut))
      const height = Math.round(meta.height! * (1 - cut))
      let image = source.extract({ left: Math.round((meta.width! - width) / 2), top: Math.round((meta.height! - height) / 2), width, height })
      if (i % 2) image = image.flop()
      const bytes = await image.modulate({ brightness: 0.9 + (i % 7) * 0.03 }).resize({ width: 800 }).webp({ quality: 80 }).toBuffer()
      const key = `variants/bench-${i}/800.webp`
      await putObject(key, bytes, 'image/webp', bytes.length)
      keys.push(key)
      await db.query(
        `INSERT INTO media (original_filename, file_type, uploaded_at, status, filename, mime_type, storage_key, derivatives, width, height)
         VALUES ($1, 'image', now(), 'ready', $1, 'image/jpeg', $2, $3, 800, 600)`,
        [`bench-${i}.jpg`, `originals/bench-${i}.jpg`, JSON.stringify([{ width: 800, height: 600, key, size: bytes.length }])],
      )
    }

    // 2. The plain loop: the same model on the same renditions, as many at once as the worker
    //    has analysis slots (its inference threads + 1), without jobs, database or HTTP.
    await waitForIdleMachine('before the plain loop')
    log(`Plain loop: read each rendition from the store and run the engine on it (${threads} inference threads)`)
    const read = async (key: string) => Buffer.from(await (await getObject(key))!.Body!.transformToByteArray())
    await Promise.all(keys.slice(0, threads).map(async (key) => analyzeImageBytes(await read(key)))) // model loads
    const loopLoad = os.loadavg().map((v) => round(v, 2))
    const loopCpu0 = process.cpuUsage()
    const loopStart = performance.now()
    let nextKey = 0
    const lane = async () => {
      while (nextKey < keys.length) await analyzeImageBytes(await read(keys[nextKey++]))
    }
    await Promise.all(Array.from({ length: threads + 1 }, lane))
    const loopSeconds = (performance.now() - loopStart) / 1000
    const loopCpu = process.cpuUsage(loopCpu0)
    const loopRate = PHOTOS / loopSeconds
    const { stopDetector } = await import('../src/server/analysis/model')
    await stopDetector()

    // 3. /api/sections idle.
    await waitForIdleMachine('before the idle latency run')
    const stopIdle = sectionsLoad(server.baseUrl)
    await sleep(10_000)
    const idleTimes = await stopIdle()

    // 4. End to end: Analyze All as the manager, the worker in its own process.
    const register = await fetch(`${server.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ username: 'bench', password: 'a long enough password' }),
    })
    const cookie = register.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!.split(';')[0]
    const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' }
    const worker = await run.start({ ...services.env, ANALYZE_ON_UPLOAD: 'false' }, { entry: WORKER_ENTRY })
    await sleep(8000) // the worker's Payload start; its model loads on the first job
    const rss = new RssSampler([worker.child.pid!])
    rss.start()
    await waitForIdleMachine('before Analyze All')
    log('Analyze All through the jobs')
    const jobsLoad = os.loadavg().map((v) => round(v, 2))
    const workerPids = processTree(worker.child.pid!)
    const workerCpu0 = cpuSeconds(workerPids)
    const stopBusy = sectionsLoad(server.baseUrl)
    const jobsStart = performance.now()
    const answer = (await (await fetch(`${server.baseUrl}/api/media-files/analyze-all`, { method: 'POST', headers })).json()) as {
      analyzed: number
      pending?: number
      jobId?: string
    }
    let analyzed = answer.analyzed
    if (answer.jobId) {
      for (;;) {
        const progress = (await (await fetch(`${server.baseUrl}/api/media-files/analyze-all/${answer.jobId}`, { headers })).json()) as {
          analyzed: number
          skipped: number
          done: boolean
        }
        analyzed = progress.analyzed
        if (progress.done) break
        await sleep(250)
      }
    }
    const jobsSeconds = (performance.now() - jobsStart) / 1000
    const workerCpuSeconds = cpuSeconds(workerPids) - workerCpu0
    const busyTimes = await stopBusy()
    rss.stop()
    const jobsRate = analyzed / jobsSeconds
    const workerRss = rss.report()

    // 5. Accuracy on the labelled real photographs (human labels in tests/fixtures/analysis/labels.json).
    log('Accuracy on the labelled photographs')
    const accuracy = await measureAccuracy(FIXTURES)
    await db.end()

    const idleP95 = percentile(idleTimes, 95)
    const busyP95 = percentile(busyTimes, 95)
    const results = {
      photos: PHOTOS,
      inferenceThreads: threads,
      plainLoop: {
        seconds: round(loopSeconds, 1),
        imagesPerSecond: round(loopRate, 2),
        processCpuSeconds: round((loopCpu.user + loopCpu.system) / 1e6, 1),
        cpuMsPerImage: Math.round((loopCpu.user + loopCpu.system) / 1000 / PHOTOS),
        loadAverageAtStart: loopLoad,
      },
      throughJobs: {
        analyzed,
        seconds: round(jobsSeconds, 1),
        imagesPerSecond: round(jobsRate, 2),
        workerCpuSeconds: round(workerCpuSeconds, 1),
        workerCpuMsPerImage: Math.round((workerCpuSeconds * 1000) / Math.max(1, analyzed)),
        loadAverageAtStart: jobsLoad,
      },
      jobsVsLoop: round(jobsRate / loopRate, 2),
      workerRss,
      sections: {
        idle: { requests: idleTimes.length, p50Ms: round(percentile(idleTimes, 50), 1), p95Ms: round(idleP95, 1) },
        duringAnalysis: { requests: busyTimes.length, p50Ms: round(percentile(busyTimes, 50), 1), p95Ms: round(busyP95, 1) },
        p95VsIdle: round(busyP95 / Math.max(idleP95, 0.1), 2),
      },
      accuracy,
    }
    console.table({
      'plain loop': {
        'images/s': results.plainLoop.imagesPerSecond,
        seconds: results.plainLoop.seconds,
        'CPU ms/image': results.plainLoop.cpuMsPerImage,
        'load (1 min) at start': results.plainLoop.loadAverageAtStart[0],
      },
      'through the jobs': {
        'images/s': results.throughJobs.imagesPerSecond,
        seconds: results.throughJobs.seconds,
        'CPU ms/image': results.throughJobs.workerCpuMsPerImage,
        'load (1 min) at start': results.throughJobs.loadAverageAtStart[0],
      },
    })
    console.table({ idle: results.sections.idle, 'during analysis': results.sections.duringAnalysis })
    console.log('Accuracy:', JSON.stringify({ ...results.accuracy, perPhoto: undefined }, null, 2))
    const checks = [
      { target: `through the jobs ≥ ${TARGETS.imagesPerSecond} images/s`, actual: `${results.throughJobs.imagesPerSecond}`, pass: jobsRate >= TARGETS.imagesPerSecond },
      { target: `jobs ÷ plain loop ≥ ${TARGETS.vsLoopMin}`, actual: `${results.jobsVsLoop}`, pass: results.jobsVsLoop >= TARGETS.vsLoopMin },
      { target: `worker peak RSS ≤ ${TARGETS.workerRssMb} MB`, actual: `${workerRss.peakMb} MB`, pass: workerRss.peakMb <= TARGETS.workerRssMb },
      { target: `/api/sections p95 during analysis ≤ ${TARGETS.sectionsP95VsIdleMax}× idle`, actual: `${results.sections.p95VsIdle}×`, pass: results.sections.p95VsIdle <= TARGETS.sectionsP95VsIdleMax },
      { target: `all ${PHOTOS} analysed`, actual: `${analyzed}`, pass: analyzed === PHOTOS },
    ]
    printChecks(checks)
    const report = { pass: checks.every((c) => c.pass), machine: machineInfo(), app: appInfo(), targets: TARGETS, results, checks }
    await run.writeReport('analysis.json', report, STRICT)
  } catch (error) {
    run.fail(error)
  } finally {
    await run.cleanup()
  }
}

await main()
