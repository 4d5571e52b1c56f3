// How the tests measure what the duplicate engine compares, over the product's own hashing and
// name normalisation (src/server/media/phash.ts, src/server/duplicates/names.ts). The engine
// itself compares through its hash index (find-groups.ts) and never needs these.
import { normaliseName } from '../../src/server/duplicates/names'
import { hammingDistance, imageHashesOf } from '../../src/server/media/phash'

/** The pHash of an encoded image (JPEG, PNG, GIF, WebP), upright per its EXIF orientation. */
export async function perceptualHashOf(input: Buffer): Promise<string> {
  return (await imageHashesOf(input)).hash
}

/**
 * The closest two pictures come over all their hashes (whole image and centre crops):
 * a copy cropped by a few percent is near one of the other's crop hashes even when the
 * whole-image hashes drifted apart.
 */
export function closestHashDistance(a: readonly string[], b: readonly string[]): number {
  let best = 64
  for (const x of a) for (const y of b) best = Math.min(best, hammingDistance(x, y))
  return best
}

/** Whether two file names name copies of one file (the same normalised name, not empty). */
export function similarNames(a: string, b: string): boolean {
  const x = normaliseName(a)
  return x.length > 0 && x === normaliseName(b)
}
