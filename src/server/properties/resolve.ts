// Which property a request is addressed to (properties design §2.6), without the database: a
// `/p/{slug}` path prefix on any host; else the request's host, one of a property's domains;
// else the default property. An unknown slug under `/p/` is reported, for the caller to answer
// 404; an unknown host is the default property's. The directory is built once from the
// properties' rows and asked for every request.
import type { PropertyBasePath } from '../../lib/api/property-base'
import { normalizeDomain } from '../../lib/property-slug'

export type AddressableProperty = {
  id: string
  slug: string
  domains: readonly string[]
  isDefault: boolean
  /** The origins that may frame its embed view (src/lib/embed-origins.ts); none when absent. */
  embedOrigins?: readonly string[]
}


export type PropertyDirectory = {
  readonly byId: ReadonlyMap<string, AddressableProperty>
  readonly bySlug: ReadonlyMap<string, AddressableProperty>
  /** Keyed by normalised domain (lower-case, no port, no trailing dot). */
  readonly byDomain: ReadonlyMap<string, AddressableProperty>
  readonly defaultProperty: AddressableProperty
}

export type PropertyResolution =
  | { kind: 'property'; property: AddressableProperty; basePath: PropertyBasePath; path: string }
  | { kind: 'unknown-slug'; slug: string }

export type AddressedRequest = {
  /** The request's host (see requestHostOf); null or undefined when it sent none. */
  host: string | null | undefined
  /** The request's path, with its query string. */
  path: string
}

/** Throws when the list cannot address requests: no default or two, or a slug or domain used twice. */
export function propertyDirectory(list: readonly AddressableProperty[]): PropertyDirectory {
  const defaults = list.filter((property) => property.isDefault)
  if (defaults.length !== 1) {
    throw new Error(`Exactly one property must be the default; found ${defaults.length}.`)
  }
  const bySlug = new Map<string, AddressableProperty>()
  const byDomain = new Map<string, AddressableProperty>()
  for (const property of list) {
    if (bySlug.has(property.slug)) throw new Error(`Two properties have the slug "${property.slug}".`)
    bySlug.set(property.slug, property)
    for (const domain of property.domains) {
      const host = normalizeDomain(domain)
      if (host === null) throw new Error(`Property "${property.slug}" has a domain that is not a host name: "${domain}".`)
      const holder = byDomain.get(host)
      if (holder && holder !== property) {
        throw new Error(`The domain "${host}" belongs to two properties: "${holder.slug}" and "${property.slug}".`)
      }
      byDomain.set(host, property)
    }
  }
  return { byId: new Map(list.map((property) => [property.id, property])), bySlug, byDomain, defaultProperty: defaults[0] }
}

/** `/p/{slug}` or `/p/{slug}/…` with a non-empty slug; `/p` and `/p/` are ordinary paths. */
const PREFIX = /^\/p\/([^/]+)(\/.*)?$/

/** The property a request is addressed to, and its path with the property's prefix removed. */
export function resolveProperty(directory: PropertyDirectory, request: AddressedRequest): PropertyResolution {
  const queryAt = request.path.indexOf('?')
  const pathname = queryAt === -1 ? request.path : request.path.slice(0, queryAt)
  const query = queryAt === -1 ? '' : request.path.slice(queryAt)
  const prefixed = PREFIX.exec(pathname)
  if (prefixed) {
    const [, slug, rest] = prefixed
    const property = directory.bySlug.get(slug)
    if (!property) return { kind: 'unknown-slug', slug }
    return { kind: 'property', property, basePath: `/p/${slug}`, path: (rest ?? '/') + query }
  }
  const host = normalizeDomain(request.host)
  const property = (host !== null && directory.byDomain.get(host)) || directory.defaultProperty
  return { kind: 'property', property, basePath: '', path: request.path }
}
