// Child process of bench/upload.ts: the "plain sharp loop" baseline. Runs the app's own
// processImage over the given JPEGs, N at a time, in a process of its own so its CPU and
// memory are measured apart from everything else. Prints one JSON line with its figures.
// Usage: tsx bench/upload-sharp-loop.ts <concurrency> <file>...
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import { processImage } from '../src/server/media/process-image'

async function main() {
  const [concurrencyArg, ...files] = process.argv.slice(2)
  const concurrency = Math.max(1, Number(concurrencyArg) || 2)
  let next = 0
  let done = 0
  let derivativeBytes = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]
      const image = await processImage(await fs.readFile(file))
      derivativeBytes += image.derivatives.reduce((sum, d) => sum + d.size, 0)
      done++
      if (done % 20 === 0) process.stderr.write(`[sharp loop] ${done}/${files.length}\n`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const wallS = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const hwm = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m)
  process.stdout.write(
    `${JSON.stringify({
      images: done,
      concurrency,
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
