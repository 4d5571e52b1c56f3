// Perceptual hashes for finding duplicate photos: a 64-bit DCT hash (pHash) that stays
// within a few bits across re-encodes and resizes, while different photos differ in
// about half. Hashes of centre crops let a slightly cropped copy still match.
// The hash itself is pure arithmetic; only the *Of helpers decode an image (with sharp).
import sharp from 'sharp'
import { MAX_IMAGE_PIXELS } from './detect-type'

/** The hash reads a SIDE × SIDE greyscale thumbnail... */
const SIDE = 32
/** ...and keeps the KEPT × KEPT lowest frequencies (64 bits). */
const KEPT = 8

/** Centre crops hashed besides the whole image: 90% and 80% of each side. */
export const CROP_FRACTIONS = [0.9, 0.8] as const

/** cos((2x + 1) · u · π / 2N) for u < KEPT, with DCT-II orthonormal scaling folded in. */
const BASIS = (() => {
  const table = new Float64Array(KEPT * SIDE)
  for (let u = 0; u < KEPT; u++) {
    const scale = Math.sqrt((u === 0 ? 1 : 2) / SIDE)
    for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = scale * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))
  }
  return table
})()

/**
 * The pHash of a 32 × 32 greyscale image given row by row (1024 values, any scale):
 * 2-D DCT-II, the top-left 8 × 8 coefficients, each bit = coefficient > median of the
 * 63 non-DC coefficients (the DC term is the mean brightness and would skew the median).
 * 16 lowercase hex digits, lowest frequencies first.
 */
export function perceptualHash(pixels: ArrayLike<number>): string {
  if (pixels.length !== SIDE * SIDE) {
    throw new RangeError(`A perceptual hash needs ${SIDE} × ${SIDE} = ${SIDE * SIDE} greyscale pixels, got ${pixels.length}`)
  }
  // Separable DCT: along rows first (SIDE × KEPT), then down the columns (KEPT × KEPT).
  const rows = new Float64Array(SIDE * KEPT)
  for (let y = 0; y < SIDE; y++) {
    for (let v = 0; v < KEPT; v++) {
      let sum = 0
      for (let x = 0; x < SIDE; x++) sum += pixels[y * SIDE + x] * BASIS[v * SIDE + x]
      rows[y * KEPT + v] = sum
    }
  }
  const coefficients = new Float64Array(KEPT * KEPT)
  for (let u = 0; u < KEPT; u++) {
    for (let v = 0; v < KEPT; v++) {
      let sum = 0
      for (let y = 0; y < SIDE; y++) sum += rows[y * KEPT + v] * BASIS[u * SIDE + y]
      coefficients[u * KEPT + v] = sum
    }
  }

  const median = Array.from(coefficients.subarray(1)).sort((a, b) => a - b)[(KEPT * KEPT - 1) >> 1]
  let hex = ''
  for (let nibble = 0; nibble < (KEPT * KEPT) / 4; nibble++) {
    let value = 0
    for (let bit = 0; bit < 4; bit++) value = (value << 1) | (coefficients[nibble * 4 + bit] > median ? 1 : 0)
    hex += value.toString(16)
  }
  return hex
}

const HASH_PATTERN = /^[0-9a-f]{16}$/

/** How many of the 64 bits differ: ≤ 8 is the same picture, ≥ 16 a different one (ARCHITECTURE §8). */
export function hammingDistance(a: string, b: string): number {
  if (!HASH_PATTERN.test(a) || !HASH_PATTERN.test(b)) {
    throw new RangeError(`Perceptual hashes are 16 lowercase hex digits, got "${a}" and "${b}"`)
  }
  let distance = 0
  for (let i = 0; i < 16; i++) {
    let differing = parseInt(a[i], 16) ^ parseInt(b[i], 16)
    for (; differing; differing &= differing - 1) distance++
  }
  return distance
}

type DecodeOptions = {
  /** Refuse images with more pixels than this before decoding. @default MAX_IMAGE_PIXELS */
  maxPixels?: number
}

/**
 * The pHash of an image and of its left–right mirror image, from one thumbnail: a mirrored
 * copy's own hash is within a few bits of `mirror`. (Flipping the hash's bits instead only
 * predicts it: mirroring negates the odd horizontal frequencies exactly, but the median
 * they are compared with moves, and some bits near it turn over.)
 */
export async function perceptualHashesOf(input: Buffer, options: DecodeOptions = {}): Promise<{ hash: string; mirror: string }> {
  const pixels = await thumbnailOf(open(input, options))
  return { hash: perceptualHash(pixels), mirror: perceptualHash(mirrorRows(pixels)) }
}

/** Regions per side of the grid regionHashesOf hashes (3 × 3 = 9 regions). */
export const REGION_GRID = 3

/**
 * pHashes of the 9 regions of a 3 × 3 grid over the image (row by row, top left first), from
 * one 3·SIDE × 3·SIDE thumbnail: a copy with a caption, a watermark or a logo along one side
 * still has the other two thirds of its regions within a few bits of the original's.
 */
export async function regionHashesOf(input: Buffer, options: DecodeOptions = {}): Promise<string[]> {
  const width = REGION_GRID * SIDE
  const pixels = await thumbnailOf(open(input, options), width)
  const hashes: string[] = []
  for (let ry = 0; ry < REGION_GRID; ry++) {
    for (let rx = 0; rx < REGION_GRID; rx++) {
      const region = new Uint8Array(SIDE * SIDE)
      for (let y = 0; y < SIDE; y++) {
        for (let x = 0; x < SIDE; x++) region[y * SIDE + x] = pixels[(ry * SIDE + y) * width + rx * SIDE + x]
      }
      hashes.push(perceptualHash(region))
    }
  }
  return hashes
}

/** The SIDE × SIDE thumbnail flipped left–right. */
export function mirrorRows(pixels: ArrayLike<number>): Uint8Array {
  const flipped = new Uint8Array(SIDE * SIDE)
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) flipped[y * SIDE + x] = pixels[y * SIDE + SIDE - 1 - x]
  return flipped
}

/** pHashes of centre crops (CROP_FRACTIONS of each side), upright per EXIF orientation. */
export async function cropHashesOf(input: Buffer, options: DecodeOptions = {}): Promise<string[]> {
  const { autoOrient } = await sharp(input, { limitInputPixels: false }).metadata()
  const hashes: string[] = []
  // One after the other: each may decode the whole image.
  for (const fraction of CROP_FRACTIONS) {
    const width = Math.max(1, Math.round(autoOrient.width * fraction))
    const height = Math.max(1, Math.round(autoOrient.height * fraction))
    const region = { left: (autoOrient.width - width) >> 1, top: (autoOrient.height - height) >> 1, width, height }
    // rotate() before extract() makes sharp crop in upright coordinates.
    hashes.push(await hashOf(open(input, options).extract(region)))
  }
  return hashes
}

function open(input: Buffer, { maxPixels = MAX_IMAGE_PIXELS }: DecodeOptions) {
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate()
}

async function hashOf(image: sharp.Sharp): Promise<string> {
  return perceptualHash(await thumbnailOf(image))
}

/** The side × side greyscale thumbnail the hashes read. */
async function thumbnailOf(image: sharp.Sharp, side = SIDE): Promise<Buffer> {
  // Transparent areas count as white, the way a page shows them.
  const { data, info } = await image
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(side, side, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (info.channels !== 1) throw new Error(`Expected a greyscale thumbnail, sharp gave ${info.channels} channels`)
  return data
}
