// How sure each signal is, as the percent the Duplicate Detection dialog shows (spec §3, §9:
// 90+ red, 70+ orange, else yellow). Distances were calibrated on edited copies of real
// photographs and of generated photo-like images (bench/duplicates.ts, docs/duplicates.md):
// re-encodes, resizes and brightness changes land at 0–10 bits of 64, crops of 2–10 % at 0–8
// against a centre-crop hash, a mirror at 0–6 against the mirror image's hash, and different
// photos at 14 or more. Two hashes of this kind always differ in an even number of bits
// (each sets the 32 of its 64 coefficients above their median), so 10 means "up to 11".

export type DuplicateReason = 'identical_hash' | 'visual_similarity' | 'size_and_name'

/** Largest pHash distance (bits of 64) between two whole images that still counts as a match. */
export const MAX_WHOLE_DISTANCE = 10
/** Largest distance between one image and a centre crop of the other (a cropped copy). */
export const MAX_CROP_DISTANCE = 8
/** Largest distance between one image and the hash of the other's mirror image (a flipped copy). */
export const MAX_MIRROR_DISTANCE = 7
/**
 * Region hashes (a 3 × 3 grid): a copy with a caption or a logo along one side keeps at least
 * MIN_MATCHING_REGIONS of its 9 regions within MAX_REGION_DISTANCE bits of the original's
 * (the regions under the text are far). Two thirds, not half: two *different* photos with the
 * same caption share the captioned regions (a third of the grid), and must not match by them.
 */
export const MIN_MATCHING_REGIONS = 6
export const MAX_REGION_DISTANCE = 6
/**
 * A close whole-image hash is not trusted when REGIONS_TO_CONTRADICT of the 9 regions are at
 * least FAR_REGION_DISTANCE bits apart (find-groups.ts regionsContradict): a majority of the
 * picture unlike. Re-encodes, resizes and brightness changes of real photos keep most region
 * hashes within 10 bits; unrelated regions differ in 32 on average.
 */
export const FAR_REGION_DISTANCE = 22
export const REGIONS_TO_CONTRADICT = 5
/**
 * Smallest cosine between *centred* analysis embeddings (the library's mean embedding, or the
 * model's mean over real photos, subtracted) for "the same scene shot twice". The model's raw embeddings are non-negative,
 * so unrelated photos reach 0.98 raw; centred, unrelated real photos stayed ≤ 0.76 and
 * edited copies ≥ 0.88, the same scene re-shot 0.97 (docs/duplicates.md).
 */
export const MIN_EMBEDDING_COSINE = 0.9
/** Fewer embeddings than this give no trustworthy mean of their own: the scan centres them on the model's reference mean. */
export const MIN_EMBEDDINGS_FOR_CENTRING = 20

/** How a visual match was found: which of the hashes came close. */
export type VisualMatch = 'whole' | 'crop' | 'mirror'

/** Same bytes: certain. */
export const IDENTICAL_CONFIDENCE = 100
/** Same byte size and the same normalised name, different bytes (re-saved metadata, a re-download). */
export const SIZE_AND_NAME_CONFIDENCE = 75

/**
 * Confidence of a visual match at `distance` bits: 99 at 0 falling 2 per bit (91 at 4, 83 at 8),
 * less for a crop (5) or a mirror (10), which are edits rather than copies. Never 100: only
 * identical bytes are certain.
 */
export function visualConfidence(distance: number, match: VisualMatch = 'whole'): number {
  const penalty = match === 'crop' ? 5 : match === 'mirror' ? 10 : 0
  return clampPercent(Math.round(99 - 2 * distance - penalty), 50, 99)
}

/**
 * Confidence of a match by regions: `close` of the 9 regions within `worst` bits. An edited
 * copy (part of it covered), so below a whole-image match: 6 regions at 0 bits → 87, 8 → 95.
 */
export function regionConfidence(close: number, worst: number): number {
  return clampPercent(Math.round(99 - 2 * worst - 4 * (9 - close)), 50, 95)
}

/**
 * Confidence of two embeddings at `cosine` similarity: the same scene re-shot, not a copy of
 * one file, so at most 85 (orange): MIN_EMBEDDING_COSINE → 60, 1 → 85.
 */
export function embeddingConfidence(cosine: number): number {
  const t = (cosine - MIN_EMBEDDING_COSINE) / (1 - MIN_EMBEDDING_COSINE)
  return clampPercent(Math.round(60 + 25 * t), 60, 85)
}

function clampPercent(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/** An edge's rank when a group keeps its strongest reason: higher confidence, then the surer signal. */
export function strongerThan(
  a: { confidence: number; reason: DuplicateReason },
  b: { confidence: number; reason: DuplicateReason },
): boolean {
  if (a.confidence !== b.confidence) return a.confidence > b.confidence
  return REASON_RANK[a.reason] > REASON_RANK[b.reason]
}

const REASON_RANK: Record<DuplicateReason, number> = { identical_hash: 3, visual_similarity: 2, size_and_name: 1 }
