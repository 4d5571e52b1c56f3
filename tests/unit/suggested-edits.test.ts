// The edits suggested with the quality codes (src/server/media/quality.ts): a straighten for a
// tilted photo (tilt.ts), an exposure for a dark one. Expected values are worked out by hand from
// how each image is made, never read from the code's output; applying a suggestion with the
// editor's own code (apply-edits.ts) must clear its code. Their precision and recall over the
// labelled photos are the benchmark's (npm run bench:analysis-accuracy).
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { Operation } from '../../src/lib/edits'
import { applyEdits, type RawImage } from '../../src/server/media/apply-edits'
import { assessQuality } from '../../src/server/media/quality'
import { estimateTilt } from '../../src/server/media/tilt'

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'analysis')
const MAX_PIXELS = 50_000_000

const raw = async (image: sharp.Sharp): Promise<RawImage> => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, info: { width: info.width, height: info.height, channels: info.channels as RawImage['info']['channels'] } }
}
const assess = (image: RawImage) => assessQuality(image, { width: image.info.width, height: image.info.height })
const edited = (image: RawImage, operations: Operation[]) => applyEdits(image, operations, MAX_PIXELS)
const photo = (name: string) => raw(sharp(path.join(FIXTURES, name)).rotate())

/**
 * A facade drawn level: a 5 × 4 grid of dark window frames (60 px strokes apart, each 180 × 220),
 * a cornice and a pavement line across, on a light wall; 1600 × 1067 like a camera's 3:2 photo.
 */
async function facade(): Promise<RawImage> {
  const windows: string[] = []
  for (let column = 0; column < 5; column++) {
    for (let row = 0; row < 3; row++) {
      windows.push(`<rect x="${120 + column * 290}" y="${170 + row * 270}" width="180" height="220" fill="#5b6470" stroke="#2b2b2b" stroke-width="10"/>`)
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <rect width="1600" height="1067" fill="#d9d2c5"/>
    <rect y="0" width="1600" height="110" fill="#9fb9d6"/>
    <rect x="0" y="110" width="1600" height="24" fill="#6e6558"/>
    <rect x="0" y="990" width="1600" height="77" fill="#8a8580"/>
    ${windows.join('')}
  </svg>`
  return raw(sharp(Buffer.from(svg)))
}

/** Turned clockwise by `degrees` and cropped to the largest rectangle with no empty corners: the editor's straighten. */
const turned = (image: RawImage, degrees: number) => edited(image, [{ op: 'straighten', degrees }])

const straightenOf = (suggestions: { issue: string; operation: Operation }[]) => {
  const operation = suggestions.find((s) => s.issue === 'tilted')?.operation
  return operation?.op === 'straighten' ? operation.degrees : null
}

describe('a tilted photo: the straighten that levels it', () => {
  it('a level facade is not tilted, and is given nothing', async () => {
    const { issues, suggestions } = await assess(await facade())
    expect(issues).not.toContain('tilted')
    expect(suggestions).toEqual([])
  })

  it('the facade turned 4° clockwise: straighten by −4° (±0.5°), which makes it level again', async () => {
    const tilted = await turned(await facade(), 4)
    const { issues, suggestions } = await assess(tilted)
    expect(issues).toContain('tilted')
    const degrees = straightenOf(suggestions)!
    expect(Math.abs(degrees - -4)).toBeLessThanOrEqual(0.5)
    const fixed = await assess(await edited(tilted, [{ op: 'straighten', degrees }]))
    expect(fixed.issues).not.toContain('tilted')
    expect(fixed.suggestions).toEqual([])
  })

  it('the facade turned 7° anticlockwise: straighten by +7° (±0.5°)', async () => {
    const { suggestions } = await assess(await turned(await facade(), -7))
    expect(Math.abs(straightenOf(suggestions)! - 7)).toBeLessThanOrEqual(0.5)
  })

  it('a panorama (twice as wide as high) is not judged for tilt: its lines curve', async () => {
    const tilted = await turned(await facade(), 4)
    const wide = await raw(sharp(tilted.data, { raw: tilted.info }).resize(1600, 800, { fit: 'fill' }))
    const { issues, suggestions, notJudged } = await assess(wide)
    expect(issues).not.toContain('tilted')
    expect(suggestions).toEqual([])
    expect(notJudged).toContain('A panorama: its lines curve, so its tilt is not judged')
  })

  it('a turn of 1°, under the 1.5° a listing notices, is left alone', async () => {
    const { issues } = await assess(await turned(await facade(), 1))
    expect(issues).not.toContain('tilted')
  })

  it('a deliberately diagonal composition (the facade at 30°, beyond what straighten undoes) is not called tilted', async () => {
    const { issues, suggestions } = await assess(await turned(await facade(), 30))
    expect(issues).not.toContain('tilted')
    expect(suggestions).toEqual([])
  })

  it('lines in every direction (a starburst) say nothing: no estimate', async () => {
    const rays = Array.from({ length: 36 }, (_, i) => {
      const a = (i * 10 * Math.PI) / 180
      return `<line x1="800" y1="533" x2="${800 + 900 * Math.cos(a)}" y2="${533 + 900 * Math.sin(a)}" stroke="#222" stroke-width="6"/>`
    })
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><rect width="1600" height="1067" fill="#eee"/>${rays.join('')}</svg>`
    const image = await raw(sharp(Buffer.from(svg)).resize(800))
    const luma = new Float32Array(image.info.width * image.info.height)
    for (let i = 0; i < luma.length; i++) luma[i] = image.data[i * 3]
    expect(estimateTilt(luma, image.info.width, image.info.height)).toBeNull()
  })

  it('real photos: an untouched street and studio are not tilted; the street turned 5° clockwise gets about −5°', async () => {
    const street = await photo('exterior-street-b.jpg')
    expect((await assess(street)).issues).not.toContain('tilted')
    expect((await assess(await photo('other-studio-panorama.jpg'))).issues).not.toContain('tilted')
    const degrees = straightenOf((await assess(await turned(street, 5))).suggestions)!
    // The untouched street itself leans under a degree: the suggestion is −5° give or take that.
    expect(Math.abs(degrees - -5)).toBeLessThanOrEqual(1)
  })

  it('a photo without straight lines (grass, a flower) is never judged', async () => {
    for (const name of ['garden-grass.jpg', 'garden-flower.jpg']) {
      expect((await assess(await turned(await photo(name), 6))).issues, name).not.toContain('tilted')
    }
  })
})

describe('a dark photo: the exposure that brightens it', () => {
  /** A flat image: `share` of its pixels at `low`, the rest at `high` (grey), in stripes. */
  async function twoTone(share: number, low: number, high: number): Promise<RawImage> {
    const width = 400
    const height = 300
    const data = Buffer.alloc(width * height * 3)
    for (let y = 0; y < height; y++) data.fill(y < share * height ? low : high, y * width * 3, (y + 1) * width * 3)
    return { data, info: { width, height, channels: 3 } }
  }
  const exposureOf = (suggestions: { issue: string; operation: Operation }[]) => {
    const operation = suggestions.find((s) => s.issue === 'dark')?.operation
    return operation?.op === 'exposure' ? operation.value : null
  }

  it('40 % of it black, the rest at 120 (mean 72): +1.6 stops, the factor 118 / 72 that brings the mean to 118', async () => {
    // 2.2 × log2(118 / 72) = 1.57, to a tenth: 1.6; the grey goes to 197, short of white.
    const image = await twoTone(0.4, 0, 120)
    const { issues, suggestions } = await assess(image)
    expect(issues).toContain('dark')
    expect(exposureOf(suggestions)).toBe(1.6)
  })

  it('a silhouette against a bright sky (70 % at 10, 30 % at 200): only +0.7 stops, where the sky would turn white', async () => {
    // 200 × factor reaches white (250) at the factor 1.25: 2.2 × log2(1.25) = 0.71 stops.
    const { issues, suggestions } = await assess(await twoTone(0.7, 10, 200))
    expect(issues).toContain('dark')
    expect(exposureOf(suggestions)).toBe(0.7)
  })

  it('a real photo at −2.5 EV (encoded values × 0.18): the most the edit takes, +2 stops, and brighter for it', async () => {
    const street = await photo('exterior-street-a.jpg')
    const dark = await raw(sharp(street.data, { raw: street.info }).linear(0.18, 0))
    const { issues, suggestions } = await assess(dark)
    expect(issues).toContain('dark')
    // Its brightest pixels are at most 46 (255 × 0.18): reaching the mean of 118 needs far more than +2.
    expect(exposureOf(suggestions)).toBe(2)
  })

  it('a real photo at 0.3 of its values (mean luma about 29): +2 stops, which clears the code', async () => {
    const street = await photo('exterior-street-a.jpg')
    // The street's mean luma is 97: × 0.3 is 29 (dark), × 0.3 × 2^(2 / 2.2) = × 0.56 is 55 (not).
    const dark = await raw(sharp(street.data, { raw: street.info }).linear(0.3, 0))
    const { issues, suggestions } = await assess(dark)
    expect(issues).toContain('dark')
    const value = exposureOf(suggestions)!
    expect(value).toBe(2)
    expect((await assess(await edited(dark, [{ op: 'exposure', value }]))).issues).not.toContain('dark')
  })

  it('a well-exposed photo gets no exposure', async () => {
    expect(exposureOf((await assess(await photo('exterior-street-a.jpg'))).suggestions)).toBeNull()
  })
})
