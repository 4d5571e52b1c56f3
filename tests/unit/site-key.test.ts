// A public page's cache key (media-public/site-key.ts): what the proxy writes into the path it
// rewrites a public page to, read back by the page; anything else is no key.
import { describe, expect, it } from 'vitest'
import { decodeSiteKey, encodeSiteKey, isCachedPublicPage, sitePagePath, type SiteKey } from '../../src/server/properties/site-key'

const KEY: SiteKey = {
  property: '6b1d0f62-2f57-4f6c-9d52-1c3c6a3f0c11',
  version: '42',
  basePath: '/p/lodge',
  origin: 'https://lodge.example.com',
  device: 'mobile',
  day: 20_419,
}

describe('a public page cache key', () => {
  it('is read back whole from the segment it was written to, percent-encoded or not', () => {
    const segment = encodeSiteKey(KEY)
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeSiteKey(segment)).toEqual(KEY)
    expect(decodeSiteKey(encodeURIComponent(segment))).toEqual(KEY)
  })

  it('changes with the read-model version, the way the visitor came and the device', () => {
    const segment = encodeSiteKey(KEY)
    expect(encodeSiteKey({ ...KEY, version: '43' })).not.toBe(segment)
    expect(encodeSiteKey({ ...KEY, basePath: '' })).not.toBe(segment)
    expect(encodeSiteKey({ ...KEY, device: 'desktop' })).not.toBe(segment)
    expect(encodeSiteKey({ ...KEY, day: 20_420 })).not.toBe(segment)
  })

  it('is nothing for a segment the proxy did not write', () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const segment of [
      'gallery',
      '',
      forged(['id', '1', '/gallery', 'https://x.example', 'mobile', 1]),
      forged(['id', '1', '', 'javascript:alert(1)', 'mobile', 1]),
      forged(['id', '1', '', 'https://x.example/path', 'mobile', 1]),
      forged(['id', '1', '', 'https://x.example', 'phone', 1]),
      forged(['id', 1, '', 'https://x.example', 'mobile', 1]),
      forged(['id', '1', '', 'https://x.example', 'mobile', 1.5]),
    ]) {
      expect(decodeSiteKey(segment), segment).toBeNull()
    }
  })
})

describe('the pages served from the cache', () => {
  it('are the public site: the browser, the gallery, its sections and images, the embed view', () => {
    for (const path of ['/', '/public', '/gallery', '/gallery/', '/gallery/upstairs', '/gallery/upstairs/6b1d0f62-2f57-4f6c-9d52-1c3c6a3f0c11', '/embed', '/embed/backyard']) {
      expect(isCachedPublicPage(path), path).toBe(true)
    }
    for (const path of ['/login', '/admin', '/s/abc', '/api/sections', '/sitemap.xml', '/gallery/a/b/c', '/embed/a/b', '/public-objects/a.jpg', '/galleryx']) {
      expect(isCachedPublicPage(path), path).toBe(false)
    }
  })

  it('are rewritten under their key', () => {
    const segment = encodeSiteKey(KEY)
    expect(sitePagePath(KEY, '/')).toBe(`/site/${segment}`)
    expect(sitePagePath(KEY, '/gallery/upstairs')).toBe(`/site/${segment}/gallery/upstairs`)
    expect(sitePagePath(KEY, '/gallery/')).toBe(`/site/${segment}/gallery`)
  })
})
