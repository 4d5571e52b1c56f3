// The headers every answer of the product carries, whoever writes it (Next's pages, Payload's
// admin and REST, or the host server's own answers: objects, prepared reads, cached pages).
// Set at run time by the host server because the policy names the object store's origin,
// which the embedded store only knows once it has a (random) port. SECURITY.md says why
// scripts may be inline ('unsafe-inline' rather than nonces).
import type { AppEnv } from '../../server/env'

/** The origins the browser talks to besides our own: the store the uploader sends files to. */
export function storeOrigins(env: Pick<AppEnv, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE'>): string[] {
  if (!env.S3_ENDPOINT) return []
  const endpoint = new URL(env.S3_ENDPOINT)
  const origins = [endpoint.origin]
  // Virtual-hosted addressing: the bucket is a sub-domain of the endpoint.
  if (!env.S3_FORCE_PATH_STYLE) origins.push(`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`)
  return origins
}

export function contentSecurityPolicy({ connect = [], dev = false }: { connect?: string[]; dev?: boolean } = {}): string {
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
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: { connect?: string[]; dev?: boolean } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}
