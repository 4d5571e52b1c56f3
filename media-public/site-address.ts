// Which property a public page is of and how its visitor reached it: the property's scope, the
// base path its links keep (`/p/{slug}` when the visitor came by the prefix, else nothing), and
// the origin its absolute URLs use (src/server/properties/site-origin.ts). A cached public page (under
// `/site/{key}/…`) reads it from its key (src/server/properties/site-key.ts), which its layout, page and metadata set
// first (enterSite); the pages rendered per request (sign-in, share links, the sitemap, 404)
// read what the proxy stamped (src/server/http/gallery-proxy.ts). Without either (a request that
// did not pass the proxy) every page is the default property's, on the bare paths.
import { galleryPayload } from '@/server/http/gallery-runtime'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { cache } from 'react'
import { hrefFor, type PropertyBasePath } from '@/lib/api/property-base'
import type { DeviceClass } from '@/lib/device'
import { deviceClassFromUserAgent } from '@/lib/device'
import type { PropertyScope } from '@/server/db/property-db'
import { defaultPropertyScope, propertyScopeById } from '@/server/properties/default-property'
import { stampedProperty } from '@/server/properties/property-header'
import { decodeSiteKey, type SiteKey } from '@/server/properties/site-key'
import { siteOrigin } from '@/server/properties/site-origin'

export type SiteAddress = {
  scope: PropertyScope
  basePath: PropertyBasePath
  /** The origin absolute URLs are made with. */
  origin: URL
}

/** The cached page's key, for the rest of this render. */
const currentKey = cache((): { key: SiteKey | null } => ({ key: null }))

/**
 * A cached page's layout, page and metadata call this with their `site` segment before anything
 * else: what the proxy wrote is what they render from. A segment the proxy did not write is 404.
 */
export function enterSite(segment: string): SiteKey {
  const key = decodeSiteKey(segment)
  if (!key) notFound()
  currentKey().key = key
  return key
}

export const siteAddress = cache(async (): Promise<SiteAddress> => {
  const payload = await galleryPayload()
  const key = currentKey().key
  if (key) {
    const scope = (await propertyScopeById(payload, key.property)) ?? notFound()
    return { scope, basePath: key.basePath, origin: new URL(key.origin) }
  }
  const requestHeaders = await headers()
  const stamp = stampedProperty(requestHeaders, payload.secret)
  const scope = (stamp && (await propertyScopeById(payload, stamp.id))) || (await defaultPropertyScope(payload))
  const named = stamp?.id === scope.id ? stamp : null
  return { scope, basePath: named?.basePath ?? '', origin: siteOrigin(requestHeaders, named?.domain ?? '') }
})

/** The device class the first render's grid follows: the key's, else the request's user agent's. */
export async function siteDevice(): Promise<DeviceClass> {
  const key = currentKey().key
  return key ? key.device : deviceClassFromUserAgent((await headers()).get('user-agent'))
}

/** The UTC day a page is rendered for (its load-time token): the key's, else today. */
export function siteDay(): number | undefined {
  return currentKey().key?.day
}

/** The page's path under its property's base path (`/gallery` → `/p/lodge/gallery`). */
export async function sitePath(path: string): Promise<string> {
  return hrefFor((await siteAddress()).basePath, path)
}
