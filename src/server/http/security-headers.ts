// The headers every answer of the product carries, whoever writes it (Next's pages, Payload's
// admin and REST, the object routes, the cached public pages).
// Set at run time by the proxy (gallery-proxy.ts) because the policy names the object store's origin,
// which the embedded store only knows once it has a (random) port. SECURITY.md says why
// scripts may be inline ('unsafe-inline' rather than nonces).
// The embed view (`/embed`, `/embed/{sectionId}`) is the one page another site may frame: its
// policy names exactly the origins its property lists (pageSecurityHeaders), and it carries no
// X-Frame-Options (DENY would refuse every framing page, SAMEORIGIN ours alone).
import type { AppEnv } from '../../server/env'
import { frameAncestorsOf } from '../../lib/embed-origins'

/** The origins the browser talks to besides our own: the store the uploader sends files to. */
export function storeOrigins(env: Pick<AppEnv, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE'>): string[] {
  if (!env.S3_ENDPOINT) return []
  const endpoint = new URL(env.S3_ENDPOINT)
  const origins = [endpoint.origin]
  // Virtual-hosted addressing: the bucket is a sub-domain of the endpoint.
  if (!env.S3_FORCE_PATH_STYLE) origins.push(`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`)
  return origins
}

type PolicyOptions = {
  connect?: string[]
  dev?: boolean
  /** The embed view's framing origins (its property's list); absent on every other page. */
  embedOrigins?: readonly string[]
}

export function contentSecurityPolicy({ connect = [], dev = false, embedOrigins }: PolicyOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Next's inline bootstrap scripts (the rendered pages are cached and shared, so a per-response
    // nonce is not possible); the development server's refresh also needs eval.
    'script-src': ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connect, ...(dev ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': embedOrigins ? frameAncestorsOf(embedOrigins) : ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    ...(options.embedOrigins ? {} : { 'X-Frame-Options': 'DENY' }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/** `/embed`, `/embed/`, `/embed/{sectionId}` (a query allowed): the path after the host took off any `/p/{slug}`. */
const EMBED_PATH = /^\/embed(?:\/[^/?#]+)?\/?(?:[?#]|$)/

export function isEmbedPath(path: string): boolean {
  return EMBED_PATH.test(path)
}

/**
 * The headers of an answer to `path` of a property that lists `embedOrigins`: the embed view's
 * allow those origins to frame it; every other path's refuse all framing.
 */
export function pageSecurityHeaders({
  path,
  embedOrigins,
  ...options
}: { path: string; embedOrigins: readonly string[]; connect?: string[]; dev?: boolean }): Record<string, string> {
  return securityHeaders(isEmbedPath(path) ? { ...options, embedOrigins } : options)
}
