// Rendered public pages, kept per property and its read-model version. The public pages show
// nothing but the property's public read model, so a page rendered at version V stays right
// until its media or sections change (a write bumps that property's version, and its pages
// alone are dropped). A page is rendered by asking this server again as it was asked: under its
// `/p/{slug}` prefix, or the Host that named its property (the default's on the server's own
// address). A miss asks Next for the page (one render, shared by concurrent requests), then the
// HTML is compressed once
// per encoding and served from memory. The key includes the device class guessed from the
// user agent, since the first render's grid columns follow it.
// Only anonymous full-page GETs of the public routes are served here; everything else,
// including client-side navigations (RSC requests), goes to Next as before.
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Payload } from 'payload'
import { hrefFor, type PropertyBasePath } from '../src/lib/api/property-base'
import { deviceClassFromUserAgent } from '../src/lib/device'
import { normalizeDomain } from '../src/lib/property-slug'
import { pickEncoding, type Encoding } from '../src/server/http/prepared-json'
import { readVersion } from '../src/server/cache/read-version'
import type { PropertyScope } from '../src/server/db/property-db'
import { defaultPropertyScope, propertyScopeById } from '../src/server/properties/default-property'
import { stampedProperty } from '../src/server/properties/property-header'
import { utcDay } from '../src/server/metrics/page-token'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const PUBLIC_PAGE = /^\/(?:public|gallery(?:\/[a-z][a-z0-9_]{0,47}(?:\/[0-9a-f-]{36})?)?|embed(?:\/[a-z][a-z0-9_]{0,47})?)?$/
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
  // The host sets the security headers of every request itself, before this answers it: the
  // embed view's framing policy follows its property's list as it is now, not as it was at render.
  'content-security-policy',
  'x-frame-options',
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

  /** Asks this server for the page, under the Host it was asked on (which names its property). */
  function render(path: string, userAgent: string, host: string | undefined): Promise<Page | null> {
    const base = new URL(origin())
    const headers: http.OutgoingHttpHeaders = { 'user-agent': userAgent, 'accept-encoding': 'identity', 'x-public-page-render': bypass }
    if (host) headers.host = host
    return new Promise((resolve, reject) => {
      http
        .get({ hostname: base.hostname, port: base.port, path, headers }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () => {
            const type = String(response.headers['content-type'] ?? '')
            if (response.statusCode !== 200 || !type.startsWith('text/html') || response.headers['set-cookie']) return resolve(null)
            const kept = Object.entries(response.headers)
              .filter(([name, value]) => value !== undefined && !DROPPED_HEADERS.has(name.toLowerCase()))
              .map(([name, value]): [string, string] => [name, Array.isArray(value) ? value.join(', ') : String(value)])
            resolve({ status: 200, headers: kept, raw: Buffer.concat(chunks), compressed: new Map() })
          })
        })
        .on('error', reject)
    })
  }

  /**
   * The property whose page this is, and how to render it: under its `/p/{slug}` prefix on this
   * server's own address when the visitor came by the prefix; the default property's on this
   * server's own address; another property's under the Host it was asked on, when that Host alone
   * names it (a forwarded host is not passed on to the render).
   */
  async function pageProperty(req: http.IncomingMessage): Promise<{ scope: PropertyScope; basePath: PropertyBasePath; host: string | undefined } | null> {
    const stamp = stampedProperty(req.headers, payload.secret)
    if (!stamp) return null
    const byDefault = await defaultPropertyScope(payload)
    const scope = stamp.id === byDefault.id ? byDefault : await propertyScopeById(payload, stamp.id)
    if (!scope) return null
    if (stamp.basePath || scope === byDefault) return { scope, basePath: stamp.basePath, host: undefined }
    const host = req.headers.host
    return host && normalizeDomain(host) === stamp.domain ? { scope, basePath: '', host } : null
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

    const page = await pageProperty(req)
    if (!page) return false
    const { scope, basePath, host } = page
    const current = await readVersion(payload, scope)
    if (versions.get(scope.id) !== current) {
      versions.set(scope.id, current)
      for (const key of pages.keys()) if (key.startsWith(`${scope.id}|`)) pages.delete(key)
    }
    const userAgent = req.headers['user-agent'] ?? ''
    // The day too: a page carries the day's load-time token, valid until the end of the next day.
    const key = `${scope.id}|${basePath || host || ''}|${url}|${deviceClassFromUserAgent(userAgent)}|${utcDay()}`
    let entry = pages.get(key)
    if (!entry) {
      entry = render(hrefFor(basePath, url), userAgent, host).catch(() => null)
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!)
      pages.set(key, entry)
    }
    const rendered = await entry
    if (!rendered) {
      pages.delete(key)
      return false
    }
    const encoding = pickEncoding(req.headers['accept-encoding'] ?? null)
    const body = encoding ? await encoded(rendered, encoding) : rendered.raw
    for (const [name, value] of rendered.headers) res.setHeader(name, value)
    res.setHeader('Vary', 'Accept-Encoding, User-Agent')
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    res.writeHead(rendered.status)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
