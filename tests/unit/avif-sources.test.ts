// Pages offer a photo's AVIF renditions first (a <picture> source) and only the widths that
// exist; the WebP <img> stays the fallback and keeps its loading priority.
import { createElement } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { imageSources, MediaImage } from '../../src/components/media-image'
import type { MediaFile } from '../../src/lib/api/types'
import { mapMediaFile } from '../../src/server/media/map-media-file'

const stored = {
  id: 'c1',
  filename: 'c1-Pool.jpg',
  fileType: 'image',
  width: 1200,
  height: 800,
  derivatives: [
    { width: 400, key: 'derived/c1/400.webp' },
    { width: 800, key: 'derived/c1/800.webp' },
  ],
}
const withAvif = (avifRenditions: Array<{ width: number; key: string }> | null) => mapMediaFile({ ...stored, avifRenditions })
const markup = (file: MediaFile, priority = false) =>
  renderToStaticMarkup(createElement(MediaImage, { file, alt: 'Pool', sizes: '50vw', priority }))

describe('AVIF renditions on pages', () => {
  it('answers list the AVIF widths that exist (and have a WebP one), never their keys', () => {
    expect(withAvif(null).avifWidths).toEqual([])
    const file = withAvif([
      { width: 400, key: 'derived/c1/400.avif' },
      { width: 800, key: 'derived/c1/800.avif' },
      { width: 1600, key: 'derived/c1/1600.avif' },
    ])
    expect(file.avifWidths).toEqual([400, 800])
    expect(JSON.stringify(file)).not.toContain('.avif')
  })

  it('offers AVIF first in a <picture>, the WebP <img> as fallback with its priority', () => {
    const html = markup(
      withAvif([
        { width: 400, key: 'a' },
        { width: 800, key: 'b' },
      ]),
      true,
    )
    expect(html).toContain(
      '><source type="image/avif" srcSet="/public-objects/c1-Pool.jpg/w400.avif 400w, /public-objects/c1-Pool.jpg/w800.avif 800w" sizes="50vw"/><img',
    )
    expect(html).toContain('srcSet="/public-objects/c1-Pool.jpg/w400.webp 400w, /public-objects/c1-Pool.jpg/w800.webp 800w"')
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('loading="eager"')
    // The first row's AVIF is preloaded, as React preloads a bare <img> of the first row.
    const page = renderToString(
      createElement(
        'html',
        null,
        createElement('head'),
        createElement(
          'body',
          null,
          createElement(MediaImage, {
            file: withAvif([
              { width: 400, key: 'a' },
              { width: 800, key: 'b' },
            ]),
            alt: 'Pool',
            sizes: '50vw',
            priority: true,
          }),
        ),
      ),
    )
    expect(page).toContain(
      '<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/public-objects/c1-Pool.jpg/w400.avif 400w, /public-objects/c1-Pool.jpg/w800.avif 800w" imageSizes="50vw"/>',
    )
    expect(page.match(/<link rel="preload"/g)).toHaveLength(1)
  })

  it('offers no AVIF while some width lacks it, nor when zooming needs the original', () => {
    expect(markup(withAvif([{ width: 400, key: 'a' }]))).not.toContain('<picture')
    expect(markup(withAvif(null))).not.toContain('<picture')
    const full = withAvif([
      { width: 400, key: 'a' },
      { width: 800, key: 'b' },
    ])
    expect(imageSources(full, { withOriginal: true })).toMatchObject({ hasAvif: true, avifSrcSet: undefined })
  })
})
