// Who may frame a property's embed view: the origins a manager lists (src/lib/embed-origins.ts)
// and the headers the host sends for a path (src/server/http/security-headers.ts).
import { describe, expect, it } from 'vitest'
import { embedOriginProblem, frameAncestorsOf, normalizeEmbedOrigin } from '@/lib/embed-origins'
import { isEmbedPath, pageSecurityHeaders } from '@/server/http/security-headers'
import { embedSnippet } from '@/lib/embed-snippet'

const REFUSED = 'Write https://host or https://host:port (http:// only for localhost or 127.0.0.1), with nothing after.'

describe('an embed origin', () => {
  it('is https://host[:port], or http://localhost[:port] or http://127.0.0.1[:port] (the same machine by name or address)', () => {
    for (const origin of [
      'https://seaview-cottage.com',
      'https://www.seaview-cottage.com',
      'https://book.example.co.uk:8443',
      'https://xn--caf-dma.example',
      'http://localhost',
      'http://localhost:5173',
      'https://localhost:65535',
      'http://127.0.0.1',
      'http://127.0.0.1:5173',
    ]) {
      expect(embedOriginProblem(origin), origin).toBeNull()
    }
  })

  it('is refused with a message for anything else', () => {
    for (const origin of [
      'http://seaview-cottage.com',
      'https://seaview-cottage.com/',
      'https://seaview-cottage.com/gallery',
      'https://seaview-cottage.com?x=1',
      'https://*.seaview-cottage.com',
      '*',
      "'self'",
      'https://a.com https://b.com',
      'https://a.com; script-src *',
      'seaview-cottage.com',
      'ftp://seaview-cottage.com',
      'https://user@seaview-cottage.com',
      'https://seaview-cottage.com:0',
      'https://seaview-cottage.com:70000',
      'http://localhost.evil.com',
      'http://127.0.0.1.evil.com',
      'http://127.0.0.2:3000',
      'http://127.0.0.1:3000/',
      'https://-bad.com',
      'HTTPS://Seaview.com',
      '',
    ]) {
      expect(embedOriginProblem(origin), origin).toBe(REFUSED)
    }
    expect(embedOriginProblem(42)).toBe(REFUSED)
  })

  it('is kept trimmed and lower-cased', () => {
    expect(normalizeEmbedOrigin('  HTTPS://Seaview-Cottage.COM:8443 ')).toBe('https://seaview-cottage.com:8443')
  })
})

describe('frame-ancestors', () => {
  it('lists each allowed origin once, or none', () => {
    expect(frameAncestorsOf(['https://a.com', 'HTTPS://A.com', 'http://localhost:3000'])).toEqual(['https://a.com', 'http://localhost:3000'])
    expect(frameAncestorsOf([])).toEqual(["'none'"])
    expect(frameAncestorsOf(['https://a.com; script-src *'])).toEqual(["'none'"])
  })
})

describe('the headers of a page', () => {
  const csp = (headers: Record<string, string>) => headers['Content-Security-Policy']
  const directive = (headers: Record<string, string>) => csp(headers).split('; ').find((part) => part.startsWith('frame-ancestors '))

  it('the embed view may be framed by exactly the listed origins, with no X-Frame-Options', () => {
    for (const path of ['/embed', '/embed/', '/embed/upstairs', '/embed/upstairs?view=list', '/embed?x=1']) {
      const headers = pageSecurityHeaders({ path, embedOrigins: ['https://seaview-cottage.com', 'http://localhost:5173'] })
      expect(directive(headers), path).toBe('frame-ancestors https://seaview-cottage.com http://localhost:5173')
      expect(headers, path).not.toHaveProperty('X-Frame-Options')
    }
  })

  it("the embed view of a property that lists no origin answers frame-ancestors 'none'", () => {
    const headers = pageSecurityHeaders({ path: '/embed', embedOrigins: [] })
    expect(directive(headers)).toBe("frame-ancestors 'none'")
    expect(headers).not.toHaveProperty('X-Frame-Options')
  })

  it("every other page keeps frame-ancestors 'none' and X-Frame-Options DENY, whatever the property lists", () => {
    for (const path of ['/', '/gallery', '/gallery/upstairs', '/public', '/admin', '/api/sections', '/embedded', '/embed/a/b', '/login?next=/embed']) {
      const headers = pageSecurityHeaders({ path, embedOrigins: ['https://seaview-cottage.com'] })
      expect(directive(headers), path).toBe("frame-ancestors 'none'")
      expect(headers['X-Frame-Options'], path).toBe('DENY')
    }
  })

  it('recognises the embed paths only', () => {
    expect(['/embed', '/embed/', '/embed/main_level', '/embed/main_level/', '/embed?a=b'].map(isEmbedPath)).toEqual([true, true, true, true, true])
    expect(['/embeds', '/embed/a/b', '/gallery/embed', '/p/lodge/embed', '/'].map(isEmbedPath)).toEqual([false, false, false, false, false])
  })
})

describe('the snippet the admin shows', () => {
  it('frames the embed view and sizes it from messages of the gallery alone', () => {
    expect(embedSnippet({ siteUrl: 'https://photos.example/p/lodge/', name: 'The "Lodge" <North>' })).toBe(
      [
        '<iframe src="https://photos.example/p/lodge/embed" title="Photos of The &quot;Lodge&quot; &lt;North&gt;" data-gallery-embed loading="lazy" style="display:block;width:100%;height:600px;border:0"></iframe>',
        '<script>',
        'window.addEventListener("message", function (event) {',
        '  if (event.origin !== "https://photos.example" || !event.data || event.data.type !== "gallery-embed-height") return;',
        '  document.querySelectorAll("iframe[data-gallery-embed]").forEach(function (frame) {',
        '    if (frame.contentWindow === event.source) frame.style.height = Number(event.data.height) + "px";',
        '  });',
        '});',
        '</script>',
      ].join('\n'),
    )
  })

  it('embeds one section when asked', () => {
    expect(embedSnippet({ siteUrl: 'https://gallery.seaview.example', name: 'Seaview', sectionId: 'upstairs' })).toContain(
      '<iframe src="https://gallery.seaview.example/embed/upstairs" title="Photos of Seaview"',
    )
  })
})
