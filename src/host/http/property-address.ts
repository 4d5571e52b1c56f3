// Addressing a property (docs/properties-design.md §2.6), the first thing the host server does
// with a request: the `/p/{slug}` prefix on any host, else the Host header (a forwarded host
// only from a proxy TRUST_PROXY names), else the default property. What it found is stamped on
// the request with its proof (src/server/properties/property-header.ts), over anything the
// client sent under those names, and a prefixed path is served as its bare one: `/p/lodge/api/sections`
// is `/api/sections` of the Lodge, `/p/lodge/gallery` its gallery page, whose links keep the prefix.
// An unknown slug answers 404: JSON for the API, the site's 404 page for anything else.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { currentDirectory } from '../../server/properties/directory'
import { STAMPED_HEADERS, stampedHeaders } from '../../server/properties/property-header'
import { normalizeDomain } from '../../lib/property-slug'
import { resolveProperty } from '../../server/properties/resolve'
import { requestHostOf, type TrustProxy } from './client-address'
import type { AddressableProperty } from '../../server/properties/resolve'

/** The property each request was addressed to, for what the host decides later (its embed view's headers). */
const addressed = new WeakMap<IncomingMessage, AddressableProperty>()

export function addressedProperty(req: IncomingMessage): AddressableProperty | undefined {
  return addressed.get(req)
}

/** Answers true when it answered the request itself (an unknown slug). */
export function propertyAddressing(payload: Payload, trust: TrustProxy) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    for (const name of STAMPED_HEADERS) delete req.headers[name]
    const path = req.url ?? '/'
    let directory
    try {
      directory = await currentDirectory(payload)
    } catch (error) {
      // The database is out and no directory was ever read: a prefixed request cannot be
      // addressed (503 by the caller); any other goes on as the default property's, and answers
      // what it can without the database (a visitor's "nobody signed in").
      if (/^\/p\//.test(path)) throw error
      return false
    }
    const host = requestHostOf(req, trust)
    let resolution = resolveProperty(directory, { host, path })
    // A property created a moment ago: the kept list may not have it yet.
    if (resolution.kind === 'unknown-slug') {
      directory = await currentDirectory(payload, { fresh: true })
      resolution = resolveProperty(directory, { host, path })
    }
    if (resolution.kind === 'unknown-slug') {
      if (/^\/p\/[^/]+\/api(\/|\?|$)/.test(path)) {
        res.writeHead(404, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ message: `There is no property "${resolution.slug}".` }))
        return true
      }
      // Next answers the path as it is, which no page claims: the 404 page, of the default property.
      return false
    }
    const { property, basePath } = resolution
    addressed.set(req, property)
    if (basePath) req.url = resolution.path
    const named = basePath ? null : normalizeDomain(host)
    const domain = named !== null && directory.byDomain.get(named) === property ? named : ''
    Object.assign(req.headers, stampedHeaders({ id: property.id, basePath, domain }, payload.secret))
    return false
  }
}
