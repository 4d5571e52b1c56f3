// The cached public pages go out compressed once per page, not once per visitor. Next keeps each
// page's HTML under its key (../properties/site-key.ts), and its compression middleware gzips that
// HTML again for every request: for a gallery of 200 photos (about 280 kB) that, with Next's ETag
// hash over the same string, was most of a request's work. The proxy names each cached page with
// an ETag of its key (pageEtag below); in the process Next's server runs in, server-requests.ts
// calls sendMemoizedPages for every request, and an answer carrying such an ETag is sent from a
// memo of its compressed bytes (brotli when the client takes it, which Next's middleware does not
// offer). The memo is made in the background the first time a page is sent; until it is ready,
// Next's compression does its usual work.
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { pickEncoding, type Encoding } from './prepared-json'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const PAGE_ETAG_PREFIX = '"page-'
/** How many compressed bytes the memo keeps, least recently used first out. */
const MEMO_BYTES = 48 * 1024 * 1024

const RUN = Symbol.for('property-gallery.page-etag-run')
type WithRun = typeof globalThis & { [RUN]?: string }

/**
 * The ETag of a cached page: its rewritten path and query, and this process's run (a restart, a
 * new build, may draw the same key differently, so an ETag from before it never matches).
 */
export function pageEtag(target: string): string {
  const global = globalThis as WithRun
  global[RUN] ??= randomUUID()
  return `${PAGE_ETAG_PREFIX}${createHash('sha256').update(global[RUN]).update('\n').update(target).digest('base64url').slice(0, 32)}"`
}

type Memo = { body: Buffer; encoding: Encoding }

class PageMemo {
  private readonly entries = new Map<string, Memo>()
  private readonly pending = new Set<string>()
  private bytes = 0

  constructor(private readonly limit: number) {}

  get(key: string): Memo | undefined {
    const memo = this.entries.get(key)
    if (memo) {
      this.entries.delete(key)
      this.entries.set(key, memo)
    }
    return memo
  }

  /** Compresses `raw` in the background, once per key at a time. */
  make(key: string, raw: Buffer, encoding: Encoding): void {
    if (this.pending.has(key) || this.entries.has(key) || raw.length > this.limit / 4) return
    this.pending.add(key)
    const body =
      encoding === 'br'
        ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzip(raw, { level: 6 })
    body
      .then((compressed) => {
        this.entries.set(key, { body: compressed, encoding })
        this.bytes += compressed.length
        for (const [oldest, memo] of this.entries) {
          if (this.bytes <= this.limit) break
          this.entries.delete(oldest)
          this.bytes -= memo.body.length
        }
      })
      .catch(() => undefined)
      .finally(() => this.pending.delete(key))
  }
}

/** Paths that never answer a cached page (Next's files, the API, objects): their responses are left as they are. */
const NEVER_A_PAGE = /^(?:\/p\/[^/]+)?\/(?:_next|api|public-objects|s\/[^/]+\/o)\//

const MEMO = Symbol.for('property-gallery.page-memo')
type WithMemo = typeof globalThis & { [MEMO]?: PageMemo }

type End = ServerResponse['end']
type AnyEnd = (this: ServerResponse, ...args: unknown[]) => ServerResponse

/**
 * Lets a cached page's answer to `request` go out from the memo. Next's compression middleware
 * (its router server, when `compress` is on, as by default) replaces the response's `end` with
 * its own, after this runs; the page's bytes are swapped in above that layer, where the HTML is
 * still a whole string, and the Content-Encoding set there makes the middleware pass them on.
 */
export function sendMemoizedPages(request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' || NEVER_A_PAGE.test(request.url ?? '')) return
  const encoding = pickEncoding(request.headers['accept-encoding'] ?? null)
  if (!encoding) return
  const global = globalThis as WithMemo
  const memo = (global[MEMO] ??= new PageMemo(MEMO_BYTES))

  let end: End = response.end
  let layered = false
  Object.defineProperty(response, 'end', {
    configurable: true,
    enumerable: true,
    get: () => end,
    set(layer: End) {
      // Only the first layer (the compression middleware) is wrapped; any later one wraps it in turn.
      end = layered ? layer : fromMemo(layer)
      layered = true
    },
  })

  function fromMemo(end: End): End {
    const layer = end as unknown as AnyEnd
    return function end(this: ServerResponse, ...args: unknown[]) {
      const [chunk] = args
      const etag = this.getHeader('etag')
      const type = String(this.getHeader('content-type') ?? '')
      const whole = typeof chunk === 'string' || Buffer.isBuffer(chunk)
      if (this.statusCode !== 200 || this.headersSent || !whole || typeof etag !== 'string' || !etag.startsWith(PAGE_ETAG_PREFIX) || !type.startsWith('text/html')) {
        return layer.apply(this, args)
      }
      const key = `${encoding} ${etag}`
      const kept = memo.get(key)
      if (!kept) {
        memo.make(key, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string), encoding!)
        return layer.apply(this, args)
      }
      this.setHeader('Content-Encoding', kept.encoding)
      this.setHeader('Content-Length', kept.body.length)
      const vary = String(this.getHeader('vary') ?? '')
      if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) this.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
      const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined
      return layer.call(this, kept.body, ...(callback ? [callback] : []))
    } as End
  }
}
