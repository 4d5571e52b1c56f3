// The detector: CenterNet (MobileNetV3, COCO's 80 classes) as shipped inside the npm
// package @vladmandic/human, run by TensorFlow.js on its WebAssembly backend, everything
// loaded from files in node_modules (no download). Loaded once per process, on first use;
// one inference at a time per process (a second caller waits its turn), so the worker's
// memory and CPU stay bounded whatever the queue holds.
//
// One pass gives the detections and the head's 128-channel global average (its
// squeeze-and-excitation "Mean"), which serves as the photo's embedding.
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Detection } from './detections'

export const MODEL_INPUT_SIZE = 512
export const EMBEDDING_SIZE = 128
const DETECTIONS_NODE = 'tower_0/detections'
const EMBEDDING_NODE = 'tower_0/CenternetHead/Mean'

export type Inference = { detections: Detection[]; embedding: number[] }

type Tf = typeof import('@tensorflow/tfjs-core')
type Model = import('@tensorflow/tfjs-converter').GraphModel

const require = createRequire(import.meta.url)

/** Folder of the model files inside @vladmandic/human. */
export function modelDirectory(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models')
}

let loading: Promise<{ tf: Tf; model: Model }> | null = null

async function load(): Promise<{ tf: Tf; model: Model }> {
  const tf = await import('@tensorflow/tfjs-core')
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter')
  const wasm = await import('@tensorflow/tfjs-backend-wasm')
  const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))
  wasm.setWasmPaths({
    'tfjs-backend-wasm.wasm': path.join(dist, 'tfjs-backend-wasm.wasm'),
    'tfjs-backend-wasm-simd.wasm': path.join(dist, 'tfjs-backend-wasm-simd.wasm'),
    'tfjs-backend-wasm-threaded-simd.wasm': path.join(dist, 'tfjs-backend-wasm-threaded-simd.wasm'),
  })
  // One thread: the worker's other slots (sharp, I/O) keep the second core.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false)
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start')
  await tf.ready()
  const dir = modelDirectory()
  const [json, weights] = await Promise.all([
    fs.readFile(path.join(dir, 'centernet.json'), 'utf8').then((text) => JSON.parse(text)),
    fs.readFile(path.join(dir, 'centernet.bin')),
  ])
  const model = await loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group: { weights: unknown[] }) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
    }),
  })
  return { tf, model }
}

/** The loaded model (once per process). A failed load is retried by the next caller. */
export function loadDetector(): Promise<{ tf: Tf; model: Model }> {
  if (!loading) {
    loading = load().catch((error) => {
      loading = null
      throw error
    })
  }
  return loading
}

let queue: Promise<unknown> = Promise.resolve()

/** Runs on 512×512 RGB pixels (row-major, 3 bytes a pixel); one call at a time per process. */
export function infer(rgb: Uint8Array): Promise<Inference> {
  if (rgb.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) {
    return Promise.reject(new Error(`Expected ${MODEL_INPUT_SIZE}×${MODEL_INPUT_SIZE} RGB pixels`))
  }
  const run = queue.then(async () => {
    const { tf, model } = await loadDetector()
    const input = tf.tensor4d(Float32Array.from(rgb), [1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3])
    let outputs: import('@tensorflow/tfjs-core').Tensor[] = []
    try {
      outputs = model.execute(input, [DETECTIONS_NODE, EMBEDDING_NODE]) as import('@tensorflow/tfjs-core').Tensor[]
      const [rows, mean] = await Promise.all([outputs[0].data(), outputs[1].data()])
      const detections: Detection[] = []
      for (let i = 0; i + 5 < rows.length; i += 6) {
        detections.push({ x1: rows[i], y1: rows[i + 1], x2: rows[i + 2], y2: rows[i + 3], score: rows[i + 4], classIndex: Math.round(rows[i + 5]) })
      }
      return { detections, embedding: Array.from(mean, (v) => Math.round(v * 1e5) / 1e5) }
    } finally {
      tf.dispose([input, ...outputs])
    }
  })
  queue = run.catch(() => undefined)
  return run
}
