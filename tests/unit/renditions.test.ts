// Which WebP renditions an image gets (DECISIONS.md "Renditions": 400, 800, 1600 and 2400 px wide,
// never upscaled; a narrower image also gets one at its own width). An image exactly as wide
// as a standard width gets that rendition: a 2400-px photo has its 2400 one.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { derivativeWidths, processImage } from '../../src/server/media/process-image'
import { makePhoto } from '../helpers/media-fixtures'

const STANDARD = [400, 800, 1600, 2400]

describe('derivativeWidths', () => {
  it('includes a standard width equal to the image width, once', () => {
    expect(derivativeWidths(STANDARD, 2400)).toEqual([400, 800, 1600, 2400])
    expect(derivativeWidths(STANDARD, 1600)).toEqual([400, 800, 1600])
    expect(derivativeWidths(STANDARD, 800)).toEqual([400, 800])
    expect(derivativeWidths(STANDARD, 400)).toEqual([400])
  })

  it('adds the image’s own width when it falls between the standard ones, and never upscales', () => {
    expect(derivativeWidths(STANDARD, 2399)).toEqual([400, 800, 1600, 2399])
    expect(derivativeWidths(STANDARD, 2401)).toEqual([400, 800, 1600, 2400])
    expect(derivativeWidths(STANDARD, 1000)).toEqual([400, 800, 1000])
    expect(derivativeWidths(STANDARD, 300)).toEqual([300])
    expect(derivativeWidths(STANDARD, 6000)).toEqual([400, 800, 1600, 2400])
  })
})

describe('processImage on a photo exactly 2400 px wide', () => {
  it('stores a 2400-px WebP rendition at the photo’s own size', async () => {
    const image = await processImage(await makePhoto({ width: 2400, height: 1600, seed: 24 }))
    expect(image.derivatives.map((d) => [d.width, d.height])).toEqual([
      [400, 267],
      [800, 533],
      [1600, 1067],
      [2400, 1600],
    ])
    const widest = await sharp(image.derivatives[3].data).metadata()
    expect([widest.format, widest.width, widest.height]).toEqual(['webp', 2400, 1600])
  }, 60_000)
})
