// Which property a public page is of and how its visitor reached it, read once per request from
// what the proxy stamped (src/server/http/gallery-proxy.ts): the property's scope, the base path
// its links keep (`/p/{slug}` when the visitor came by the prefix, else nothing), and the origin
// its absolute URLs (canonical, sitemap, share previews) use — the property's own domain when the
// visitor came by it, else SERVER_URL, else the host the request came to. Without a stamp (a request
// that did not pass the proxy) every page is the default property's, on the bare paths.
import config from '@payload-config'
import { headers } from 'next/headers'
import { getPayload } from 'payload'
import { cache } from 'react'
import { hrefFor, type PropertyBasePath } from '@/lib/api/property-base'
import { normalizeDomain } from '@/lib/property-slug'
import type { PropertyScope } from '@/server/db/property-db'
import { readEnv } from '@/server/env'
import { defaultPropertyScope, propertyScopeById } from '@/server/properties/default-property'
import { stampedProperty } from '@/server/properties/property-header'

export type SiteAddress = {
  scope: PropertyScope
  basePath: PropertyBasePath
  /** The origin absolute URLs are made with. */
  origin: URL
}

export const siteAddress = cache(async (): Promise<SiteAddress> => {
  const payload = await getPayload({ config })
  const requestHeaders = await headers()
  const stamp = stampedProperty(requestHeaders, payload.secret)
  const scope = (stamp && (await propertyScopeById(payload, stamp.id))) || (await defaultPropertyScope(payload))
  const named = stamp?.id === scope.id ? stamp : null
  return { scope, basePath: named?.basePath ?? '', origin: originOf(requestHeaders, named?.domain ?? '') }
})

function originOf(requestHeaders: Headers, domain: string): URL {
  const configured = readEnv().SERVER_URL
  const requestHost = requestHeaders.get('x-forwarded-host') ?? requestHeaders.get('host') ?? '127.0.0.1'
  const protocol = configured ? new URL(configured).protocol : requestHeaders.get('x-forwarded-proto') === 'https' ? 'https:' : 'http:'
  // The domain as the visitor wrote it (with its port, in development), when the request says so.
  if (domain) return new URL(`${protocol}//${normalizeDomain(requestHost) === domain ? requestHost : domain}`)
  return configured ? new URL(configured) : new URL(`${protocol}//${requestHost}`)
}

/** The page's path under its property's base path (`/gallery` → `/p/lodge/gallery`). */
export async function sitePath(path: string): Promise<string> {
  return hrefFor((await siteAddress()).basePath, path)
}
