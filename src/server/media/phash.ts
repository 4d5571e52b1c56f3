// Perceptual hashes for finding duplicate photos: a 64-bit DCT hash (pHash) that stays
// within a few bits across re-encodes and resizes, while different photos differ in
// about half. Hashes of centre crops let a slightly cropped copy still match.
// The hash itself is pure arithmetic; hashesOfRendition reads it from decoded pixels, and only
// the *Of helpers decode an image (with sharp), once for all the hashes.
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

/** How many of the 64 bits differ: ≤ 8 is the same picture, ≥ 16 a different one (docs/architecture.md §9). */
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
 * The hashes are read from the image reduced to at most this width, the widest derivative's
 * (process-image.ts): ingest decodes the original once, to that rendition, and hashes it, and
 * the helpers below decode an original the same way, so a backfilled hash equals ingest's.
 */
export const HASH_SOURCE_MAX_WIDTH = 2400

/**
 * The greyscale copy the thumbnails are cut from: 8 × the hash's side (and under 3 × the region
 * thumbnail's), a strong reduction as JPEG shrink-on-load gave the hashes before; at 800 px the
 * region hashes of smooth photos moved more and bench:duplicates lost text-overlay matches.
 */
export const GREY_MAX_WIDTH = 256

/** Decoded pixels of an upright image, as sharp's raw output gives them (8 bits a channel). */
export type Rendition = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }

export type ImageHashes = {
  /** The whole image's pHash. */
  hash: string
  /** The pHash of the image mirrored left–right. */
  mirror: string
  /** pHashes of centre crops (CROP_FRACTIONS of each side). */
  crops: string[]
  /** pHashes of a REGION_GRID × REGION_GRID grid of regions, row by row. */
  regions: string[]
}

/** Every hash of an encoded image (JPEG, PNG, GIF, WebP), upright per its EXIF orientation, from one decode. */
export async function imageHashesOf(input: Buffer, { maxPixels = MAX_IMAGE_PIXELS }: DecodeOptions = {}): Promise<ImageHashes> {
  const rendition = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: HASH_SOURCE_MAX_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return hashesOfRendition(rendition as Rendition)
}

/**
 * Every hash of an already decoded rendition. Transparent areas count as white, the way a page
 * shows them; the whole image, the crops and the regions are thumbnails of one greyscale copy.
 */
export async function hashesOfRendition({ data, info }: Rendition): Promise<ImageHashes> {
  const { width, height, channels } = info
  // Reduced first, then made grey: a colour conversion of the full rendition costs twice as much.
  const small = await sharp(data, { raw: { width, height, channels } })
    .resize({ width: GREY_MAX_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const grey = await sharp(small.data, { raw: small.info as Rendition['info'] })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const open = () => sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
  const [whole, regions, ...crops] = await Promise.all([
    thumbnailOf(open()),
    thumbnailOf(open(), REGION_GRID * SIDE),
    ...CROP_FRACTIONS.map((fraction) => thumbnailOf(open().extract(centreCrop(grey.info, fraction)))),
  ])
  return {
    hash: perceptualHash(whole),
    mirror: perceptualHash(mirrorRows(whole)),
    crops: crops.map(perceptualHash),
    regions: regionHashes(regions),
  }
}

/** Regions per side of the grid of region hashes (3 × 3 = 9 regions). */
export const REGION_GRID = 3

function regionHashes(pixels: Buffer): string[] {
  const width = REGION_GRID * SIDE
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
function mirrorRows(pixels: ArrayLike<number>): Uint8Array {
  const flipped = new Uint8Array(SIDE * SIDE)
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) flipped[y * SIDE + x] = pixels[y * SIDE + SIDE - 1 - x]
  return flipped
}

/** The centred `fraction` of each side of an image. */
function centreCrop({ width, height }: { width: number; height: number }, fraction: number) {
  const cropWidth = Math.max(1, Math.round(width * fraction))
  const cropHeight = Math.max(1, Math.round(height * fraction))
  return { left: (width - cropWidth) >> 1, top: (height - cropHeight) >> 1, width: cropWidth, height: cropHeight }
}

/** The side × side greyscale thumbnail the hashes read, from a one-channel image. */
async function thumbnailOf(image: sharp.Sharp, side = SIDE): Promise<Buffer> {
  const { data, info } = await image.greyscale().resize(side, side, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== 1) throw new Error(`Expected a greyscale thumbnail, sharp gave ${info.channels} channels`)
  return data
}
