// The origin a public page's absolute URLs use (canonical, sitemap, share previews): the
// property's own domain when the visitor came by it, else SERVER_URL, else the host the request
// came to. Pure: the proxy works it out for a page's cache key, the dynamic pages per request.
import { normalizeDomain } from '../../lib/property-slug'
import { readEnv } from '../env'

export function siteOrigin(requestHeaders: Headers, domain: string): URL {
  const configured = readEnv().SERVER_URL
  const requestHost = requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host') ?? '127.0.0.1'
  const protocol = configured ? new URL(configured).protocol : requestHeaders.get('x-forwarded-proto') === 'https' ? 'https:' : 'http:'
  // The domain as the visitor wrote it (with its port, in development), when the request says so.
  if (domain) return new URL(`${protocol}//${normalizeDomain(requestHost) === domain ? requestHost : domain}`)
  return configured ? new URL(configured) : new URL(`${protocol}//${requestHost}`)
}
