// AVIF against WebP on the labelled real photographs (tests/fixtures/analysis), no server: for
// each photo and each rendition width ingest makes of it (process-image.ts), the rendition's
// pixels as ingest makes them (upright, resized from one decode to the widest width), then
//   - the WebP rendition at the product's settings, and its SSIM against those pixels;
//   - the lowest AVIF quality (at the product's effort) whose SSIM is at least the WebP one's
//     (binary search), and its bytes: the AVIF/WebP bytes ratio at matched visual quality;
//   - the AVIF the product makes (its per-width quality table, AVIF_QUALITY), its SSIM and bytes,
//     and the time makeAvifRenditions takes per photo (all its widths, in the AVIF thread).
// SSIM is computed on luma (BT.601) over 8 × 8 windows, stride 4, with the usual constants.
// Usage: npm run bench:formats   (writes bench/results/formats.json; BENCH_PHOTOS=n takes the first n)
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import {
  AVIF_EFFORT,
  avifQualityAt,
  DERIVATIVE_WIDTHS,
  derivativeWidths,
  makeAvifRenditions,
  WEBP,
} from '../src/server/media/process-image'
import { gitCommit, intEnv, log, machineInfo, RESULTS_DIR, ROOT, round } from './lib/harness'

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'analysis')

type Encoded = { bytes: number; ssim: number }
type RenditionRow = {
  width: number
  webp: Encoded & { encodeMs: number }
  avifMatched: Encoded & { quality: number; ratio: number }
  avifShipped: Encoded & { quality: number; ratio: number }
}
type PhotoRow = { file: string; width: number; height: number; avifEncodeMs: number; renditions: RenditionRow[] }

type Pixels = { data: Buffer; width: number; height: number; channels: number }

/** Luma plane of interleaved RGB(A) pixels. */
function luma({ data, width, height, channels }: Pixels): Float64Array {
  const out = new Float64Array(width * height)
  for (let i = 0, p = 0; i < out.length; i++, p += channels) out[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2]
  return out
}

/** Mean SSIM of two same-sized images' luma, 8 × 8 windows every 4 pixels. */
export function ssim(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('SSIM of images of different sizes')
  const [x, y] = [luma(a), luma(b)]
  const { width, height } = a
  const C1 = (0.01 * 255) ** 2
  const C2 = (0.03 * 255) ** 2
  const W = 8
  let total = 0
  let count = 0
  for (let top = 0; top + W <= height; top += 4) {
    for (let left = 0; left + W <= width; left += 4) {
      let sx = 0,
        sy = 0,
        sxx = 0,
        syy = 0,
        sxy = 0
      for (let row = top; row < top + W; row++) {
        for (let i = row * width + left, end = i + W; i < end; i++) {
          sx += x[i]
          sy += y[i]
          sxx += x[i] * x[i]
          syy += y[i] * y[i]
          sxy += x[i] * y[i]
        }
      }
      const n = W * W
      const mx = sx / n,
        my = sy / n
      const vx = sxx / n - mx * mx,
        vy = syy / n - my * my,
        cov = sxy / n - mx * my
      total += ((2 * mx * my + C1) * (2 * cov + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2))
      count++
    }
  }
  return total / count
}

const decode = async (bytes: Buffer): Promise<Pixels> => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

const rawImage = (p: Pixels) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels as 3 | 4 } })

async function encodeAvif(source: Pixels, quality: number) {
  const bytes = await rawImage(source).avif({ quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }).toBuffer()
  return { bytes: bytes.length, ssim: ssim(source, await decode(bytes)) }
}

/** The lowest quality whose SSIM reaches `target` (SSIM grows with quality, near enough). */
async function matchedAvif(source: Pixels, target: number) {
  let [low, high] = [1, 100]
  let best = await encodeAvif(source, high)
  let bestQuality = high
  while (low < high) {
    const mid = Math.floor((low + high) / 2)
    const made = await encodeAvif(source, mid)
    if (made.ssim >= target) [high, best, bestQuality] = [mid, made, mid]
    else low = mid + 1
  }
  return { quality: bestQuality, ...best }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function main() {
  const t0 = performance.now()
  const files = (await fs.readdir(FIXTURES))
    .filter((file) => file.endsWith('.jpg'))
    .sort()
    .slice(0, intEnv('BENCH_PHOTOS', 1000))
  log(`AVIF vs WebP on ${files.length} labelled photographs in ${path.relative(ROOT, FIXTURES)}`)
  const perPhoto: PhotoRow[] = []
  for (const file of files) {
    const original = await fs.readFile(path.join(FIXTURES, file))
    const { autoOrient } = await sharp(original).metadata()
    const widths = derivativeWidths(DERIVATIVE_WIDTHS, autoOrient.width)
    const sizes = widths.map((width) => ({
      width,
      height: Math.max(1, Math.round((autoOrient.height * width) / autoOrient.width)),
    }))
    const widest = await sharp(original)
      .rotate()
      .resize({ width: widths.at(-1) })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const renditions: RenditionRow[] = []
    for (const { width, height } of sizes) {
      const image = sharp(widest.data, {
        raw: { width: widest.info.width, height: widest.info.height, channels: widest.info.channels },
      })
      const sized =
        width === widest.info.width && height === widest.info.height ? image : image.resize(width, height, { fit: 'fill' })
      const { data, info } = await sized.raw().toBuffer({ resolveWithObject: true })
      const source: Pixels = { data, width: info.width, height: info.height, channels: info.channels }
      const webpStart = performance.now()
      const webp = await rawImage(source).webp(WEBP).toBuffer()
      const webpMs = performance.now() - webpStart
      const webpSsim = ssim(source, await decode(webp))
      const matched = await matchedAvif(source, webpSsim)
      const shipped = await encodeAvif(source, avifQualityAt(width))
      renditions.push({
        width,
        webp: { bytes: webp.length, ssim: round(webpSsim, 4), encodeMs: round(webpMs, 1) },
        avifMatched: {
          quality: matched.quality,
          bytes: matched.bytes,
          ssim: round(matched.ssim, 4),
          ratio: round(matched.bytes / webp.length, 3),
        },
        avifShipped: {
          quality: avifQualityAt(width),
          bytes: shipped.bytes,
          ssim: round(shipped.ssim, 4),
          ratio: round(shipped.bytes / webp.length, 3),
        },
      })
    }
    // The product's own call, as the AVIF job runs it: decode, resize, every width.
    const avifStart = performance.now()
    await makeAvifRenditions(original, sizes)
    const avifMs = performance.now() - avifStart
    perPhoto.push({ file, width: autoOrient.width, height: autoOrient.height, avifEncodeMs: round(avifMs, 0), renditions })
    log(
      `${file}: ${renditions.map((r) => `w${r.width} q${r.avifMatched.quality} ${r.avifMatched.ratio}`).join(', ')}; AVIF ${round(avifMs, 0)} ms`,
    )
  }

  const byWidth = [...new Set(perPhoto.flatMap((photo) => photo.renditions.map((r) => r.width)))].sort((a, b) => a - b)
  const perWidth = byWidth.map((width) => {
    const rows = perPhoto.flatMap((photo) => photo.renditions.filter((r) => r.width === width))
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0)
    return {
      width,
      photos: rows.length,
      webpBytes: sum((r) => r.webp.bytes),
      avifMatchedBytes: sum((r) => r.avifMatched.bytes),
      matchedRatio: round(sum((r) => r.avifMatched.bytes) / sum((r) => r.webp.bytes), 3),
      medianMatchedQuality: median(rows.map((r) => r.avifMatched.quality)),
      medianWebpSsim: round(median(rows.map((r) => r.webp.ssim)), 4),
      avifShippedQuality: avifQualityAt(width),
      avifShippedBytes: sum((r) => r.avifShipped.bytes),
      shippedRatio: round(sum((r) => r.avifShipped.bytes) / sum((r) => r.webp.bytes), 3),
      medianShippedSsim: round(median(rows.map((r) => r.avifShipped.ssim)), 4),
      shippedAtLeastWebpSsim: rows.filter((r) => r.avifShipped.ssim >= r.webp.ssim).length,
    }
  })
  const encodeMs = perPhoto.map((photo) => photo.avifEncodeMs)
  const summary = {
    photos: perPhoto.length,
    webp: WEBP,
    avif: { effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' },
    perWidth,
    avifEncodeMsPerPhoto: {
      median: median(encodeMs),
      max: Math.max(...encodeMs),
      mean: round(encodeMs.reduce((a, b) => a + b, 0) / encodeMs.length, 0),
    },
  }
  console.log(JSON.stringify(summary, null, 2))
  const report = {
    machine: { ...machineInfo(), loadAverageAtStart: os.loadavg().map((v) => round(v, 2)) },
    commit: gitCommit(),
    run: { wallSeconds: round((performance.now() - t0) / 1000, 1) },
    summary,
    perPhoto,
  }
  await fs.mkdir(RESULTS_DIR, { recursive: true })
  await fs.writeFile(path.join(RESULTS_DIR, 'formats.json'), `${JSON.stringify(report, null, 2)}\n`)
  log('Wrote bench/results/formats.json')
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
