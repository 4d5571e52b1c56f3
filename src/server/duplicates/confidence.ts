// How sure each signal is, as the percent the Duplicate Detection dialog shows (spec §3, §9:
// 90+ red, 70+ orange, else yellow). Distances were calibrated on generated variants of
// photo-like images (bench/duplicates.ts): re-encodes, resizes, brightness changes and text
// overlays land at 0–6 bits of 64, crops of 2–10 % at 0–8 against a centre-crop hash, and
// different photos at 16 or more.

export type DuplicateReason = 'identical_hash' | 'visual_similarity' | 'size_and_name'

/** Largest pHash distance (bits of 64) between two whole images that still counts as a match. */
export const MAX_WHOLE_DISTANCE = 11
/** Largest distance between one image and a centre crop of the other (a cropped copy). */
export const MAX_CROP_DISTANCE = 8
/** Largest distance between one image and the other's mirrored hash (a flipped copy); 7 keeps its probe cheap (1 bit per block). */
export const MAX_MIRROR_DISTANCE = 7
/** Smallest cosine between analysis embeddings for "the same scene shot twice". */
export const MIN_EMBEDDING_COSINE = 0.92

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
