// The detector: CenterNet (MobileNetV3, COCO's 80 classes) as shipped inside the npm
// package @vladmandic/human, run by TensorFlow.js on its WebAssembly backend, everything
// loaded from files in node_modules (no download).
//
// It runs in worker threads: WebAssembly inference is synchronous, and ~0.25 s of it on the
// main thread would stall every request of a server whose process also runs the jobs worker
// (the default). Each thread loads the model once, on first use, and runs one inference at a
// time; calls wait for a free thread, which bounds memory and CPU whatever the queue holds.
// One thread in the app process; a process that only runs jobs (`npm run worker`) uses one
// per core, up to two (ANALYSIS_THREADS overrides). A thread that dies is replaced on the
// next call.
//
// One pass gives the detections and the head's 128-channel global average (its
// squeeze-and-excitation "Mean"), which serves as the photo's embedding.
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Detection } from './detections'

export const MODEL_INPUT_SIZE = 512

export type Inference = { detections: Detection[]; embedding: number[] }

/**
 * Where the thread resolves packages from: this module's own location (in a Next build, its
 * chunk under .next/), inside the project, so Node finds the project's node_modules. Packages
 * are resolved in the thread, by Node itself: a bundler rewrites require.resolve in bundled code.
 */
const RESOLVE_FROM = typeof import.meta.url === 'string' && import.meta.url ? import.meta.url : path.join(process.cwd(), 'package.json')

// Plain CommonJS run with `eval`: no build step or loader has to know about it.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createRequire } = require('node:module')
const fs = require('node:fs')
const path = require('node:path')
const from = createRequire(workerData.resolveFrom)
// Background work: a lower priority for this thread alone (Linux's nice is per thread), so the
// web server's requests on the same cores come first; never higher than the one it inherited.
if (workerData.nice) {
  const os = require('node:os')
  try { if (os.getPriority() < workerData.nice) os.setPriority(workerData.nice) } catch {}
}
let loading = null
async function load() {
  const tf = from('@tensorflow/tfjs-core')
  const { loadGraphModel } = from('@tensorflow/tfjs-converter')
  const wasm = from('@tensorflow/tfjs-backend-wasm')
  const dist = path.dirname(from.resolve('@tensorflow/tfjs-backend-wasm'))
  const models = path.join(path.dirname(from.resolve('@vladmandic/human')), '..', 'models')
  wasm.setWasmPaths({
    'tfjs-backend-wasm.wasm': path.join(dist, 'tfjs-backend-wasm.wasm'),
    'tfjs-backend-wasm-simd.wasm': path.join(dist, 'tfjs-backend-wasm-simd.wasm'),
    'tfjs-backend-wasm-threaded-simd.wasm': path.join(dist, 'tfjs-backend-wasm-threaded-simd.wasm'),
  })
  // WebAssembly threads do not start under Node (the backend loads its pthread workers from
  // blob: URLs, which Node's workers refuse): parallelism comes from several inference threads.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false)
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start')
  await tf.ready()
  const json = JSON.parse(fs.readFileSync(path.join(models, 'centernet.json'), 'utf8'))
  const weights = fs.readFileSync(path.join(models, 'centernet.bin'))
  const model = await loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
    }),
  })
  return { tf, model }
}
parentPort.on('message', async ({ id, pixels, size }) => {
  try {
    if (!loading) loading = load().catch((error) => { loading = null; throw error })
    const { tf, model } = await loading
    const input = tf.tensor4d(Float32Array.from(pixels), [1, size, size, 3])
    let outputs = []
    try {
      outputs = model.execute(input, ['tower_0/detections', 'tower_0/CenternetHead/Mean'])
      const [rows, mean] = await Promise.all([outputs[0].data(), outputs[1].data()])
      parentPort.postMessage({ id, rows: Array.from(rows), mean: Array.from(mean) })
    } finally {
      tf.dispose([input, ...outputs])
    }
  } catch (error) {
    parentPort.postMessage({ id, error: (error && error.message) || String(error) })
  }
})
`

type Pending = { resolve: (value: { rows: number[]; mean: number[] }) => void; reject: (error: Error) => void }

/**
 * Inference threads per process: ANALYSIS_THREADS, else one (the app process, whose requests
 * need the other core), or up to two in a process that only runs jobs (`npm run worker`).
 * Each thread holds its own copy of the model and runs one inference at a time.
 */
export function inferenceThreadCount(env: Record<string, string | undefined> = process.env, dedicatedWorker = false): number {
  const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)
  const asked = Number.parseInt(env.ANALYSIS_THREADS ?? '', 10)
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_THREADS)
  return dedicatedWorker ? Math.min(2, cores) : 1
}
const MAX_THREADS = 4

let poolSize = inferenceThreadCount()
let threadNice = 0

/**
 * Sets the number of inference threads and their nice value (`npm run worker` does, before its
 * first job, with WORKER_NICE: src/server/jobs/priority.ts; threads already running keep theirs).
 */
export function setInferenceThreads(count: number, { nice = 0 }: { nice?: number } = {}) {
  poolSize = Math.max(1, Math.min(MAX_THREADS, Math.floor(count)))
  threadNice = Math.max(0, Math.min(19, Math.floor(nice)))
}
export const inferenceThreads = () => poolSize
/** Analysis jobs in flight per inference thread (the worker's analysis slots): one on the thread, one getting ready. */
export const JOBS_PER_INFERENCE_THREAD = 2

type Thread = { worker: Worker; pending: Map<number, Pending>; busy: boolean }
type Request = { pixels: Uint8Array; resolve: Pending['resolve']; reject: Pending['reject'] }
const threads: Thread[] = []
const waiting: Request[] = []
let nextId = 0

function startThread(): Thread {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { resolveFrom: RESOLVE_FROM, nice: threadNice },
  })
  const thread: Thread = { worker, pending: new Map(), busy: false }
  worker.on('message', (message: { id: number; rows?: number[]; mean?: number[]; error?: string }) => {
    const answer = thread.pending.get(message.id)
    thread.pending.delete(message.id)
    if (!thread.pending.size) worker.unref()
    if (!answer) return
    if (message.error !== undefined) answer.reject(new Error(`Inference failed: ${message.error}`))
    else answer.resolve({ rows: message.rows ?? [], mean: message.mean ?? [] })
  })
  // A thread that dies fails its call and is replaced on the next one.
  const fail = (error: Error) => {
    const index = threads.indexOf(thread)
    if (index >= 0) threads.splice(index, 1)
    const answers = [...thread.pending.values()]
    thread.pending.clear()
    for (const answer of answers) answer.reject(error)
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`The inference thread stopped (exit code ${code})`)))
  worker.unref()
  threads.push(thread)
  return thread
}

/** Hands waiting calls to idle threads, starting threads up to the pool size. */
function dispatch() {
  while (waiting.length) {
    const thread = threads.find((t) => !t.busy) ?? (threads.length < poolSize ? startThread() : null)
    if (!thread) return
    const request = waiting.shift()!
    const id = nextId++
    thread.busy = true
    const settle = <T>(then: (value: T) => void) => (value: T) => {
      thread.busy = false
      then(value)
      dispatch()
    }
    thread.pending.set(id, { resolve: settle(request.resolve), reject: settle(request.reject) })
    // Keeps the process alive while an answer is due (a script waiting only on it would exit).
    thread.worker.ref()
    thread.worker.postMessage({ id, pixels: request.pixels, size: MODEL_INPUT_SIZE })
  }
}

function runInThread(pixels: Uint8Array): Promise<{ rows: number[]; mean: number[] }> {
  return new Promise((resolve, reject) => {
    waiting.push({ pixels, resolve, reject })
    dispatch()
  })
}

/** Stops the inference threads (tests, shutdown); the next call starts new ones. */
export async function stopDetector(): Promise<void> {
  const stopping = threads.splice(0)
  await Promise.all(stopping.map((t) => t.worker.terminate()))
}

/** Runs on 512×512 RGB pixels (row-major, 3 bytes a pixel); one inference at a time per thread. */
export async function infer(rgb: Uint8Array): Promise<Inference> {
  if (rgb.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) {
    throw new Error(`Expected ${MODEL_INPUT_SIZE}×${MODEL_INPUT_SIZE} RGB pixels`)
  }
  const { rows, mean } = await runInThread(rgb)
  const detections: Detection[] = []
  for (let i = 0; i + 5 < rows.length; i += 6) {
    detections.push({ x1: rows[i], y1: rows[i + 1], x2: rows[i + 2], y2: rows[i + 3], score: rows[i + 4], classIndex: Math.round(rows[i + 5]) })
  }
  return { detections, embedding: mean.map((v) => Math.round(v * 1e5) / 1e5) }
}
