// A small deterministic generator (mulberry32): the same seed always gives the same sequence.
// For reproducible structure (the duplicate index's hyperplanes, generated test photos and
// benchmark rows), never for anything shown to a user as a measurement.

/** Numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
