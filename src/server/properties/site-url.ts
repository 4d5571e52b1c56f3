// An absolute URL on the public site of the property a request addresses, for answers that hand
// a link to someone (a share link): the property's domain when the request came by it; else
// SERVER_URL, else the host the request came to, with the property's `/p/{slug}` prefix when the
// request came by it. The same origin the pages' own URLs use (site-origin.ts). The request's
// Host, not its URL: Next writes 127.0.0.1 as localhost in the URLs it hands a route.
import type { PayloadRequest } from 'payload'
import { hrefFor } from '../../lib/api/property-base'
import { stampedProperty } from './property-header'
import { siteOrigin } from './site-origin'

export function siteUrl(req: PayloadRequest, path: string): string {
  const headers = req.headers ?? new Headers()
  const stamp = stampedProperty(headers, req.payload.secret)
  return siteOrigin(headers, stamp?.domain ?? '').origin + hrefFor(stamp?.basePath ?? '', path)
}
