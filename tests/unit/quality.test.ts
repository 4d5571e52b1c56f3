// The quality codes of src/server/media/quality.ts on generated variants of one real photo
// (a sharp, well-exposed street scene from tests/fixtures/analysis), and on images too flat or
// too small to judge. The thresholds' precision and recall over every labelled photo are the
// benchmark's (npm run bench:analysis-accuracy).
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { processImage } from '../../src/server/media/process-image'
import { assessQualityOfFile } from '../../src/server/media/quality'

const PHOTO = path.join(__dirname, '..', 'fixtures', 'analysis', 'exterior-street-a.jpg')
const LISTING_SIZE = { width: 1600, height: 1200 }

let photo: Buffer
beforeAll(async () => {
  photo = await sharp(PHOTO).png().toBuffer()
})

const codesOf = async (image: sharp.Sharp, size = LISTING_SIZE) => (await assessQualityOfFile(await image.png().toBuffer(), size)).issues

describe('quality codes of a real photo and its variants', () => {
  it('the untouched photo, at a listing size, gets none', async () => {
    expect(await codesOf(sharp(photo))).toEqual([])
  })

  it('Gaussian blur makes it blurry', async () => {
    expect(await codesOf(sharp(photo).blur(3))).toEqual(['blurry'])
  })

  it('−2.5 EV makes it dark, +1.6 EV (highlights clipped) overexposed', async () => {
    expect(await codesOf(sharp(photo).linear(0.18, 0))).toEqual(['dark'])
    expect(await codesOf(sharp(photo).linear(3, 0))).toEqual(['overexposed'])
  })

  it('desaturated, it is black and white', async () => {
    expect(await codesOf(sharp(photo).greyscale())).toEqual(['black_and_white'])
  })

  it('the size gives low_resolution below 1024×683 and portrait when taller than wide', async () => {
    expect(await codesOf(sharp(photo), { width: 751, height: 563 })).toEqual(['low_resolution'])
    expect(await codesOf(sharp(photo), { width: 1200, height: 1600 })).toEqual(['portrait'])
    expect(await codesOf(sharp(photo), { width: 1024, height: 683 })).toEqual([])
  })
})

describe('photos the pixels cannot judge', () => {
  it('a flat image gets no blurry code, and says why', async () => {
    const flat = sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 140, b: 160 } } })
    const { issues, notJudged } = await assessQualityOfFile(await flat.png().toBuffer(), { width: 1200, height: 800 })
    expect(issues).toEqual([])
    expect(notJudged).toEqual(['Too flat to judge sharpness'])
  })

  it('a tiny photo gets only the codes its size supports', async () => {
    const tiny = await sharp(photo).resize(12, 9).png().toBuffer()
    const processed = await processImage(tiny)
    expect(processed.quality).toEqual({
      issues: ['low_resolution'],
      notJudged: ['Too small (12×9 pixels) to judge sharpness, exposure or colour'],
      suggestions: [],
    })
  })
})
