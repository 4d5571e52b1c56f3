// The quality problems listing sites reject, read from a photo's pixels at ingest (no model):
// the codes of src/lib/quality-issues.ts. Cheap on purpose: one pass over a rendition at most
// QUALITY_SIDE pixels a side (a few ms), the size from the original's header.
//
// measureQuality turns the pixels into a handful of numbers; qualityIssuesOf turns those and the
// original's size into codes, against the thresholds below. A measure the pixels cannot support
// (a photo too small, or too flat, to judge its sharpness) gives no code, and the assessment says
// why in `notJudged`.
//
// `tilted` is not emitted: the peak of edge directions near vertical (a Sobel histogram) moved with
// a rotation but strayed by up to 3° on level originals (people, trees, converging verticals), far
// from the precision a code the manager acts on needs; straight-line detection is left to do.
//
// The thresholds were fitted by `npm run bench:analysis-accuracy` (bench/lib/quality-accuracy.ts)
// on generated variants of the labelled real photos in tests/fixtures/analysis — Gaussian blur,
// gamma, clipping, desaturation, rotation, downscale — and their untouched originals: fitted on
// one half of the photos, checked on the other; the bench prints precision and recall per code.
import sharp from 'sharp'
import { LISTING_MIN_SIZE, type QualityIssue } from '../../lib/quality-issues'
import type { Rendition } from './phash'

/** The rendition the measures read: the photo fitted inside this many pixels a side (never enlarged). */
export const QUALITY_SIDE = 800

/** Every channel at or below this: a clipped shadow; every channel at or above HIGHLIGHT_CLIP: a clipped highlight. */
const SHADOW_CLIP = 12
const HIGHLIGHT_CLIP = 250

/**
 * `dark`: the mean luma below darkMean, or more than darkClipped of the pixels clipped to black.
 * `overexposed`: more than brightClipped of the pixels clipped to white, or the mean above brightMean.
 * Fitted on −2.5 EV and shadows-clipped variants (dark) and highlights-clipped variants
 * (overexposed), with gamma 0.5 brightened ones as a control, against the originals (dusk, fog,
 * forest, a sunset silhouette, sky-filled photos): precision and recall 1.00 on both halves.
 * Variants that should not be dark have mean ≥ 41 and at most 29 % clipped to black; those that
 * should not be overexposed at most 20 % clipped to white and mean ≤ 209.
 */
export const EXPOSURE_THRESHOLDS = { darkMean: 40, darkClipped: 0.3, brightMean: 215, brightClipped: 0.3 }

/**
 * `black_and_white`: the 95th percentile of saturation (0–255, see QualityMeasures) at most this:
 * a desaturated photo measures 0, the least colourful colour variant 18; precision and recall
 * 1.00 on both halves.
 */
export const MONOCHROME_SATURATION_P95 = 12
/** Pixels darker than this (max of R, G, B) carry no colour worth judging. */
const SATURATION_FLOOR = 32

/**
 * `blurry`: the sharpness (see measureQuality) below this. Fitted on Gaussian blur of σ = 2 and
 * 4 px at 800 px wide (blurry) against the originals and the other variants (sharp), with
 * TEXTURE_STD: of 6, 8, 10, 12, 16 and 20 grey levels, 16 gave the fitting half its best F1.
 * Refitted on the 55-photo set: the fitting half's best F1 runs from 0.37 to 0.39 (precision
 * 0.96, recall 0.93); the lowest of it is taken, so fewer sharp photos are called blurry. Held
 * out: precision 0.93, recall 1.00. Dense foliage blurred by σ 2 stays near the line (0.3–0.5),
 * and a misty lake is soft untouched.
 */
export const BLUR_SHARPNESS = 0.37

/** Tiles of the sharpness measure, in pixels a side; a tile with a standard deviation under TEXTURE_STD grey levels is flat (its noise would count as detail). */
const TILE = 32
const TEXTURE_STD = 16
/** Fewer textured tiles than this: too flat to judge sharpness. */
const MIN_TEXTURED_TILES = 12
/** Below this many pixels on the short side: too small to judge sharpness. */
const MIN_JUDGED_SIDE = 96
/** Fewer pixels than this (about 16 × 16): too small to judge exposure or colour either. */
const MIN_JUDGED_PIXELS = 256

export type QualityMeasures = {
  /** Pixels measured (the rendition's). */
  width: number
  height: number
  /** Mean luma, 0–255. */
  meanLuma: number
  /** Fractions of pixels clipped to black and to white. */
  shadowClipped: number
  highlightClipped: number
  /**
   * 95th percentile of saturation ((max − min) / max of R, G, B, scaled to 0–255) over pixels
   * with max ≥ SATURATION_FLOOR; null when too few are that bright to judge colour.
   */
  saturationP95: number | null
  /**
   * The 90th percentile over textured tiles of the Laplacian's RMS over the tile's own standard
   * deviation (a normalised variance of the Laplacian: contrast does not count, fine detail does);
   * null when the photo is too small or too flat to judge.
   */
  sharpness: number | null
}

export type QualityAssessment = {
  issues: QualityIssue[]
  /** What the pixels could not support, in words (empty when every measure was judged). */
  notJudged: string[]
}

/** The measures of one upright rendition (sharp's raw output, 1–4 channels, 8 bits). */
export function measureQuality({ data, info }: Rendition): QualityMeasures {
  const { width, height, channels } = info
  const count = width * height
  const luma = new Float32Array(count)
  const chromaHistogram = new Uint32Array(256)
  let sum = 0
  let dark = 0
  let bright = 0
  let coloured = 0
  const colour = channels >= 3
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    let y: number
    let max: number
    let min: number
    if (colour) {
      const r = data[p]
      const g = data[p + 1]
      const b = data[p + 2]
      y = 0.2126 * r + 0.7152 * g + 0.0722 * b
      max = Math.max(r, g, b)
      min = Math.min(r, g, b)
      // Saturation (chroma over value), of pixels bright enough for their colour to show.
      if (max >= SATURATION_FLOOR) {
        chromaHistogram[Math.round((255 * (max - min)) / max)]++
        coloured++
      }
    } else {
      y = data[p]
      max = y
      min = y
    }
    luma[i] = y
    sum += y
    // Clipped: black or white in every channel (one channel at its end is a saturated colour).
    if (max <= SHADOW_CLIP) dark++
    else if (min >= HIGHLIGHT_CLIP) bright++
  }
  return {
    width,
    height,
    meanLuma: count ? sum / count : 0,
    shadowClipped: count ? dark / count : 0,
    highlightClipped: count ? bright / count : 0,
    saturationP95: coloured >= MIN_JUDGED_PIXELS ? percentileOfHistogram(chromaHistogram, coloured, 0.95) : colour ? null : 0,
    sharpness: Math.min(width, height) >= MIN_JUDGED_SIDE ? sharpnessOf(luma, width, height) : null,
  }
}

/** The codes for a photo of this (original, upright) size with these measures. */
export function qualityIssuesOf(size: { width: number; height: number }, measures: QualityMeasures): QualityAssessment {
  const issues: QualityIssue[] = []
  const notJudged: string[] = []
  const long = Math.max(size.width, size.height)
  const short = Math.min(size.width, size.height)
  if (long < LISTING_MIN_SIZE.width || short < LISTING_MIN_SIZE.height) issues.push('low_resolution')
  if (measures.width * measures.height < MIN_JUDGED_PIXELS) {
    notJudged.push(`Too small (${measures.width}×${measures.height} pixels) to judge sharpness, exposure or colour`)
  } else {
    if (measures.sharpness === null) {
      notJudged.push(Math.min(measures.width, measures.height) < MIN_JUDGED_SIDE ? 'Too small to judge sharpness' : 'Too flat to judge sharpness')
    } else if (measures.sharpness < BLUR_SHARPNESS) issues.push('blurry')
    const t = EXPOSURE_THRESHOLDS
    if (measures.meanLuma < t.darkMean || measures.shadowClipped > t.darkClipped) issues.push('dark')
    else if (measures.meanLuma > t.brightMean || measures.highlightClipped > t.brightClipped) issues.push('overexposed')
    if (measures.saturationP95 === null) notJudged.push('Too dark to judge colour')
    else if (measures.saturationP95 <= MONOCHROME_SATURATION_P95) issues.push('black_and_white')
  }
  if (size.height > size.width) issues.push('portrait')
  return { issues, notJudged }
}

/** Fits a decoded upright image (any size) into the measured rendition, then measures it. */
export async function assessQuality(image: Rendition, size: { width: number; height: number }): Promise<QualityAssessment> {
  return qualityIssuesOf(size, measureQuality(await qualityRendition(image)))
}

/** The rendition the measures read: an image fitted inside QUALITY_SIDE, RGB. */
export async function qualityRendition({ data, info }: Rendition): Promise<Rendition> {
  const { data: out, info: outInfo } = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(QUALITY_SIDE, QUALITY_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data: out, info: { width: outInfo.width, height: outInfo.height, channels: outInfo.channels as Rendition['info']['channels'] } }
}

/** Reads a photo file (or rendition) and measures it: for renditions already stored. */
export async function assessQualityOfFile(bytes: Buffer, size?: { width: number; height: number }): Promise<QualityAssessment> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(QUALITY_SIDE, QUALITY_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const rendition: Rendition = { data, info: { width: info.width, height: info.height, channels: info.channels as Rendition['info']['channels'] } }
  return qualityIssuesOf(size ?? { width: info.width, height: info.height }, measureQuality(rendition))
}

function percentileOfHistogram(histogram: Uint32Array, count: number, fraction: number): number {
  const target = count * fraction
  let seen = 0
  for (let value = 0; value < histogram.length; value++) {
    seen += histogram[value]
    if (seen >= target) return value
  }
  return histogram.length - 1
}

/** See QualityMeasures.sharpness. */
function sharpnessOf(luma: Float32Array, width: number, height: number): number | null {
  const ratios: number[] = []
  for (let ty = 1; ty + TILE < height; ty += TILE) {
    for (let tx = 1; tx + TILE < width; tx += TILE) {
      let s = 0
      let s2 = 0
      let l2 = 0
      for (let y = ty; y < ty + TILE; y++) {
        const row = y * width
        for (let x = tx; x < tx + TILE; x++) {
          const v = luma[row + x]
          s += v
          s2 += v * v
          const lap = luma[row + x - 1] + luma[row + x + 1] + luma[row + x - width] + luma[row + x + width] - 4 * v
          l2 += lap * lap
        }
      }
      const n = TILE * TILE
      const variance = s2 / n - (s / n) ** 2
      if (variance < TEXTURE_STD * TEXTURE_STD) continue
      ratios.push(Math.sqrt(l2 / n) / Math.sqrt(variance))
    }
  }
  if (ratios.length < MIN_TEXTURED_TILES) return null
  ratios.sort((a, b) => a - b)
  return ratios[Math.floor(ratios.length * 0.9)]
}

