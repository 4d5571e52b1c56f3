// Child process of bench/upload.ts: the plain loops the worker's ingest is compared with. Runs
// the app's own processImage over the given JPEGs, N at a time, in a process of its own so its
// CPU and memory are measured apart from everything else; with `analyse`, each photo's 800-px
// rendition then goes through the analysis engine (analyzeImageBytes), as the analysis job
// after ingest does; with `avif`, each photo's AVIF renditions are then made from its original, as
// the AVIF job after ingest does (makeAvifRenditions, at the WebP renditions' sizes). Set up as
// the worker process is (src/host/run-worker.ts): every thread at
// WORKER_NICE, sharp's cache off, the worker's inference threads. The model loads before the
// clock starts. Prints one JSON line with its figures.
// Usage: tsx bench/upload-sharp-loop.ts <concurrency> <ingest|analyse|avif> <file>...
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import sharp from 'sharp'
import { ANALYSIS_RENDITION_WIDTH } from '../src/lib/constants'
import { analyzeImageBytes } from '../src/server/analysis/engine'
import { inferenceThreadCount, setInferenceThreads, stopDetector } from '../src/server/analysis/model'
import { lowerProcessPriority, workerNice } from '../src/server/jobs/priority'
import { makeAvifRenditions, processImage, type ProcessedImage } from '../src/server/media/process-image'

/** The rendition the analysis job reads (analyze-media.ts renditionKey): the 800-px one, else the nearest narrower. */
const analysisRendition = ({ derivatives }: ProcessedImage) =>
  ([...derivatives].reverse().find((d) => d.width <= ANALYSIS_RENDITION_WIDTH) ?? derivatives[0]).data

async function main() {
  const [concurrencyArg, mode, ...files] = process.argv.slice(2)
  const concurrency = Math.max(1, Number(concurrencyArg) || 2)
  const analyse = mode === 'analyse'
  const avif = mode === 'avif'
  const nice = workerNice()
  lowerProcessPriority(nice)
  sharp.cache(false)
  if (analyse) {
    setInferenceThreads(inferenceThreadCount(process.env, true), { nice })
    // Warm-up, not timed: the model loads.
    await analyzeImageBytes(analysisRendition(await processImage(await fs.readFile(files[0]))))
  }
  let next = 0
  let done = 0
  let derivativeBytes = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]
      const original = await fs.readFile(file)
      const image = await processImage(original)
      derivativeBytes += image.derivatives.reduce((sum, d) => sum + d.size, 0)
      if (analyse) await analyzeImageBytes(analysisRendition(image))
      if (avif) await makeAvifRenditions(original, image.derivatives)
      done++
      if (done % 20 === 0) process.stderr.write(`[${mode} loop] ${done}/${files.length}\n`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const wallS = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  if (analyse) await stopDetector()
  const hwm = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m)
  process.stdout.write(
    `${JSON.stringify({
      images: done,
      concurrency,
      mode,
      wallS,
      cpuS: (cpu.user + cpu.system) / 1e6,
      peakRssMb: hwm ? Number(hwm[1]) / 1024 : null,
      derivativeBytes,
    })}\n`,
  )
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
