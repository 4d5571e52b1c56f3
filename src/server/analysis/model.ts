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
import { threadPool } from '../threads/thread-pool'
import type { Detection } from './detections'

export const MODEL_INPUT_SIZE = 512

export type Inference = { detections: Detection[]; embedding: number[] }

// Plain CommonJS, run by the thread pool (src/server/threads/thread-pool.ts).
const THREAD_SOURCE = `
const fs = require('node:fs')
const path = require('node:path')
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
handle = async ({ pixels, size }) => {
  if (!loading) loading = load().catch((error) => { loading = null; throw error })
  const { tf, model } = await loading
  const input = tf.tensor4d(Float32Array.from(pixels), [1, size, size, 3])
  let outputs = []
  try {
    outputs = model.execute(input, ['tower_0/detections', 'tower_0/CenternetHead/Mean'])
    const [rows, mean] = await Promise.all([outputs[0].data(), outputs[1].data()])
    return { value: { rows: Array.from(rows), mean: Array.from(mean) } }
  } finally {
    tf.dispose([input, ...outputs])
  }
}
`

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

const detector = threadPool<{ pixels: Uint8Array; size: number }, { rows: number[]; mean: number[] }>({
  source: THREAD_SOURCE,
  name: 'The inference thread',
  size: () => poolSize,
  nice: () => threadNice,
})

/** Stops the inference threads (tests, shutdown); the next call starts new ones. */
export const stopDetector = () => detector.stop()

/** Runs on 512×512 RGB pixels (row-major, 3 bytes a pixel); one inference at a time per thread. */
export async function infer(rgb: Uint8Array): Promise<Inference> {
  if (rgb.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) {
    throw new Error(`Expected ${MODEL_INPUT_SIZE}×${MODEL_INPUT_SIZE} RGB pixels`)
  }
  const { rows, mean } = await detector.run({ pixels: rgb, size: MODEL_INPUT_SIZE }).catch((error: Error) => {
    throw new Error(`Inference failed: ${error.message}`)
  })
  const detections: Detection[] = []
  for (let i = 0; i + 5 < rows.length; i += 6) {
    detections.push({ x1: rows[i], y1: rows[i + 1], x2: rows[i + 2], y2: rows[i + 3], score: rows[i + 4], classIndex: Math.round(rows[i + 5]) })
  }
  return { detections, embedding: mean.map((v) => Math.round(v * 1e5) / 1e5) }
}
