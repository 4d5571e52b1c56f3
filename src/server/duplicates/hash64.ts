// 64-bit perceptual hashes as two unsigned 32-bit halves, so distances are a few integer
// operations instead of string work: the scan compares millions of them.

/** A 64-bit hash split into its high and low 32 bits. */
export type Hash64 = { hi: number; lo: number }

const HEX64 = /^[0-9a-f]{16}$/

/** Parses 16 lowercase hex digits (the stored pHash form); null for anything else. */
export function parseHash64(hex: unknown): Hash64 | null {
  if (typeof hex !== 'string' || !HEX64.test(hex)) return null
  return { hi: parseInt(hex.slice(0, 8), 16) >>> 0, lo: parseInt(hex.slice(8), 16) >>> 0 }
}

/** Set bits of a 32-bit integer (SWAR popcount). */
export function popcount32(value: number): number {
  let v = value >>> 0
  v = v - ((v >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

/** How many of the 64 bits differ. */
export function hamming64(aHi: number, aLo: number, bHi: number, bLo: number): number {
  return popcount32(aHi ^ bHi) + popcount32(aLo ^ bLo)
}

/**
 * The pHash bits that change sign when a photo is mirrored left–right. Bit i of the hash is
 * DCT coefficient (u = i >> 3, v = i & 7), written most significant first; mirroring negates
 * the coefficients of odd horizontal frequency v, i.e. every odd bit. The median the bits are
 * compared with barely moves, so flipping these bits predicts the mirror's hash closely.
 */
export const MIRROR_MASK = 0x55555555

/** The hash a left–right mirror of the photo would have (approximately, see MIRROR_MASK). */
export function mirrored({ hi, lo }: Hash64): Hash64 {
  return { hi: (hi ^ MIRROR_MASK) >>> 0, lo: (lo ^ MIRROR_MASK) >>> 0 }
}
