// The blur-up placeholder has one format end to end: ingest stores a tiny WebP data URL,
// the browser draws that URL under the image. A placeholder made by the real ingest code
// must come out of placeholderUrl() as something the browser can draw.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { placeholderUrl } from '../../src/components/media-image'
import { processImage } from '../../src/server/media/process-image'

async function gradientJpeg() {
  const width = 64
  const height = 48
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([x * 4, y * 5, 128], (y * width + x) * 3)
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer()
}

describe('blur-up placeholder', () => {
  it('is drawn from what ingest stores: a small WebP data URL that decodes to an image', async () => {
    const { placeholder } = await processImage(await gradientJpeg())
    const url = placeholderUrl(placeholder)
    expect(url).toBe(placeholder)
    const bytes = Buffer.from(url!.slice(url!.indexOf(',') + 1), 'base64')
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBeGreaterThan(0)
  })

  it('draws nothing for an empty value or anything but an image data URL', () => {
    expect(placeholderUrl(null)).toBeNull()
    expect(placeholderUrl('')).toBeNull()
    expect(placeholderUrl('javascript:alert(1)')).toBeNull()
    expect(placeholderUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeNull()
    expect(placeholderUrl('https://example.com/a.webp')).toBeNull()
    expect(placeholderUrl('data:image/webp;base64,UklGR"); background: red')).toBeNull()
  })
})
