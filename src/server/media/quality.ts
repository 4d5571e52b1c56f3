// The quality problems listing sites reject, read from a photo's pixels at ingest (no model):
// the codes of src/lib/quality-issues.ts. Cheap on purpose: a pass over a rendition at most
// QUALITY_SIDE pixels a side and its straight lines (tens of ms), the size from the original's header.
//
// measureQuality turns the pixels into a handful of numbers; qualityIssuesOf turns those and the
// original's size into codes, against the thresholds below. A measure the pixels cannot support
// (a photo too small, or too flat, to judge its sharpness) gives no code, and the assessment says
// why in `notJudged`.
//
// `tilted` comes from the photo's straight lines (tilt.ts): the vertical edges' vanishing point, or a
// horizon, when they say it surely. The first attempt, the peak of edge directions near vertical (a
// Sobel histogram), strayed by up to 3° on level originals (people, trees, converging verticals).
//
// Each code the manager can fix in the editor comes with the edit that fixes it (`suggestions`):
// the straighten that levels a tilted photo, the exposure that brings a dark one to a typical
// brightness. A turned-sideways photo is found by analysis, with the model (analysis/orientation.ts).
//
// The thresholds were fitted by `npm run bench:analysis-accuracy` (bench/lib/quality-accuracy.ts)
// on generated variants of the labelled real photos in tests/fixtures/analysis — Gaussian blur,
// gamma, clipping, desaturation, rotation, downscale — and their untouched originals: fitted on
// one half of the photos, checked on the other; the bench prints precision and recall per code.
import sharp from 'sharp'
import { exposureFactor, MAX_EXPOSURE_STOPS } from '../../lib/edits'
import { LISTING_MIN_SIZE, type QualityIssue, type SuggestedEdit } from '../../lib/quality-issues'
import type { Rendition } from './phash'
import { estimateTilt, MAX_TILT } from './tilt'

/** The rendition the measures read: the photo fitted inside this many pixels a side (never enlarged). */
export const QUALITY_SIDE = 800

/**
 * Which measure wrote a row's codes (media.qualityVersion): 2 finds `tilted` and gives each code
 * the edit that fixes it. A photo measured by an earlier one (none recorded) is measured again by
 * the quality backfill at start (quality-backfill.ts). Raise it when the measure finds something new.
 */
export const QUALITY_VERSION = 2

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

/**
 * `tilted`: the photo's lines turned more than TILT_MIN_DEGREES from level (at most MAX_TILT, what
 * straighten undoes), by more than TILT_MARGIN beyond it: the estimate's own error. On the fitting
 * half, a photo turned by a known angle read that angle plus its untouched original's reading to
 * within 0.44° in 95 % of the cases (0.20° RMS). Untouched originals read up to 1.6° themselves
 * (likely that far off: the labels only say they were not turned on purpose); a first fit without
 * the margin called such originals (and every variant of them) tilted, on the held-out half.
 */
export const TILT_MIN_DEGREES = 1.5
export const TILT_MARGIN = 0.5

/**
 * The mean luma the suggested exposure of a `dark` photo aims at: the median of the labelled
 * originals' (fitting half: 118), a typical well-exposed photo. Never more than +2 stops (the edit's
 * limit), and never so much that more than HIGHLIGHT_BUDGET of the pixels newly turn white: a
 * sunset's sky or a lit window caps it, so a photo dark on purpose (a silhouette against a bright
 * sky) gets little or no suggestion. Under EXPOSURE_MIN_STOPS: none.
 */
export const EXPOSURE_TARGET_LUMA = 118
const HIGHLIGHT_BUDGET = 0.01
const EXPOSURE_MIN_STOPS = 0.1

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
  /**
   * How far the photo's content is turned clockwise from level, in degrees (tilt.ts); null when its
   * straight lines do not say it surely.
   */
  tilt: number | null
  /**
   * The exposure (stops) that brings the mean luma to EXPOSURE_TARGET_LUMA, as far as the
   * highlights allow (0 when they allow none, or when it is that bright already).
   */
  exposureToTarget: number
}

export type QualityAssessment = {
  issues: QualityIssue[]
  /** What the pixels could not support, in words (empty when every measure was judged). */
  notJudged: string[]
  /** The edit that fixes each code the editor can fix (src/lib/edits.ts), when there is one. */
  suggestions: SuggestedEdit[]
}

/** The measures of one upright rendition (sharp's raw output, 1–4 channels, 8 bits). */
export function measureQuality({ data, info }: Rendition): QualityMeasures {
  const { width, height, channels } = info
  const count = width * height
  const luma = new Float32Array(count)
  const lumaHistogram = new Uint32Array(256)
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
    lumaHistogram[Math.round(y)]++
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
    tilt: Math.min(width, height) >= MIN_JUDGED_SIDE ? (estimateTilt(luma, width, height)?.degrees ?? null) : null,
    exposureToTarget: count ? stopsToTarget(lumaHistogram, count) : 0,
  }
}

/** The codes for a photo of this (original, upright) size with these measures. */
export function qualityIssuesOf(size: { width: number; height: number }, measures: QualityMeasures): QualityAssessment {
  const issues: QualityIssue[] = []
  const notJudged: string[] = []
  const suggestions: SuggestedEdit[] = []
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
    if (measures.meanLuma < t.darkMean || measures.shadowClipped > t.darkClipped) {
      issues.push('dark')
      const stops = Math.min(MAX_EXPOSURE_STOPS, Math.round(measures.exposureToTarget * 10) / 10)
      if (stops >= EXPOSURE_MIN_STOPS) suggestions.push({ issue: 'dark', operation: { op: 'exposure', value: stops } })
    } else if (measures.meanLuma > t.brightMean || measures.highlightClipped > t.brightClipped) issues.push('overexposed')
    if (measures.saturationP95 === null) notJudged.push('Too dark to judge colour')
    else if (measures.saturationP95 <= MONOCHROME_SATURATION_P95) issues.push('black_and_white')
  }
  if (size.height > size.width) issues.push('portrait')
  // A dark photo's lines are its few strongest edges, and clipped shadows draw edges of their own:
  // its tilt is judged once its exposure is fixed (the edit measures it again).
  const tilt = issues.includes('dark') || isPanoramic(size) ? null : measures.tilt
  if (isPanoramic(size)) notJudged.push('A panorama: its lines curve, so its tilt is not judged')
  if (tilt !== null && Math.abs(tilt) > TILT_MIN_DEGREES + TILT_MARGIN && Math.abs(tilt) <= MAX_TILT) {
    issues.push('tilted')
    // Straighten turns clockwise for positive degrees: the opposite of the photo's turn.
    suggestions.push({ issue: 'tilted', operation: { op: 'straighten', degrees: Math.round(-tilt * 10) / 10 } })
  }
  return { issues, notJudged, suggestions }
}

/**
 * Twice as wide as high, or wider: a 360° photo or a stitched panorama, whose straight walls are
 * drawn curved, so a straighten would not level it (and the editor does not turn a 360° photo).
 */
const PANORAMIC_ASPECT = 1.95
const isPanoramic = ({ width, height }: { width: number; height: number }) => width >= PANORAMIC_ASPECT * height

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

/**
 * The stops (see exposureFactor) whose factor brings the mean luma to EXPOSURE_TARGET_LUMA, values
 * clipping at white, but no more than turns HIGHLIGHT_BUDGET of the pixels newly white; to 0.01.
 */
export function stopsToTarget(histogram: Uint32Array, count: number): number {
  const meanAt = (factor: number) => {
    let sum = 0
    for (let value = 0; value < 256; value++) sum += histogram[value] * Math.min(255, value * factor)
    return sum / count
  }
  const whiteAt = (factor: number) => {
    let white = 0
    for (let value = 0; value < 256; value++) if (value * factor >= HIGHLIGHT_CLIP) white += histogram[value]
    return white / count
  }
  if (meanAt(1) >= EXPOSURE_TARGET_LUMA) return 0
  const allowedWhite = whiteAt(1) + HIGHLIGHT_BUDGET
  // Bisection on stops: the mean and the white share both grow with the factor.
  let low = 0
  let high = 2 * MAX_EXPOSURE_STOPS
  for (let step = 0; step < 30; step++) {
    const mid = (low + high) / 2
    const factor = exposureFactor(mid)
    if (meanAt(factor) <= EXPOSURE_TARGET_LUMA && whiteAt(factor) <= allowedWhite) low = mid
    else high = mid
  }
  return Math.round(low * 100) / 100
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

