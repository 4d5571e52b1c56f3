// The detector: CenterNet (MobileNetV3, COCO's 80 classes) as shipped inside the npm
// package @vladmandic/human, run by TensorFlow.js on its WebAssembly backend, everything
// loaded from files in node_modules (no download).
//
// It runs in a worker thread of its own: WebAssembly inference is synchronous, and ~0.25 s
// of it on the main thread would stall every request of a server whose process also runs
// the jobs worker (the default). The thread loads the model once, on first use; calls are
// queued so one inference at a time runs per process, which bounds memory and CPU whatever
// the queue holds. A thread that dies is replaced on the next call.
//
// One pass gives the detections and the head's 128-channel global average (its
// squeeze-and-excitation "Mean"), which serves as the photo's embedding.
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Detection } from './detections'

export const MODEL_INPUT_SIZE = 512
export const EMBEDDING_SIZE = 128

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
  // One thread: the worker's other slots (sharp, I/O) keep the second core.
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

let thread: Worker | null = null
const pending = new Map<number, Pending>()
let nextId = 0

function inferenceThread(): Worker {
  if (thread) return thread
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { resolveFrom: RESOLVE_FROM },
  })
  worker.on('message', (message: { id: number; rows?: number[]; mean?: number[]; error?: string }) => {
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (!pending.size) worker.unref()
    if (!waiting) return
    if (message.error !== undefined) waiting.reject(new Error(`Inference failed: ${message.error}`))
    else waiting.resolve({ rows: message.rows ?? [], mean: message.mean ?? [] })
  })
  const fail = (error: Error) => {
    if (thread === worker) thread = null
    for (const [, waiting] of pending) waiting.reject(error)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`The inference thread stopped (exit code ${code})`)))
  worker.unref()
  thread = worker
  return worker
}

function runInThread(pixels: Uint8Array): Promise<{ rows: number[]; mean: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = inferenceThread()
    const id = nextId++
    pending.set(id, { resolve, reject })
    // Keeps the process alive while an answer is due (a script waiting only on it would exit).
    worker.ref()
    worker.postMessage({ id, pixels, size: MODEL_INPUT_SIZE })
  })
}

/** Stops the inference thread (tests, shutdown); the next call starts a new one. */
export async function stopDetector(): Promise<void> {
  const worker = thread
  thread = null
  if (worker) await worker.terminate()
}

let queue: Promise<unknown> = Promise.resolve()

/** Runs on 512×512 RGB pixels (row-major, 3 bytes a pixel); one call at a time per process. */
export function infer(rgb: Uint8Array): Promise<Inference> {
  if (rgb.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) {
    return Promise.reject(new Error(`Expected ${MODEL_INPUT_SIZE}×${MODEL_INPUT_SIZE} RGB pixels`))
  }
  const run = queue.then(async () => {
    const { rows, mean } = await runInThread(rgb)
    const detections: Detection[] = []
    for (let i = 0; i + 5 < rows.length; i += 6) {
      detections.push({ x1: rows[i], y1: rows[i + 1], x2: rows[i + 2], y2: rows[i + 3], score: rows[i + 4], classIndex: Math.round(rows[i + 5]) })
    }
    return { detections, embedding: mean.map((v) => Math.round(v * 1e5) / 1e5) }
  })
  queue = run.catch(() => undefined)
  return run
}
