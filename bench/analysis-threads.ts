// The analysis engine alone, in this process (no server, no jobs): images per second over the
// labelled photographs' 800-px WebP renditions with 1 and 2 inference threads, each run with
// one call in flight more than threads (as the worker's analysis slots), and the process CPU
// time per image. Shows what the inference threads buy on this machine; the load average at
// each run's start is recorded since the machine may be shared.
// Usage: npm run bench:analysis-threads   (BENCH_PHOTOS, default 80; writes bench/results/analysis-threads.json)
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { analyzeImageBytes } from '../src/server/analysis/engine'
import { setInferenceThreads, stopDetector } from '../src/server/analysis/model'
import { gitCommit, intEnv, log, machineInfo, RESULTS_DIR, ROOT, round } from './lib/harness'

const PHOTOS = intEnv('BENCH_PHOTOS', 80)
const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'analysis')

async function measure(renditions: Buffer[], threads: number) {
  await stopDetector()
  setInferenceThreads(threads)
  // Every thread loads its model before the clock starts.
  await Promise.all(Array.from({ length: threads }, (_, i) => analyzeImageBytes(renditions[i % renditions.length])))
  const loadAverageAtStart = os.loadavg().map((v) => round(v, 2))
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let next = 0
  const lane = async () => {
    while (next < PHOTOS) await analyzeImageBytes(renditions[next++ % renditions.length])
  }
  await Promise.all(Array.from({ length: threads + 1 }, lane))
  const seconds = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  const result = {
    threads,
    inFlight: threads + 1,
    photos: PHOTOS,
    seconds: round(seconds, 1),
    imagesPerSecond: round(PHOTOS / seconds, 2),
    processCpuSeconds: round(cpuSeconds, 1),
    cpuMsPerImage: Math.round((cpuSeconds * 1000) / PHOTOS),
    loadAverageAtStart,
  }
  log(JSON.stringify(result))
  return result
}

async function main() {
  const names = (await fs.readdir(FIXTURES)).filter((f) => f.endsWith('.jpg')).sort()
  const renditions = await Promise.all(
    names.map(async (name) => sharp(await fs.readFile(path.join(FIXTURES, name))).resize({ width: 800 }).webp({ quality: 80 }).toBuffer()),
  )
  log(`${PHOTOS} analyses of ${names.length} renditions, 1 then 2 inference threads`)
  const runs = [await measure(renditions, 1), await measure(renditions, 2)]
  await stopDetector()
  const report = { machine: machineInfo(), commit: gitCommit(), runs, speedUp: round(runs[1].imagesPerSecond / runs[0].imagesPerSecond, 2) }
  console.table(runs.map(({ loadAverageAtStart, ...r }) => ({ ...r, load1: loadAverageAtStart[0] })))
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  await fs.writeFile(path.join(RESULTS_DIR, 'analysis-threads.json'), `${JSON.stringify(report, null, 2)}\n`)
  log('Wrote bench/results/analysis-threads.json')
}

await main()
