// Rendered public pages, kept per property and its read-model version. The public pages show
// nothing but the property's public read model, so a page rendered at version V stays right
// until its media or sections change (a write bumps that property's version, and its pages
// alone are dropped). A miss asks Next
// for the page (one render, shared by concurrent requests), then the HTML is compressed once
// per encoding and served from memory. The key includes the device class guessed from the
// user agent, since the first render's grid columns follow it.
// Only anonymous full-page GETs of the public routes are served here; everything else,
// including client-side navigations (RSC requests), goes to Next as before.
import type http from 'node:http'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Payload } from 'payload'
import { deviceClassFromUserAgent } from '../src/lib/device'
import { pickEncoding, type Encoding } from '../src/server/http/prepared-json'
import { readVersion } from '../src/server/cache/read-version'
import { defaultPropertyScope } from '../src/server/properties/default-property'
import { PROPERTY_HEADER } from '../src/server/properties/property-header'
import { utcDay } from '../src/server/metrics/page-token'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const PUBLIC_PAGE = /^\/(?:public|gallery(?:\/[a-z][a-z0-9_]{0,47}(?:\/[0-9a-f-]{36})?)?)?$/
const MAX_ENTRIES = 500
/** Headers of Next's answer that do not describe the stored body. */
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
])

type Page = {
  status: number
  headers: Array<[string, string]>
  raw: Buffer
  compressed: Map<Encoding, Promise<Buffer>>
}

export function publicPageCache(payload: Payload, origin: () => string) {
  const bypass = randomUUID()
  /** The read-model version each property's kept pages were rendered at. */
  const versions = new Map<string, string>()
  const pages = new Map<string, Promise<Page | null>>()

  async function render(path: string, userAgent: string): Promise<Page | null> {
    const response = await fetch(`${origin()}${path}`, {
      headers: { 'user-agent': userAgent, 'accept-encoding': 'identity', 'x-public-page-render': bypass },
      redirect: 'manual',
    })
    const raw = Buffer.from(await response.arrayBuffer())
    const type = response.headers.get('content-type') ?? ''
    if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) return null
    const headers = [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
    return { status: response.status, headers, raw, compressed: new Map() }
  }

  function encoded(page: Page, encoding: Encoding) {
    let body = page.compressed.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(page.raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.raw.length },
            })
          : gzip(page.raw, { level: 6 })
      page.compressed.set(encoding, body)
    }
    return body
  }

  return async function servePublicPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    if (req.headers['x-public-page-render'] === bypass) return false
    const url = req.url ?? ''
    if (url.includes('?') || !PUBLIC_PAGE.test(url)) return false
    // Client-side navigations and prefetches ask for the RSC payload: Next answers those.
    if (req.headers.rsc || req.headers['next-router-prefetch'] || req.headers['next-router-state-tree']) return false

    // The default property's pages only: a render asks this server again, on its own address,
    // which is the default property's. Another property's pages (on its domain) go to Next.
    const scope = await defaultPropertyScope(payload)
    if (req.headers[PROPERTY_HEADER] !== scope.id) return false
    const current = await readVersion(payload, scope)
    if (versions.get(scope.id) !== current) {
      versions.set(scope.id, current)
      for (const key of pages.keys()) if (key.startsWith(`${scope.id}|`)) pages.delete(key)
    }
    const userAgent = req.headers['user-agent'] ?? ''
    // The day too: a page carries the day's load-time token, valid until the end of the next day.
    const key = `${scope.id}|${url}|${deviceClassFromUserAgent(userAgent)}|${utcDay()}`
    let entry = pages.get(key)
    if (!entry) {
      entry = render(url, userAgent).catch(() => null)
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!)
      pages.set(key, entry)
    }
    const page = await entry
    if (!page) {
      pages.delete(key)
      return false
    }
    const encoding = pickEncoding(req.headers['accept-encoding'] ?? null)
    const body = encoding ? await encoded(page, encoding) : page.raw
    for (const [name, value] of page.headers) res.setHeader(name, value)
    res.setHeader('Vary', 'Accept-Encoding, User-Agent')
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    res.writeHead(page.status)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
