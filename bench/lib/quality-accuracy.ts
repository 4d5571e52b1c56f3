// Accuracy of the quality codes (src/server/media/quality.ts) on generated variants of the
// labelled real photos (tests/fixtures/analysis): each photo untouched, blurred (Gaussian σ 2
// and 4 px), darkened (−2.5 EV; the darkest 45 % clipped to black), brightened (the brightest
// 35 % clipped to white; gamma 0.5, which should stay unflagged), desaturated, rotated (+2°, −3°,
// +4°, −6°, +8°, cropped to the inscribed rectangle: tilted), turned 30° the same way (a diagonal
// composition, beyond what straighten undoes: not tilted), turned a quarter, a half and three
// quarters (sideways: analysis's code, scored by sideways-accuracy.ts; here they must not be
// called tilted), cropped to a 2:3 portrait and downscaled to half.
// What each variant should carry is known by construction: the change's own code, plus the
// codes its size gives (low_resolution, portrait); an untouched photo gets no pixel code.
// Photos are split by name into a fitting half (the thresholds in quality.ts were chosen on it)
// and a held-out half; precision and recall are printed per code for both, with the threshold
// the fitting half alone would pick for each scalar measure beside the one in the code.
//
// The suggestions are scored too: a tilted variant's straighten against the turn it was given
// (the mean absolute error; and against the turn plus what its untouched original reads, since an
// original may itself be a degree off), and each dark variant's exposure applied to it with the
// editor's own code (apply-edits.ts), then measured again: is it still dark?
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { QUALITY_ISSUES, type QualityIssue } from '../../src/lib/quality-issues'
import type { Rendition } from '../../src/server/media/phash'
import type { SuggestedEdit } from '../../src/lib/quality-issues'
import { applyEdits } from '../../src/server/media/apply-edits'
import {
  BLUR_SHARPNESS,
  EXPOSURE_THRESHOLDS,
  MONOCHROME_SATURATION_P95,
  EXPOSURE_TARGET_LUMA,
  measureQuality,
  qualityIssuesOf,
  qualityRendition,
  type QualityMeasures,
} from '../../src/server/media/quality'

/**
 * expect: the code the change gives; clears: codes of the original it undoes (a brightened dark
 * photo); turn: the clockwise degrees it turns the photo (a tilted variant's).
 */
type Variant = { name: string; expect: QualityIssue[]; clears?: QualityIssue[]; turn?: number; make: (image: Image) => Promise<Image> }
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
  { name: 'rotated +2°', expect: ['tilted'], turn: 2, make: rotation(2) },
  { name: 'rotated −3°', expect: ['tilted'], turn: -3, make: rotation(-3) },
  { name: 'rotated +4°', expect: ['tilted'], turn: 4, make: rotation(4) },
  { name: 'rotated −6°', expect: ['tilted'], turn: -6, make: rotation(-6) },
  { name: 'rotated +8°', expect: ['tilted'], turn: 8, make: rotation(8) },
  { name: 'diagonal 30°', expect: [], make: rotation(30) },
  { name: 'turned 90°', expect: ['sideways'], make: ({ data, width, height }) => toImage(rgb(data, width, height).rotate(90)) },
  { name: 'turned 180°', expect: ['sideways'], make: ({ data, width, height }) => toImage(rgb(data, width, height).rotate(180)) },
  { name: 'turned 270°', expect: ['sideways'], make: ({ data, width, height }) => toImage(rgb(data, width, height).rotate(270)) },
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

type Row = {
  photo: string
  variant: string
  half: 'fitting' | 'heldOut'
  truth: QualityIssue[]
  found: QualityIssue[]
  suggestions: SuggestedEdit[]
  measures: QualityMeasures
}

/** Codes another part scores: sideways is analysis's (sideways-accuracy.ts). */
const NOT_SCORED_HERE: QualityIssue[] = ['sideways']

export type CodeScores = { truePositives: number; falsePositives: number; missed: number; precision: number | null; recall: number | null }

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null)

export function scoreCodes(rows: { truth: QualityIssue[]; found: QualityIssue[] }[], codes: readonly QualityIssue[] = QUALITY_ISSUES) {
  const out = {} as Record<QualityIssue, CodeScores>
  for (const code of codes) {
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
  /** The suggested edits, per half (see SuggestionScores). */
  suggestions: { fitting: SuggestionScores; heldOut: SuggestionScores }
  /** The variants whose codes differ from what they should carry, with their measures (of `tilted`, only false alarms: a miss is an abstention). */
  mistakes: Omit<Row, 'half'>[]
}

export type SuggestionScores = {
  /** Tilted variants given a straighten: how many, and its mean absolute error against the turn they were given, in degrees. */
  straightened: number
  straightenError: number | null
  /** The same, against the turn plus what the untouched original reads (when it reads anything): the estimator's own error. */
  straightenErrorFromOriginal: number | null
  straightenedFromOriginal: number
  /** Variants called dark, given an exposure, still dark after it, and their mean luma before and after (median). */
  dark: number
  exposed: number
  stillDark: number
  meanLumaBefore: number | null
  meanLumaAfter: number | null
  /** The same counts per variant (a clipped shadow stays black whatever the exposure: only the mean can be helped). */
  darkByVariant: Record<string, { dark: number; exposed: number; stillDark: number }>
  /** Untouched originals called dark (dark on purpose, like a sunset's silhouette) and the exposure suggested to each. */
  originalsDark: { photo: string; stops: number | null }[]
}

export async function measureQualityAccuracy(fixtures: string): Promise<QualityAccuracy> {
  const photos = (await fs.readdir(fixtures)).filter((name) => name.endsWith('.jpg')).sort()
  const rows: Row[] = []
  const timings: number[] = []
  /** A dark variant's measures after its suggested exposure. */
  const exposed = new Map<Row, QualityMeasures>()
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
      const { issues, suggestions } = qualityIssuesOf(image, measures)
      const row: Row = {
        photo,
        variant: variant.name,
        half: index % 2 === 0 ? 'fitting' : 'heldOut',
        truth: [...new Set([...sizeCodes, ...(ORIGINAL_CODES[photo] ?? []).filter((code) => !variant.clears?.includes(code)), ...variant.expect])],
        found: issues,
        suggestions,
        measures,
      }
      rows.push(row)
      const exposure = suggestions.find((s) => s.issue === 'dark')?.operation
      if (exposure) exposed.set(row, await exposedMeasures(source, exposure))
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
    suggestions: {
      fitting: scoreSuggestions(fitting, rows, exposed),
      heldOut: scoreSuggestions(rows.filter((r) => r.half === 'heldOut'), rows, exposed),
    },
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
      .filter((r) =>
        QUALITY_ISSUES.some((code) => !NOT_SCORED_HERE.includes(code) && r.truth.includes(code) !== r.found.includes(code) && (code !== 'tilted' || r.found.includes(code))),
      )
      .map(({ half: _half, ...row }) => ({ ...row, measures: roundMeasures(row.measures) })),
  }
}

/** The variant with its suggested exposure applied (the editor's code), measured again. */
async function exposedMeasures(source: Rendition, operation: SuggestedEdit['operation']): Promise<QualityMeasures> {
  const edited = await applyEdits(source, [operation], Number.MAX_SAFE_INTEGER)
  return measureQuality(await qualityRendition(edited))
}

const VARIANT_TURNS = new Map(VARIANTS.flatMap((v) => (v.turn === undefined ? [] : [[v.name, v.turn] as const])))

function scoreSuggestions(rows: Row[], all: Row[], exposed: Map<Row, QualityMeasures>): SuggestionScores {
  const straightenOf = (row: Row) => {
    const operation = row.suggestions.find((s) => s.issue === 'tilted')?.operation
    return operation?.op === 'straighten' ? operation.degrees : null
  }
  const errors: number[] = []
  const fromOriginal: number[] = []
  for (const row of rows) {
    const turn = VARIANT_TURNS.get(row.variant)
    const degrees = straightenOf(row)
    if (turn === undefined || degrees === null) continue
    // A straighten of −turn undoes the turn.
    errors.push(Math.abs(degrees + turn))
    const originalReads = all.find((r) => r.photo === row.photo && r.variant === 'original')?.measures.tilt
    if (originalReads !== null && originalReads !== undefined) fromOriginal.push(Math.abs(degrees + turn + originalReads))
  }
  const dark = rows.filter((r) => r.found.includes('dark'))
  const after = dark.flatMap((r) => (exposed.has(r) ? [{ before: r.measures, after: exposed.get(r)! }] : []))
  const t = EXPOSURE_THRESHOLDS
  const isDark = (m: QualityMeasures) => m.meanLuma < t.darkMean || m.shadowClipped > t.darkClipped
  const darkByVariant: SuggestionScores['darkByVariant'] = {}
  for (const row of dark) {
    const counts = (darkByVariant[row.variant] ??= { dark: 0, exposed: 0, stillDark: 0 })
    counts.dark++
    const after = exposed.get(row)
    if (after) {
      counts.exposed++
      if (isDark(after)) counts.stillDark++
    }
  }
  const median = (values: number[]) => (values.length ? Math.round([...values].sort((a, b) => a - b)[values.length >> 1] * 10) / 10 : null)
  const mean = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null)
  return {
    straightened: errors.length,
    straightenError: mean(errors),
    straightenedFromOriginal: fromOriginal.length,
    straightenErrorFromOriginal: mean(fromOriginal),
    dark: dark.length,
    exposed: after.length,
    stillDark: after.filter(({ after: m }) => isDark(m)).length,
    meanLumaBefore: median(after.map(({ before }) => before.meanLuma)),
    meanLumaAfter: median(after.map(({ after: m }) => m.meanLuma)),
    darkByVariant,
    originalsDark: dark
      .filter((r) => r.variant === 'original')
      .map((r) => {
        const operation = r.suggestions.find((s) => s.issue === 'dark')?.operation
        return { photo: r.photo, stops: operation?.op === 'exposure' ? operation.value : null }
      }),
  }
}

const pick = ({ threshold, f1 }: { threshold: number; f1: number }) => ({ fittingHalfWouldPick: threshold, f1 })

function roundMeasures(m: QualityMeasures): QualityMeasures {
  const r = (v: number | null, d = 3) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d)
  return { ...m, meanLuma: r(m.meanLuma, 1)!, shadowClipped: r(m.shadowClipped)!, highlightClipped: r(m.highlightClipped)!, sharpness: r(m.sharpness), tilt: r(m.tilt, 2) }
}

/** Per code: precision and recall on the fitting half and on the held-out half (null: no such case). */
export function printQualityAccuracy(q: QualityAccuracy) {
  const f = (v: number | null) => (v === null ? '  – ' : v.toFixed(2))
  console.log(`Quality codes on ${q.photos} photos × ${q.variants.length} variants (${q.msPerPhoto} ms a photo):`)
  console.log('code              fitting P  R     held-out P  R')
  for (const code of QUALITY_ISSUES.filter((c) => !NOT_SCORED_HERE.includes(c))) {
    const a = q.fitting[code]
    const b = q.heldOut[code]
    console.log(`${code.padEnd(17)} ${f(a.precision)}  ${f(a.recall)}  ${f(b.precision)}  ${f(b.recall)}`)
  }
  for (const half of ['fitting', 'heldOut'] as const) {
    const s = q.suggestions[half]
    console.log(
      `${half}: ${s.straightened} straightens, ${s.straightenError}° mean error against the turn given (${s.straightenErrorFromOriginal}° with the original's reading, ${s.straightenedFromOriginal}); ` +
        `${s.exposed} of ${s.dark} dark variants given an exposure, ${s.stillDark} still dark after it (mean luma ${s.meanLumaBefore} → ${s.meanLumaAfter}, target ${EXPOSURE_TARGET_LUMA}; ` +
        `${Object.entries(s.darkByVariant).map(([name, c]) => `${name}: ${c.stillDark} of ${c.exposed}`).join(', ')})`,
    )
  }
  console.log(`Untouched originals given a code a person does not see: ${q.originalsFlagged.map((o) => `${o.photo} (${o.codes.join(', ')})`).join('; ') || 'none'}`)
}
