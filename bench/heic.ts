// HEIC ingest throughput against JPEG ingest of the same pixels, in one run: one phone-sized HEIC
// (made on the spot like the tests' fixtures: a seeded photo coded as one HEVC intra frame), its
// primary image decoded once and saved as a JPEG (quality 92, as a phone would), then N of each
// through processImage, the whole pixel work of an ingest (type sniffing, the HEIF decode, the
// upright rendition, the four WebP widths, hashes, placeholder, public copy), HEIC and JPEG
// taken in turns so both meet the same machine. The store's and the database's round trips are
// left out: they are the same for both formats.
// Usage: npm run bench:heic   (BENCH_HEIC_N photos of each, 6 by default; BENCH_HEIC_WIDTH ×
// BENCH_HEIC_HEIGHT, 4032 × 3024 by default; writes bench/results/heic.json)
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { decodeHeif } from '../src/server/media/decode-heif'
import { MAX_IMAGE_PIXELS, processImage } from '../src/server/media/process-image'
import { makeHeic } from '../tests/helpers/heic'
import { gitCommit, intEnv, log, machineInfo, RESULTS_DIR, round } from './lib/harness'

async function main() {
  const n = intEnv('BENCH_HEIC_N', 6)
  const width = intEnv('BENCH_HEIC_WIDTH', 4032)
  const height = intEnv('BENCH_HEIC_HEIGHT', 3024)
  log(`Making a ${width} × ${height} HEIC and a JPEG of the same pixels`)
  const { heic } = await makeHeic({ width, height, seed: 5 })
  const decoded = await decodeHeif(heic, { maxPixels: MAX_IMAGE_PIXELS })
  if (!decoded.ok) throw new Error(`The HEIC does not decode: ${decoded.problem}`)
  const { data, channels } = decoded.image
  const jpeg = await sharp(data, { raw: { width: decoded.image.width, height: decoded.image.height, channels } })
    .jpeg({ quality: 92 })
    .toBuffer()

  // One of each first, untimed: threads started, code warm.
  await processImage(heic)
  await processImage(jpeg)
  const times = { heic: [] as number[], jpeg: [] as number[] }
  for (let i = 0; i < n; i++) {
    for (const [format, bytes] of [
      ['heic', heic],
      ['jpeg', jpeg],
    ] as const) {
      const start = performance.now()
      const made = await processImage(bytes)
      times[format].push(performance.now() - start)
      if (made.width !== width || made.derivatives.length !== 4) throw new Error(`Unexpected result for ${format}`)
    }
  }
  const summary = (ms: number[], bytes: number) => {
    const total = ms.reduce((a, b) => a + b, 0)
    return {
      fileBytes: bytes,
      photos: ms.length,
      totalSeconds: round(total / 1000, 2),
      msPerPhoto: round(total / ms.length, 0),
      photosPerSecond: round((ms.length * 1000) / total, 2),
    }
  }
  const heicSummary = summary(times.heic, heic.length)
  const jpegSummary = summary(times.jpeg, jpeg.length)
  const result = {
    size: { width, height },
    heic: heicSummary,
    jpeg: jpegSummary,
    /** HEIC photos per second over JPEG photos per second: 1 is as fast, 0.5 half as fast. */
    throughputRatio: round(heicSummary.photosPerSecond / jpegSummary.photosPerSecond, 2),
  }
  console.log(JSON.stringify(result, null, 2))
  const report = {
    machine: { ...machineInfo(), loadAverageAtStart: os.loadavg().map((v) => round(v, 2)) },
    commit: gitCommit(),
    result,
  }
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  await fs.writeFile(path.join(RESULTS_DIR, 'heic.json'), `${JSON.stringify(report, null, 2)}\n`)
  log('Wrote bench/results/heic.json')
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
