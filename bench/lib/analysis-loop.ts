// The plain loop of bench:analysis, in a process of its own at the worker's priority: reads each
// rendition from the store (S3_* from the environment) and runs the engine on it, with as many
// inference threads as the worker (`npm run worker`) and as many calls in flight as the worker has
// analysis slots (two per thread), after a warm-up (the models load). Like the worker, every thread
// of the process runs at WORKER_NICE, the decoding included. Prints one JSON line: wall and CPU
// time, the load average at the start and the busiest threads.
// Usage (from bench/analysis.ts): tsx bench/lib/analysis-loop.ts <key>...
import os from 'node:os'
import sharp from 'sharp'
import { analyzeImageBytes } from '../../src/server/analysis/engine'
import { inferenceThreadCount, JOBS_PER_INFERENCE_THREAD, setInferenceThreads, stopDetector } from '../../src/server/analysis/model'
import { lowerProcessPriority, workerNice } from '../../src/server/jobs/priority'
import pLimit from 'p-limit'
import { readObject } from '../../src/server/storage/read-object'
import { round, threadsOf, threadUse } from './harness'

const keys = process.argv.slice(2)
const nice = workerNice()
lowerProcessPriority(nice)
sharp.cache(false) // as in the worker (src/host/run-worker.ts)
const threads = inferenceThreadCount(process.env, true)
setInferenceThreads(threads, { nice })

const read = async (key: string) => (await readObject({ key }))!
await Promise.all(keys.slice(0, threads).map(async (key) => analyzeImageBytes(await read(key))))
const loadAverageAtStart = os.loadavg().map((v) => round(v, 2))
const cpu0 = process.cpuUsage()
const threads0 = threadsOf(process.pid)
const start = performance.now()
await pLimit(threads * JOBS_PER_INFERENCE_THREAD).map(keys, async (key) => analyzeImageBytes(await read(key)))
const seconds = (performance.now() - start) / 1000
const cpu = process.cpuUsage(cpu0)
const busiestThreads = threadUse(threads0, threadsOf(process.pid), seconds).slice(0, 8)
await stopDetector()
console.log(JSON.stringify({ threads, nice, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, loadAverageAtStart, busiestThreads }))
