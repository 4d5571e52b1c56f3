import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { hammingDistance, imageHashesOf, perceptualHash } from '../../src/server/media/phash'
import { closestHashDistance, perceptualHashOf } from '../helpers/duplicate-measures'

const regionsOf = async (bytes: Buffer) => (await imageHashesOf(bytes)).regions

const SIDE = 32

/** A 32 × 32 greyscale "scene": a diagonal gradient and two soft blobs, placed by a seed. */
function scene(seed: number): Float64Array {
  const random = seeded(seed)
  const blobs = [0, 1].map(() => ({ x: random() * SIDE, y: random() * SIDE, r: 3 + random() * 8, level: random() * 255 }))
  const angle = random() * Math.PI * 2
  const pixels = new Float64Array(SIDE * SIDE)
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      let value = 128 + 100 * (((x - 16) * Math.cos(angle) + (y - 16) * Math.sin(angle)) / 23)
      for (const blob of blobs) {
        const weight = Math.exp(-((x - blob.x) ** 2 + (y - blob.y) ** 2) / (2 * blob.r ** 2))
        value = value * (1 - weight) + blob.level * weight
      }
      pixels[y * SIDE + x] = Math.max(0, Math.min(255, value))
    }
  }
  return pixels
}

function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
}

describe('perceptualHash', () => {
  it('is 16 lowercase hex digits', () => {
    for (const seed of [1, 2, 3]) expect(perceptualHash(scene(seed))).toMatch(/^[0-9a-f]{16}$/)
  })

  it('gives identical pixels the same hash, whatever the array type', () => {
    const pixels = scene(5)
    const bytes = Uint8Array.from(pixels, Math.round)
    expect(hammingDistance(perceptualHash(pixels), perceptualHash(pixels.slice()))).toBe(0)
    expect(hammingDistance(perceptualHash(bytes), perceptualHash(Float32Array.from(bytes)))).toBe(0)
  })

  it('ignores brightness and contrast changes', () => {
    const pixels = scene(6)
    const adjusted = pixels.map((value) => value * 0.7 + 40)
    expect(hammingDistance(perceptualHash(pixels), perceptualHash(adjusted))).toBe(0)
  })

  it('barely moves for slight noise', () => {
    const pixels = scene(7)
    const random = seeded(70)
    const noisy = pixels.map((value) => value + (random() - 0.5) * 6)
    expect(hammingDistance(perceptualHash(pixels), perceptualHash(noisy))).toBeLessThanOrEqual(4)
  })

  it('flips nearly every bit for the inverted image', () => {
    const pixels = scene(8)
    const inverted = pixels.map((value) => 255 - value)
    expect(hammingDistance(perceptualHash(pixels), perceptualHash(inverted))).toBeGreaterThanOrEqual(56)
  })

  it('tells different scenes apart', () => {
    const hashes = [11, 12, 13, 14, 15].map((seed) => perceptualHash(scene(seed)))
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) expect(hammingDistance(hashes[i], hashes[j])).toBeGreaterThanOrEqual(16)
    }
  })

  it('needs exactly 32 × 32 pixels', () => {
    expect(() => perceptualHash(new Uint8Array(64 * 64))).toThrow(/1024 greyscale pixels, got 4096/)
  })
})

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0)
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64)
    expect(hammingDistance('0000000000000001', '0000000000000003')).toBe(1)
    expect(hammingDistance('f0f0f0f0f0f0f0f0', '0f0f0f0f0f0f0f0f')).toBe(64)
    expect(hammingDistance('8000000000000000', '0000000000000000')).toBe(1)
  })

  it('refuses strings that are not hashes', () => {
    expect(() => hammingDistance('abc', '0000000000000000')).toThrow(RangeError)
    expect(() => hammingDistance('FFFFFFFFFFFFFFFF', '0000000000000000')).toThrow(RangeError)
  })
})

describe('closestHashDistance', () => {
  it('takes the best pair across whole-image and crop hashes', () => {
    expect(closestHashDistance(['ffffffffffffffff', '0000000000000007'], ['0000000000000000', 'ffffffff00000000'])).toBe(3)
  })
})

describe('mirror and region hashes of real photographs', () => {
  const photo = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/analysis', name))
  const names = ['exterior-building.jpg', 'exterior-palace.jpg', 'garden-flower.jpg', 'view-dune.jpg']

  it('hashes the mirror image: a flipped copy is within a few bits of it, and far from the predicted flip alone', async () => {
    for (const name of names) {
      const { hash, mirror } = await imageHashesOf(photo(name))
      expect(hash).toBe(await perceptualHashOf(photo(name)))
      const flopped = await perceptualHashOf(await sharp(photo(name)).flop().jpeg({ quality: 90 }).toBuffer())
      expect(hammingDistance(flopped, mirror)).toBeLessThanOrEqual(6)
      expect(hammingDistance(flopped, hash)).toBeGreaterThan(12)
    }
  })

  it('keeps the regions a caption along the bottom does not cover', async () => {
    for (const name of names) {
      const bytes = photo(name)
      const { width = 0, height = 0 } = await sharp(bytes).metadata()
      const size = Math.round(height / 12)
      const svg = `<svg width="${width}" height="${height}"><text x="${Math.round(width * 0.05)}" y="${height - size}" font-family="sans-serif" font-size="${size}" fill="white" stroke="black" stroke-width="2">Lakeside Cabin</text></svg>`
      const captioned = await sharp(bytes)
        .composite([{ input: Buffer.from(svg) }])
        .jpeg({ quality: 90 })
        .toBuffer()
      const [before, after] = await Promise.all([regionsOf(bytes), regionsOf(captioned)])
      expect(before).toHaveLength(9)
      // The top two rows of the 3 × 3 grid: untouched.
      for (let region = 0; region < 6; region++) expect(hammingDistance(before[region], after[region])).toBeLessThanOrEqual(6)
    }
  })

  it('gives different photographs far-apart regions', async () => {
    const regions = await Promise.all(names.map((name) => regionsOf(photo(name))))
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const close = regions[a].filter((hash, r) => hammingDistance(hash, regions[b][r]) <= 6)
        expect(close.length).toBeLessThan(3)
      }
    }
  })
})
