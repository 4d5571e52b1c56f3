// A public page's cache key: everything a page of the public site is rendered from besides the
// property's read model, written by the proxy into the path it rewrites the page to
// (`/gallery` → `/site/{key}/gallery`), so Next caches each page under it and a page never reads
// the request itself. The property's read-model version is in it: a write moves the version, the
// next request names a new key and gets a page rendered from the new state, in every instance
// (nothing has to be told to forget anything, and a hidden photo's page is never served again).
// The rest says how the visitor came: the base path links keep, the origin absolute URLs use,
// the device class the first render's columns follow, and the UTC day of the load-time token.
import type { PropertyBasePath } from '../../lib/api/property-base'
import type { DeviceClass } from '../../lib/device'

export type SiteKey = {
  /** The property's id. */
  property: string
  /** Its read-model version when the page was asked for. */
  version: string
  basePath: PropertyBasePath
  /** The origin the page's absolute URLs use (canonical, link previews, structured data). */
  origin: string
  device: DeviceClass
  /** The UTC day (page-token.ts utcDay), for the load-time token the page carries. */
  day: number
}

const DEVICES: readonly DeviceClass[] = ['mobile', 'tablet', 'desktop']

export function encodeSiteKey(key: SiteKey): string {
  return Buffer.from(JSON.stringify([key.property, key.version, key.basePath, key.origin, key.device, key.day])).toString('base64url')
}

/** The key a segment holds, or null for anything the proxy did not write. */
export function decodeSiteKey(segment: string): SiteKey | null {
  try {
    const [property, version, basePath, origin, device, day] = JSON.parse(Buffer.from(decodeURIComponent(segment), 'base64url').toString('utf8'))
    const valid =
      typeof property === 'string' &&
      typeof version === 'string' &&
      (basePath === '' || (typeof basePath === 'string' && /^\/p\/[^/]+$/.test(basePath))) &&
      typeof origin === 'string' &&
      /^https?:\/\/[^/]+$/.test(origin) &&
      DEVICES.includes(device) &&
      Number.isInteger(day)
    return valid ? { property, version, basePath, origin, device, day } : null
  } catch {
    return null
  }
}

/** The public pages the proxy serves from the cache (bare paths, without a query's effect on the page). */
const PUBLIC_PAGE = /^\/(?:public|gallery(?:\/[^/]+(?:\/[^/]+)?)?|embed(?:\/[^/]+)?)?\/?$/

export const isCachedPublicPage = (path: string) => PUBLIC_PAGE.test(path)

/** The path the proxy rewrites a public page to. */
export const sitePagePath = (key: SiteKey, path: string) => `/site/${encodeSiteKey(key)}${path === '/' ? '' : path.replace(/\/$/, '')}`
