// Analysis benchmark (docs/architecture.md §8): 200 processed photos analysed end to end through the
// jobs (Analyze All on the production server, the worker in its own process) against a plain
// loop running the same model on the same renditions, in one run; the worker's peak RSS;
// GET /api/sections latency while analysis runs against idle; and the accuracy of category
// and suggestions on the labelled real photographs in tests/fixtures/analysis.
// Usage: npm run bench:analysis   (knobs: BENCH_PHOTOS, BENCH_STRICT=1; see bench/README.md)
import { spawn } from 'node:child_process'
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
  machineBusySeconds,
  machineInfo,
  printChecks,
  processTree,
  ROOT,
  round,
  RssSampler,
  sleep,
  threadsOf,
  threadUse,
  waitForIdleMachine,
  waitForReady,
  WORKER_ENTRY,
} from './lib/harness'
import { TSX_NODE_ARGS } from '../src/host/entries'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from '../src/server/analysis/analysis-task'

const PHOTOS = intEnv('BENCH_PHOTOS', 200)
const STRICT = process.env.BENCH_STRICT === '1'
const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'analysis')

/**
 * BENCH_NICE_SWEEP=0,10,19: during Analyze All, the worker's threads are set to each nice value in
 * turn for 3 s, and /api/sections latency is reported per value (the same run, the same foreign
 * load); throughput is then not comparable, so the report goes to analysis-nice-sweep.json.
 */
const NICE_SWEEP = (process.env.BENCH_NICE_SWEEP ?? '')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean)
  .map(Number)
  .filter((v) => Number.isInteger(v) && v >= 0 && v <= 19)
const SWEEP_STEP_MS = 3000

const TARGETS = { imagesPerSecond: 4, vsLoopMin: 0.8, workerRssMb: 700, sectionsP95VsIdleMax: 2 }

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * GET /api/sections from 4 clients until stop(); every response time in ms, each with the label
 * current when it was sent (the worker's nice value in a sweep).
 */
function sectionsLoad(baseUrl: string, label: () => string | null = () => null) {
  const samples: { ms: number; label: string | null }[] = []
  let stopped = false
  const client = async () => {
    while (!stopped) {
      const at = label()
      const t0 = performance.now()
      const res = await fetch(`${baseUrl}/api/sections`)
      await res.arrayBuffer()
      // A call that straddled a change of label counts for neither.
      const ms = performance.now() - t0
      samples.push({ ms, label: label() === at ? at : 'mixed' })
      await sleep(50)
    }
  }
  const running = Promise.all(Array.from({ length: 4 }, client))
  const stop = async () => {
    stopped = true
    await running
    return samples.map((s) => s.ms)
  }
  return Object.assign(stop, { samples })
}

/** Sets the nice value of every thread of a process (a sweep; lowering it back needs privileges). */
function reniceProcess(pid: number, nice: number): boolean {
  let ok = true
  for (const { tid } of threadsOf(pid)) {
    try {
      os.setPriority(tid, nice)
    } catch (error) {
      // A thread that ended meanwhile is no refusal.
      if ((error as { info?: { code?: string } }).info?.code !== 'ESRCH') ok = false
    }
  }
  return ok
}

/**
 * Starts measuring a phase; the function it answers gives the wall time, how many cores the
 * whole machine kept busy, and how many of them went to processes outside this benchmark (the
 * bench process and everything it started: server, worker, services, the loop). On a shared
 * machine that share says how much the figures were squeezed.
 */
function phaseMeter() {
  const ours = () => cpuSeconds(processTree(process.pid))
  const busy0 = machineBusySeconds()
  const ours0 = ours()
  const t0 = performance.now()
  return () => {
    const wall = (performance.now() - t0) / 1000
    const busy = machineBusySeconds() - busy0
    return {
      wallSeconds: round(wall, 1),
      machineBusyCores: round(busy / wall, 2),
      otherProcessesCores: round(Math.max(0, busy - (ours() - ours0)) / wall, 2),
    }
  }
}

type PhaseMachine = ReturnType<ReturnType<typeof phaseMeter>>

type JobsRun = {
  force: boolean
  analyzed: number
  seconds: number
  workerCpuSeconds: number
  loadAverageAtStart: number[]
  workerThreads: ReturnType<typeof threadUse>
  othersCpu: { server: number; services: number; bench: number }
  machine: PhaseMachine
  byNice?: Record<string, { requests: number; p50Ms: number; p95Ms: number }>
  sweepRefused: boolean
  /** The run's count (analysed + skipped) as the manager's screen saw it, once a second while it ran. */
  countsSeen: number[]
  /** Records marked analysed once the run was done. */
  analysedRecords: number
}

/**
 * Reads the count of the run under way as the manager's screen does (GET
 * /api/runs?kind=analysis&limit=1 once a second) until stopped; answers the counts seen.
 */
function watchRunCount(baseUrl: string, headers: Record<string, string>) {
  const counts: number[] = []
  let stopped = false
  const watching = (async () => {
    while (!stopped) {
      await sleep(1000)
      const [current] = (await (await fetch(`${baseUrl}/api/runs?kind=analysis&limit=1`, { headers })).json()) as { status: string; done: number }[]
      if (current?.status === 'running' && !stopped) counts.push(current.done)
    }
  })()
  return async () => {
    stopped = true
    await watching
    return counts
  }
}

/**
 * Runs one analysis job per rendition through the worker's queue, on records made for it and
 * deleted afterwards: the worker loads its model and warms up before anything is measured.
 */
async function warmUpWorker(db: pg.Client, keys: string[]) {
  const start = performance.now()
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO media (original_filename, file_type, uploaded_at, status, filename, mime_type, storage_key, derivatives, width, height, property_id)
     SELECT 'warm-up-' || k.n || '.jpg', 'image', now(), 'ready', 'warm-up-' || k.n || '.jpg', 'image/jpeg', 'originals/warm-up-' || k.n,
            jsonb_build_array(jsonb_build_object('width', 800, 'height', 600, 'key', k.key)), 800, 600, (SELECT id FROM properties WHERE is_default)
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n)
     RETURNING id::text`,
    [keys],
  )
  const ids = rows.map((r) => r.id)
  await db.query(
    `INSERT INTO payload_jobs (input, task_slug, queue) SELECT jsonb_build_object('mediaId', id), $2, $3 FROM unnest($1::text[]) AS id`,
    [ids, ANALYZE_TASK, ANALYSIS_QUEUE],
  )
  for (;;) {
    const left = await db.query(`SELECT 1 FROM payload_jobs WHERE queue = $2 AND input->>'mediaId' = ANY($1::text[]) AND has_error IS NOT TRUE`, [
      ids,
      ANALYSIS_QUEUE,
    ])
    if (!left.rowCount) break
    await sleep(200)
  }
  const failed = await db.query<{ analysis_error: string | null }>(`SELECT analysis_error FROM media WHERE id = ANY($1::uuid[]) AND is_analyzed IS NOT TRUE`, [ids])
  if (failed.rowCount) throw new Error(`The worker's warm-up failed: ${failed.rows.map((r) => r.analysis_error).join('; ')}`)
  await db.query(`DELETE FROM media WHERE id = ANY($1::uuid[])`, [ids])
  return { photos: ids.length, seconds: round((performance.now() - start) / 1000, 1) }
}

type LoopResult = {
  threads: number
  nice: number
  seconds: number
  cpuSeconds: number
  loadAverageAtStart: number[]
  busiestThreads: ReturnType<typeof threadUse>
}

/** The plain loop in its own process (bench/lib/analysis-loop.ts); its one line of JSON. */
function runLoop(keys: string[], env: Record<string, string>): Promise<LoopResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX_NODE_ARGS, path.join(ROOT, 'bench', 'lib', 'analysis-loop.ts'), ...keys], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`The plain loop failed (exit ${code}): ${out.slice(-2000)}`))
      else resolve(JSON.parse(line) as LoopResult)
    })
  })
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
    const { putObject } = await import('../src/server/storage/put-object')
    const { inferenceThreadCount } = await import('../src/server/analysis/model')
    // The worker process (npm run worker) runs this many inference threads; the loop too.
    const threads = inferenceThreadCount(process.env, true)

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
      await putObject({ key, body: bytes, contentType: 'image/webp' })
      keys.push(key)
      await db.query(
        `INSERT INTO media (original_filename, file_type, uploaded_at, status, filename, mime_type, storage_key, derivatives, width, height, property_id)
         VALUES ($1, 'image', now(), 'ready', $1, 'image/jpeg', $2, $3, 800, 600, (SELECT id FROM properties WHERE is_default))`,
        [`bench-${i}.jpg`, `originals/bench-${i}.jpg`, JSON.stringify([{ width: 800, height: 600, key, size: bytes.length }])],
      )
    }

    // 2. The worker (npm run worker) in its own process, warmed up as the loop is: one photo per
    //    inference thread goes through its analysis queue first (the model loads once per worker
    //    process, on its first job), as records of their own, deleted afterwards.
    const register = await fetch(`${server.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ username: 'bench', password: 'a long enough password' }),
    })
    const cookie = register.headers.getSetCookie().find((c) => c.startsWith('payload-token='))!.split(';')[0]
    const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' }
    const worker = await run.start({ ...services.env, ANALYZE_ON_UPLOAD: 'false' }, { entry: WORKER_ENTRY })
    const rss = new RssSampler([worker.child.pid!])
    rss.start()
    const warmUp = await warmUpWorker(db, keys.slice(0, threads))
    log(`Worker warmed up: ${threads} photos in ${warmUp.seconds} s (its Payload start and model load)`)

    // 3. /api/sections idle.
    await waitForIdleMachine('before the idle latency run')
    const idleMeter = phaseMeter()
    const stopIdle = sectionsLoad(server.baseUrl)
    await sleep(10_000)
    const idleBefore = await stopIdle()
    const idleMachine = [idleMeter()]

    // 4. The plain loop and Analyze All in turn, loop first and last (L J L J L): this machine's
    //    speed drifts over minutes (other virtual machines on its host, which /proc does not
    //    show), and alternating spreads the drift over both paths. The loop: the same model on
    //    the same renditions, as many at once as the worker has analysis slots (two per inference
    //    thread), without jobs, database or HTTP, in a process of its own at the worker's priority
    //    (bench/lib/analysis-loop.ts), under the same /api/sections visitors as Analyze All, so
    //    the ratio compares the two paths and not the load on one of them. Analyze All: as the
    //    manager, the second time with { force: true } (every photo analysed again).
    const loops: { result: LoopResult; machine: PhaseMachine }[] = []
    const loopVisitorTimes: number[] = []
    const plainLoop = async (label: string) => {
      await waitForIdleMachine(`before the plain loop (${label})`)
      log(`Plain loop (${label}): read each rendition from the store and run the engine on it (${threads} inference threads)`)
      const meter = phaseMeter()
      const stopVisitors = sectionsLoad(server.baseUrl)
      const result = await runLoop(keys, services.env)
      loopVisitorTimes.push(...(await stopVisitors()))
      loops.push({ result, machine: meter() })
    }
    const jobRuns: JobsRun[] = []
    const busyTimes: number[] = []
    const analyzeAll = async (force: boolean) => {
      await waitForIdleMachine(`before Analyze All${force ? ' (force)' : ''}`)
      log(`Analyze All through the jobs${force ? ' (force: every photo again)' : ''}`)
      const jobsLoad = os.loadavg().map((v) => round(v, 2))
      const workerPids = processTree(worker.child.pid!)
      const workerCpu0 = cpuSeconds(workerPids)
      const serverPids = processTree(server.child.pid!)
      const servicesPids = run.servicesPid ? processTree(run.servicesPid) : []
      const others0 = { server: cpuSeconds(serverPids), services: cpuSeconds(servicesPids), bench: process.cpuUsage() }
      const workerThreads0 = threadsOf(worker.child.pid!)
      const jobsMeter = phaseMeter()
      let sweepNice: number | null = null
      let sweepTimer: NodeJS.Timeout | undefined
      let sweepRefused = false
      if (NICE_SWEEP.length) {
        let step = 0
        const next = () => {
          sweepNice = NICE_SWEEP[step++ % NICE_SWEEP.length]
          if (!reniceProcess(worker.child.pid!, sweepNice)) sweepRefused = true
        }
        next()
        sweepTimer = setInterval(next, SWEEP_STEP_MS)
      }
      const stopBusy = sectionsLoad(server.baseUrl, () => (sweepNice === null ? null : String(sweepNice)))
      const stopWatching = watchRunCount(server.baseUrl, headers)
      const jobsStart = performance.now()
      const answer = (await (
        await fetch(`${server.baseUrl}/api/media-files/analyze-all`, { method: 'POST', headers, body: JSON.stringify({ force }) })
      ).json()) as { analyzed: number; runId?: string; statusUrl?: string }
      let analyzed = answer.analyzed
      // Still running after the server's wait (202): its run, followed until it ends.
      while (answer.statusUrl) {
        const run = (await (await fetch(`${server.baseUrl}${answer.statusUrl}`, { headers })).json()) as { status: string; result: { analyzed: number } | null }
        if (run.status !== 'running') {
          analyzed = run.result?.analyzed ?? 0
          break
        }
        await sleep(250)
      }
      const seconds = (performance.now() - jobsStart) / 1000
      const countsSeen = await stopWatching()
      const analysedRecords = ((await db.query(`SELECT count(*)::int AS n FROM media WHERE is_analyzed`)).rows[0] as { n: number }).n
      const workerCpuSeconds = cpuSeconds(workerPids) - workerCpu0
      const workerThreads = threadUse(workerThreads0, threadsOf(worker.child.pid!), seconds).slice(0, 8)
      const benchCpu = process.cpuUsage(others0.bench)
      const othersCpu = {
        server: round(cpuSeconds(processTree(server.child.pid!)) - others0.server, 1),
        services: round(cpuSeconds(servicesPids) - others0.services, 1),
        bench: round((benchCpu.user + benchCpu.system) / 1e6, 1),
      }
      busyTimes.push(...(await stopBusy()))
      clearInterval(sweepTimer)
      const byNice = NICE_SWEEP.length
        ? Object.fromEntries(
            NICE_SWEEP.map((nice) => {
              const times = stopBusy.samples.filter((x) => x.label === String(nice)).map((x) => x.ms)
              return [`nice ${nice}`, { requests: times.length, p50Ms: round(percentile(times, 50), 1), p95Ms: round(percentile(times, 95), 1) }]
            }),
          )
        : undefined
      jobRuns.push({
        force,
        analyzed,
        seconds,
        workerCpuSeconds,
        loadAverageAtStart: jobsLoad,
        workerThreads,
        othersCpu,
        machine: jobsMeter(),
        byNice,
        sweepRefused,
        countsSeen,
        analysedRecords,
      })
    }
    await plainLoop('1 of 3')
    await analyzeAll(false)
    await plainLoop('2 of 3')
    await analyzeAll(true)
    await plainLoop('3 of 3')
    rss.stop()

    // 5. /api/sections idle again, the worker idle: two idle windows, before and after, pooled.
    await waitForIdleMachine('before the second idle latency run')
    const idleAfterMeter = phaseMeter()
    const stopIdleAfter = sectionsLoad(server.baseUrl)
    await sleep(10_000)
    const idleAfter = await stopIdleAfter()
    idleMachine.push(idleAfterMeter())
    const idleTimes = [...idleBefore, ...idleAfter]

    const loopSeconds = loops.reduce((sum, l) => sum + l.result.seconds, 0)
    const loopRate = (loops.length * PHOTOS) / loopSeconds
    const loopCpuSeconds = loops.reduce((sum, l) => sum + l.result.cpuSeconds, 0)
    const loopThreads = loops[0].result.busiestThreads
    const loopRun = ({ result: r, machine }: { result: LoopResult; machine: PhaseMachine }) => ({
      seconds: round(r.seconds, 1),
      imagesPerSecond: round(PHOTOS / r.seconds, 2),
      cpuMsPerImage: Math.round((r.cpuSeconds * 1000) / PHOTOS),
      loadAverageAtStart: r.loadAverageAtStart,
      machine,
    })
    const jobsAnalyzed = jobRuns.reduce((sum, j) => sum + j.analyzed, 0)
    const jobsSeconds = jobRuns.reduce((sum, j) => sum + j.seconds, 0)
    const jobsRate = jobsAnalyzed / jobsSeconds
    // Each Analyze All against the mean rate of the loops either side of it.
    const pairRatios = jobRuns.map((j, i) => {
      const around = [loops[i], loops[i + 1]].map((l) => PHOTOS / l.result.seconds)
      return round(j.analyzed / j.seconds / ((around[0] + around[1]) / 2), 2)
    })
    const workerRss = rss.report()

    // 5. Accuracy on the labelled real photographs (human labels in tests/fixtures/analysis/labels.json).
    log('Accuracy on the labelled photographs')
    const accuracy = await measureAccuracy(FIXTURES)
    await db.end()

    const idleP95 = percentile(idleTimes, 95)
    const busyP95 = percentile(busyTimes, 95)
    const jobsRun = (j: JobsRun) => ({
      force: j.force,
      analyzed: j.analyzed,
      seconds: round(j.seconds, 1),
      imagesPerSecond: round(j.analyzed / j.seconds, 2),
      workerCpuSeconds: round(j.workerCpuSeconds, 1),
      workerCpuMsPerImage: Math.round((j.workerCpuSeconds * 1000) / Math.max(1, j.analyzed)),
      loadAverageAtStart: j.loadAverageAtStart,
      busiestWorkerThreads: j.workerThreads,
      otherCpuSeconds: j.othersCpu,
      machine: j.machine,
      countsSeen: j.countsSeen,
      analysedRecords: j.analysedRecords,
    })
    const jobsCpuSeconds = jobRuns.reduce((sum, j) => sum + j.workerCpuSeconds, 0)
    const byNice = jobRuns[0].byNice
    const results = {
      photos: PHOTOS,
      inferenceThreads: threads,
      workerWarmUp: warmUp,
      plainLoop: {
        // All runs together: runs × photos over their summed wall time.
        seconds: round(loopSeconds, 1),
        imagesPerSecond: round(loopRate, 2),
        nice: loops[0].result.nice,
        processCpuSeconds: round(loopCpuSeconds, 1),
        cpuMsPerImage: Math.round((loopCpuSeconds * 1000) / (loops.length * PHOTOS)),
        runs: loops.map(loopRun),
        // GET /api/sections from the same 4 clients as during Analyze All, while the loops ran.
        sectionsRequests: loopVisitorTimes.length,
        sectionsP95Ms: round(percentile(loopVisitorTimes, 95), 1),
        busiestThreadsOfTheFirstRun: loopThreads,
      },
      throughJobs: {
        // Both Analyze All runs together: photos analysed over their summed wall time.
        analyzed: jobsAnalyzed,
        seconds: round(jobsSeconds, 1),
        imagesPerSecond: round(jobsRate, 2),
        workerCpuMsPerImage: Math.round((jobsCpuSeconds * 1000) / Math.max(1, jobsAnalyzed)),
        runs: jobRuns.map(jobsRun),
      },
      jobsVsLoop: round(jobsRate / loopRate, 2),
      jobsVsAdjacentLoops: pairRatios,
      workerRss,
      sections: {
        idle: {
          requests: idleTimes.length,
          p50Ms: round(percentile(idleTimes, 50), 1),
          p95Ms: round(idleP95, 1),
          beforeP95Ms: round(percentile(idleBefore, 95), 1),
          afterP95Ms: round(percentile(idleAfter, 95), 1),
          machine: idleMachine,
        },
        duringAnalysis: { requests: busyTimes.length, p50Ms: round(percentile(busyTimes, 50), 1), p95Ms: round(busyP95, 1) },
        p95VsIdle: round(busyP95 / Math.max(idleP95, 0.1), 2),
        duringAnalysisByWorkerNice: byNice && { ...byNice, stepMs: SWEEP_STEP_MS, refused: jobRuns.some((j) => j.sweepRefused) },
      },
      accuracy,
    }
    console.table({
      ...Object.fromEntries(
        results.plainLoop.runs.map((r, i) => [
          `plain loop ${i + 1}`,
          { 'images/s': r.imagesPerSecond, seconds: r.seconds, 'CPU ms/image': r.cpuMsPerImage, 'load (1 min) at start': r.loadAverageAtStart[0] },
        ]),
      ),
      ...Object.fromEntries(
        results.throughJobs.runs.map((r, i) => [
          `Analyze All ${i + 1}${r.force ? ' (force)' : ''}`,
          { 'images/s': r.imagesPerSecond, seconds: r.seconds, 'CPU ms/image': r.workerCpuMsPerImage, 'load (1 min) at start': r.loadAverageAtStart[0] },
        ]),
      ),
      'plain loops (all)': { 'images/s': results.plainLoop.imagesPerSecond, seconds: results.plainLoop.seconds, 'CPU ms/image': results.plainLoop.cpuMsPerImage },
      'through the jobs (all)': { 'images/s': results.throughJobs.imagesPerSecond, seconds: results.throughJobs.seconds, 'CPU ms/image': results.throughJobs.workerCpuMsPerImage },
    })
    console.log(`Jobs ÷ loops: ${results.jobsVsLoop} overall; each Analyze All against the loops either side: ${pairRatios.join(', ')}`)
    console.log('Busiest threads of the first plain loop (its own process):')
    console.table(loopThreads)
    jobRuns.forEach((j, i) => {
      console.log(`Busiest threads of the worker during Analyze All ${i + 1}:`)
      console.table(j.workerThreads)
      console.log(`CPU seconds of the other processes during Analyze All ${i + 1}:`, j.othersCpu)
    })
    console.table({
      'idle (before and after)': { requests: idleTimes.length, p50Ms: results.sections.idle.p50Ms, p95Ms: results.sections.idle.p95Ms },
      'idle before': { requests: idleBefore.length, p95Ms: results.sections.idle.beforeP95Ms },
      'idle after': { requests: idleAfter.length, p95Ms: results.sections.idle.afterP95Ms },
      'during analysis': results.sections.duringAnalysis,
    })
    if (byNice) {
      console.log(`/api/sections during the first Analyze All by the worker's nice value (${SWEEP_STEP_MS / 1000} s each in turn):`)
      console.table(byNice)
    }
    console.log('Cores busy, whole machine and other processes:', {
      loops: loops.map((l) => l.machine),
      jobs: jobRuns.map((j) => j.machine),
      idle: idleMachine,
    })
    console.log('Accuracy:', JSON.stringify({ ...results.accuracy, perPhoto: undefined }, null, 2))
    const checks = [
      { target: `through the jobs ≥ ${TARGETS.imagesPerSecond} images/s`, actual: `${results.throughJobs.imagesPerSecond}`, pass: jobsRate >= TARGETS.imagesPerSecond },
      { target: `jobs ÷ plain loop ≥ ${TARGETS.vsLoopMin}`, actual: `${results.jobsVsLoop}`, pass: results.jobsVsLoop >= TARGETS.vsLoopMin },
      { target: `worker peak RSS ≤ ${TARGETS.workerRssMb} MB`, actual: `${workerRss.peakMb} MB`, pass: workerRss.peakMb <= TARGETS.workerRssMb },
      { target: `/api/sections p95 during analysis ≤ ${TARGETS.sectionsP95VsIdleMax}× idle`, actual: `${results.sections.p95VsIdle}×`, pass: results.sections.p95VsIdle <= TARGETS.sectionsP95VsIdleMax },
      { target: `all ${PHOTOS} analysed, each time`, actual: jobRuns.map((j) => j.analyzed).join(', '), pass: jobRuns.every((j) => j.analyzed === PHOTOS) },
      {
        target: `all ${PHOTOS} records marked analysed, each time`,
        actual: jobRuns.map((j) => j.analysedRecords).join(', '),
        pass: jobRuns.every((j) => j.analysedRecords === PHOTOS),
      },
      {
        // What the manager watches (the end-to-end test does this on a small batch): the real count rises while the run goes on.
        target: "the run's count rises while it runs, each time",
        actual: jobRuns.map((j) => `${j.countsSeen[0] ?? '-'} … ${j.countsSeen.at(-1) ?? '-'} of ${PHOTOS} (${new Set(j.countsSeen).size} counts)`).join('; '),
        pass: jobRuns.every(
          (j) => new Set(j.countsSeen).size >= 2 && j.countsSeen.every((count, i) => count <= PHOTOS && (i === 0 || count >= j.countsSeen[i - 1])),
        ),
      },
    ]
    printChecks(checks)
    const report = { pass: checks.every((c) => c.pass), machine: machineInfo(), app: appInfo(), targets: TARGETS, results, checks }
    await run.writeReport(NICE_SWEEP.length ? 'analysis-nice-sweep.json' : 'analysis.json', report, STRICT && !NICE_SWEEP.length)
  } catch (error) {
    run.fail(error)
  } finally {
    await run.cleanup()
  }
}

await main()
