// An absolute URL on the public site of the property a request addresses, for answers that hand
// a link to someone (a share link): the property's domain when the request came by it; else
// SERVER_URL, else the request's own origin, with the property's `/p/{slug}` prefix when the
// request came by it (media-public/site-address.ts makes the pages' URLs the same way).
import type { PayloadRequest } from 'payload'
import { hrefFor } from '../../lib/api/property-base'
import { readEnv } from '../env'
import { stampedProperty } from './property-header'

export function siteUrl(req: PayloadRequest, path: string): string {
  const stamp = req.headers ? stampedProperty(req.headers, req.payload.secret) : null
  const configured = readEnv().SERVER_URL
  const requestOrigin = new URL(req.url ?? 'http://localhost/').origin
  const protocol = configured ? new URL(configured).protocol : new URL(requestOrigin).protocol
  const origin = stamp?.domain
    ? `${protocol}//${new URL(requestOrigin).hostname === stamp.domain ? new URL(requestOrigin).host : stamp.domain}`
    : configured
      ? new URL(configured).origin
      : requestOrigin
  return origin + hrefFor(stamp?.basePath ?? '', path)
}
