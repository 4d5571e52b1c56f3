// Addressing a property (docs/properties-design.md §2.6), the first thing the host server does
// with a request: the `/p/{slug}` prefix on any host, else the Host header (a forwarded host
// only from a proxy TRUST_PROXY names), else the default property. The property's id is stamped
// on the request with its proof (src/server/properties/property-header.ts), over anything the
// client sent under those names; the API and object routes under a prefix are served as their
// bare paths (`/p/lodge/api/sections` is `/api/sections` of the Lodge). An unknown slug is 404.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { currentDirectory } from '../../server/properties/directory'
import { PROPERTY_HEADER, PROPERTY_PROOF_HEADER, propertyProof } from '../../server/properties/property-header'
import { resolveProperty } from '../../server/properties/resolve'
import { requestHostOf, type TrustProxy } from './client-address'

/** Paths served under a property's prefix as their bare selves. */
const PREFIXED_ROUTES = /^\/(api|public-objects)(\/|\?|$)/

/** Answers true when it answered the request itself (an unknown slug). */
export function propertyAddressing(payload: Payload, trust: TrustProxy) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    delete req.headers[PROPERTY_HEADER]
    delete req.headers[PROPERTY_PROOF_HEADER]
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
    const resolution = resolveProperty(directory, { host: requestHostOf(req, trust), path })
    if (resolution.kind === 'unknown-slug') {
      const api = /^\/p\/[^/]+\/api(\/|$)/.test(req.url ?? '')
      res.writeHead(404, { 'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8' })
      res.end(api ? JSON.stringify({ message: `There is no property "${resolution.slug}".` }) : 'This page could not be found.')
      return true
    }
    const { property, basePath } = resolution
    if (basePath && PREFIXED_ROUTES.test(resolution.path)) req.url = resolution.path
    req.headers[PROPERTY_HEADER] = property.id
    req.headers[PROPERTY_PROOF_HEADER] = propertyProof(property.id, payload.secret)
    return false
  }
}
