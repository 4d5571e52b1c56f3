// 360° panoramas (camera issue, item 3): the XMP and shape rules at their edges, and how the
// manager's choice and ingest's finding make the answers' `projection`.
import { describe, expect, it } from 'vitest'
import { panoramaSuggested, projectionOf as shownProjection } from '../../src/lib/panorama'
import { mapMediaFile } from '../../src/server/media/map-media-file'
import { hasPanoramaShape, readProjection } from '../../src/server/media/projection'
import { gpanoXmp } from '../helpers/panorama'

const xmp = (gpano: Parameters<typeof gpanoXmp>[0]) => Buffer.from(gpanoXmp(gpano))

describe('projection at ingest', () => {
  it.each([
    ['4000 × 2000', 4000, 2000, true],
    ['8192 × 4096', 8192, 4096, true],
    ['4001 × 2000 (a stitcher rounding)', 4001, 2000, true],
    ['3998 × 1999 (too narrow)', 3998, 1999, false],
    ['4000 × 2100 (not 2:1)', 4000, 2100, false],
    ['2000 × 4000 (upright)', 2000, 4000, false],
  ])('takes %s as a panorama shape: %s', (_label, width, height, expected) => {
    expect(hasPanoramaShape(width, height)).toBe(expected)
  })

  it('reads GPano from the XMP: equirectangular is one, unless the viewer is turned off; other projections are not', async () => {
    expect(await readProjection({ xmp: xmp({}), width: 600, height: 400 })).toEqual({
      detected: 'equirectangular',
      looksLikePanorama: false,
    })
    expect(await readProjection({ xmp: xmp({ usePanoramaViewer: 'True' }), width: 4000, height: 2000 })).toEqual({
      detected: 'equirectangular',
      looksLikePanorama: false,
    })
    expect(await readProjection({ xmp: xmp({ usePanoramaViewer: 'False' }), width: 4000, height: 2000 })).toEqual({
      detected: null,
      looksLikePanorama: false,
    })
    expect(await readProjection({ xmp: xmp({ projection: 'cylindrical' }), width: 800, height: 400 })).toEqual({
      detected: null,
      looksLikePanorama: false,
    })
    expect(await readProjection({ width: 4000, height: 2000 })).toEqual({ detected: null, looksLikePanorama: true })
    expect(await readProjection({ xmp: Buffer.from('<not xmp'), width: 800, height: 400 })).toEqual({
      detected: null,
      looksLikePanorama: false,
    })
  })
})

describe("the answers' projection", () => {
  it("is the manager's choice, else ingest's finding, and never a video's", () => {
    expect(shownProjection({ fileType: 'image', detectedProjection: 'equirectangular' })).toBe('equirectangular')
    expect(shownProjection({ fileType: 'image', detectedProjection: 'equirectangular', projectionChoice: 'flat' })).toBeNull()
    expect(shownProjection({ fileType: 'image', panoramaShape: true, projectionChoice: 'equirectangular' })).toBe(
      'equirectangular',
    )
    expect(shownProjection({ fileType: 'image', panoramaShape: true })).toBeNull()
    expect(
      shownProjection({ fileType: 'video', detectedProjection: 'equirectangular', projectionChoice: 'equirectangular' }),
    ).toBeNull()
  })

  it('offers "Looks like a 360° photo" only to the manager, only until something decides', () => {
    const shaped = { id: 'a1', fileType: 'image', filename: 'a1-pano.jpg', panoramaShape: true }
    expect(panoramaSuggested(shaped)).toBe(true)
    expect(panoramaSuggested({ ...shaped, projectionChoice: 'flat' })).toBe(false)
    expect(panoramaSuggested({ ...shaped, detectedProjection: 'equirectangular' })).toBe(false)
    expect(mapMediaFile(shaped, { forAdmin: true })).toMatchObject({ projection: null, panoramaSuggested: true })
    expect(mapMediaFile(shaped)).not.toHaveProperty('panoramaSuggested')
    expect(mapMediaFile({ ...shaped, detectedProjection: 'equirectangular' }).projection).toBe('equirectangular')
  })
})
