// Accuracy of the quality codes (src/server/media/quality.ts) on generated variants of the
// labelled real photos (tests/fixtures/analysis): each photo untouched, blurred (Gaussian σ 2
// and 4 px), darkened (−2.5 EV; the darkest 45 % clipped to black), brightened (the brightest
// 35 % clipped to white; gamma 0.5, which should stay unflagged), desaturated, rotated (+4°, −3°,
// cropped to the inscribed rectangle), cropped to a 2:3 portrait and downscaled to half.
// What each variant should carry is known by construction: the change's own code, plus the
// codes its size gives (low_resolution, portrait); an untouched photo gets no pixel code.
// Photos are split by name into a fitting half (the thresholds in quality.ts were chosen on it)
// and a held-out half; precision and recall are printed per code for both, with the threshold
// the fitting half alone would pick for each scalar measure beside the one in the code.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { QUALITY_ISSUES, type QualityIssue } from '../../src/lib/quality-issues'
import type { Rendition } from '../../src/server/media/phash'
import {
  BLUR_SHARPNESS,
  EXPOSURE_THRESHOLDS,
  MONOCHROME_SATURATION_P95,
  measureQuality,
  qualityIssuesOf,
  qualityRendition,
  type QualityMeasures,
} from '../../src/server/media/quality'

/** expect: the code the change gives; clears: codes of the original it undoes (a brightened dark photo). */
type Variant = { name: string; expect: QualityIssue[]; clears?: QualityIssue[]; make: (image: Image) => Promise<Image> }
type Image = { data: Buffer; width: number; height: number }

const rgb = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } })
const toImage = async (pipeline: sharp.Sharp): Promise<Image> => {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
const perPixel = (f: (v: number) => number) => async (image: Image): Promise<Image> => {
  const table = Array.from({ length: 256 }, (_, v) => Math.max(0, Math.min(255, Math.round(f(v)))))
  return { ...image, data: Buffer.from(image.data.map((v) => table[v])) }
}
const gamma = (g: number) => perPixel((v) => 255 * (v / 255) ** g)
const exposure = (factor: number) => perPixel((v) => v * factor)

/** Per pixel, the channels' max (or min): what a clip of the shadows (or highlights) reads. */
function channelPercentile(image: Image, pick: (r: number, g: number, b: number) => number, fraction: number) {
  const values: number[] = []
  for (let p = 0; p < image.data.length; p += 3) values.push(pick(image.data[p], image.data[p + 1], image.data[p + 2]))
  values.sort((x, y) => x - y)
  return values[Math.min(values.length - 1, Math.floor(values.length * fraction))]
}

/** Brightened until the brightest `fraction` of the pixels are white in every channel. */
const clipHighlights = (fraction: number) => async (image: Image) =>
  exposure(255 / Math.max(1, channelPercentile(image, Math.min, 1 - fraction)))(image)

/** Darkened until the darkest `fraction` of the pixels are black in every channel. */
const clipShadows = (fraction: number) => async (image: Image) => {
  const knee = Math.min(254, channelPercentile(image, Math.max, fraction))
  return perPixel((v) => ((v - knee) * 255) / (255 - knee))(image)
}

/** The centre of the photo at 2:3, taller than wide (the size codes then say portrait). */
async function portraitCrop({ data, width, height }: Image): Promise<Image> {
  const w = Math.min(width, Math.round((height * 2) / 3))
  const h = Math.min(height, Math.round((w * 3) / 2))
  return toImage(rgb(data, width, height).extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h }))
}

async function desaturate({ data, width, height }: Image): Promise<Image> {
  const out = Buffer.alloc(data.length)
  for (let p = 0; p < data.length; p += 3) out.fill(Math.round(0.2126 * data[p] + 0.7152 * data[p + 1] + 0.0722 * data[p + 2]), p, p + 3)
  return { data: out, width, height }
}

/** Rotated by degrees, cropped to the largest centred rectangle with no background corners. */
const rotation = (degrees: number) => async ({ data, width, height }: Image): Promise<Image> => {
  const rotated = await toImage(rgb(data, width, height).rotate(degrees, { background: '#000' }))
  const a = (Math.abs(degrees) * Math.PI) / 180
  // The inscribed rectangle of the same aspect: scale = 1 / (cos a + (long/short) sin a).
  const scale = 1 / (Math.cos(a) + (Math.max(width, height) / Math.min(width, height)) * Math.sin(a))
  const w = Math.floor(width * scale)
  const h = Math.floor(height * scale)
  return toImage(rgb(rotated.data, rotated.width, rotated.height).extract({ left: Math.floor((rotated.width - w) / 2), top: Math.floor((rotated.height - h) / 2), width: w, height: h }))
}

export const VARIANTS: Variant[] = [
  { name: 'original', expect: [], make: async (image) => image },
  { name: 'blur σ2', expect: ['blurry'], make: ({ data, width, height }) => toImage(rgb(data, width, height).blur(2)) },
  { name: 'blur σ4', expect: ['blurry'], make: ({ data, width, height }) => toImage(rgb(data, width, height).blur(4)) },
  { name: '−2.5 EV', expect: ['dark'], make: exposure(0.18) },
  { name: 'shadows clipped', expect: ['dark'], make: clipShadows(0.45) },
  { name: 'highlights clipped', expect: ['overexposed'], clears: ['dark'], make: clipHighlights(0.35) },
  { name: 'gamma 0.5', expect: [], clears: ['dark'], make: gamma(0.5) },
  { name: 'desaturated', expect: ['black_and_white'], make: desaturate },
  { name: 'rotated +4°', expect: ['tilted'], make: rotation(4) },
  { name: 'rotated −3°', expect: ['tilted'], make: rotation(-3) },
  { name: 'portrait crop', expect: [], make: portraitCrop },
  { name: 'half size', expect: [], make: ({ data, width, height }) => toImage(rgb(data, width, height).resize(Math.round(width / 2))) },
]

/**
 * What a person sees in the untouched originals (looked at one by one, like labels.json): the
 * fog photo is grey in every pixel, the sunset a black silhouette over most of the frame. Every
 * other original is sharp, well exposed and in colour. A variant keeps its original's codes
 * but those its change undoes (`clears`).
 */
export const ORIGINAL_CODES: Record<string, QualityIssue[]> = {
  'view-pier-fog.jpg': ['black_and_white'],
  'view-sunset.jpg': ['dark'],
}

type Row = { photo: string; variant: string; half: 'fitting' | 'heldOut'; truth: QualityIssue[]; found: QualityIssue[]; measures: QualityMeasures }

export type CodeScores = { truePositives: number; falsePositives: number; missed: number; precision: number | null; recall: number | null }

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null)

export function scoreCodes(rows: { truth: QualityIssue[]; found: QualityIssue[] }[]): Record<QualityIssue, CodeScores> {
  const out = {} as Record<QualityIssue, CodeScores>
  for (const code of QUALITY_ISSUES) {
    let tp = 0
    let fp = 0
    let fn = 0
    for (const { truth, found } of rows) {
      const t = truth.includes(code)
      const f = found.includes(code)
      if (t && f) tp++
      else if (f) fp++
      else if (t) fn++
    }
    out[code] = { truePositives: tp, falsePositives: fp, missed: fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) }
  }
  return out
}

/** The threshold on one measure that a fitting half alone would pick (best F1; below = code, unless above). */
function bestThreshold(rows: Row[], code: QualityIssue, measure: (m: QualityMeasures) => number | null, above = false) {
  const points = rows.flatMap((r) => {
    const value = measure(r.measures)
    return value === null ? [] : [{ value, positive: r.truth.includes(code) }]
  })
  let best = { threshold: Number.NaN, f1: -1 }
  for (const { value: threshold } of points) {
    let tp = 0
    let fp = 0
    let fn = 0
    for (const p of points) {
      const flagged = above ? p.value > threshold : p.value < threshold
      if (flagged && p.positive) tp++
      else if (flagged) fp++
      else if (p.positive) fn++
    }
    const f1 = (2 * tp) / (2 * tp + fp + fn)
    if (f1 > best.f1) best = { threshold, f1 }
  }
  return { threshold: Math.round(best.threshold * 1000) / 1000, f1: Math.round(best.f1 * 1000) / 1000 }
}

export type QualityAccuracy = {
  photos: number
  variants: string[]
  fitting: Record<QualityIssue, CodeScores>
  heldOut: Record<QualityIssue, CodeScores>
  /** An untouched photo with a pixel code a person does not see in it. */
  originalsFlagged: { photo: string; codes: QualityIssue[] }[]
  thresholds: Record<string, { inCode: number; fittingHalfWouldPick: number; f1: number }>
  /** Measuring one photo (its rendition decoded): the median, in ms. */
  msPerPhoto: number
  /** The variants whose codes differ from what they should carry (tilted aside: not emitted), with their measures. */
  mistakes: Omit<Row, 'half'>[]
}

export async function measureQualityAccuracy(fixtures: string): Promise<QualityAccuracy> {
  const photos = (await fs.readdir(fixtures)).filter((name) => name.endsWith('.jpg')).sort()
  const rows: Row[] = []
  const timings: number[] = []
  for (const [index, photo] of photos.entries()) {
    const original = await toImage(sharp(path.join(fixtures, photo)).rotate())
    for (const variant of VARIANTS) {
      const image = await variant.make(original)
      const sizeCodes: QualityIssue[] = []
      if (Math.max(image.width, image.height) < 1024 || Math.min(image.width, image.height) < 683) sizeCodes.push('low_resolution')
      if (image.height > image.width) sizeCodes.push('portrait')
      const source: Rendition = { data: image.data, info: { width: image.width, height: image.height, channels: 3 } }
      const t0 = performance.now()
      const measures = measureQuality(await qualityRendition(source))
      timings.push(performance.now() - t0)
      const { issues } = qualityIssuesOf(image, measures)
      rows.push({ photo, variant: variant.name, half: index % 2 === 0 ? 'fitting' : 'heldOut', truth: [...new Set([...sizeCodes, ...(ORIGINAL_CODES[photo] ?? []).filter((code) => !variant.clears?.includes(code)), ...variant.expect])], found: issues, measures })
    }
  }
  const fitting = rows.filter((r) => r.half === 'fitting')
  const pixelCodes: QualityIssue[] = ['blurry', 'dark', 'overexposed', 'black_and_white']
  timings.sort((a, b) => a - b)
  return {
    photos: photos.length,
    variants: VARIANTS.map((v) => v.name),
    fitting: scoreCodes(fitting),
    heldOut: scoreCodes(rows.filter((r) => r.half === 'heldOut')),
    originalsFlagged: rows
      .filter((r) => r.variant === 'original' && r.found.some((c) => pixelCodes.includes(c) && !r.truth.includes(c)))
      .map((r) => ({ photo: r.photo, codes: r.found.filter((c) => pixelCodes.includes(c) && !r.truth.includes(c)) })),
    thresholds: {
      blurSharpness: { inCode: BLUR_SHARPNESS, ...pick(bestThreshold(fitting, 'blurry', (m) => m.sharpness)) },
      darkMean: { inCode: EXPOSURE_THRESHOLDS.darkMean, ...pick(bestThreshold(fitting, 'dark', (m) => m.meanLuma)) },
      brightMean: { inCode: EXPOSURE_THRESHOLDS.brightMean, ...pick(bestThreshold(fitting, 'overexposed', (m) => m.meanLuma, true)) },
      monochromeSaturationP95: { inCode: MONOCHROME_SATURATION_P95, ...pick(bestThreshold(fitting, 'black_and_white', (m) => (m.saturationP95 === null ? null : m.saturationP95 + 0.5))) },
    },
    msPerPhoto: Math.round(timings[timings.length >> 1] * 10) / 10,
    mistakes: rows
      .filter((r) => QUALITY_ISSUES.some((code) => code !== 'tilted' && r.truth.includes(code) !== r.found.includes(code)))
      .map(({ half: _half, ...row }) => ({ ...row, measures: roundMeasures(row.measures) })),
  }
}

const pick = ({ threshold, f1 }: { threshold: number; f1: number }) => ({ fittingHalfWouldPick: threshold, f1 })

function roundMeasures(m: QualityMeasures): QualityMeasures {
  const r = (v: number | null, d = 3) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d)
  return { ...m, meanLuma: r(m.meanLuma, 1)!, shadowClipped: r(m.shadowClipped)!, highlightClipped: r(m.highlightClipped)!, sharpness: r(m.sharpness) }
}

/** Per code: precision and recall on the fitting half and on the held-out half (null: no such case). */
export function printQualityAccuracy(q: QualityAccuracy) {
  const f = (v: number | null) => (v === null ? '  – ' : v.toFixed(2))
  console.log(`Quality codes on ${q.photos} photos × ${q.variants.length} variants (${q.msPerPhoto} ms a photo):`)
  console.log('code              fitting P  R     held-out P  R')
  for (const code of QUALITY_ISSUES) {
    const a = q.fitting[code]
    const b = q.heldOut[code]
    console.log(`${code.padEnd(17)} ${f(a.precision)}  ${f(a.recall)}  ${f(b.precision)}  ${f(b.recall)}`)
  }
  console.log('tilted is not emitted yet: no measure reached the precision it needs (see src/server/media/quality.ts).')
  console.log(`Untouched originals given a code a person does not see: ${q.originalsFlagged.map((o) => `${o.photo} (${o.codes.join(', ')})`).join('; ') || 'none'}`)
}
