// Every route the product serves, as the security suites call it: Payload's endpoints and every
// collection's (enumerated from the config), the globals' REST, and the app's own route handlers; and
// a concrete request for each, naming the records a suite chooses.
import type { Payload } from 'payload'
import type { CallOptions } from './http-client'

export type Route = { method: string; path: string }

/** Routes the app's own route handlers and proxy answer, beside Payload's (media-public/object-routes.ts, gallery-proxy.ts). */
export const HOST_ROUTES: Route[] = [
  { method: 'GET', path: '/public-objects/:filename' },
  { method: 'GET', path: '/public-objects/:filename/:variant' },
  { method: 'GET', path: '/_next/image' },
  // A share link's page gate and its files.
  { method: 'GET', path: '/s/:token' },
  { method: 'GET', path: '/s/:token/o/:filename/:variant' },
]

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const routeKey = (route: Route) => `${route.method} ${route.path}`

export function routesOf(payload: Payload): Route[] {
  const routes: Route[] = [...HOST_ROUTES]
  for (const endpoint of payload.config.endpoints ?? []) {
    routes.push({ method: endpoint.method.toUpperCase(), path: `/api${endpoint.path}` })
  }
  for (const collection of payload.config.collections) {
    for (const endpoint of collection.endpoints || []) {
      routes.push({ method: endpoint.method.toUpperCase(), path: `/api/${collection.slug}${endpoint.path === '/' ? '' : endpoint.path}` })
    }
  }
  // Payload serves a global's REST routes without listing them as endpoints: read and update.
  for (const global of payload.config.globals ?? []) {
    routes.push({ method: 'GET', path: `/api/globals/${global.slug}` }, { method: 'POST', path: `/api/globals/${global.slug}` })
  }
  const seen = new Set<string>()
  return routes.filter((route) => {
    const key = routeKey(route)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What a concrete request names. */
export type RouteTargets = {
  /** A media file's name for the object routes, and one of its renditions ('w400.webp'). */
  filename: string
  variant: string
  /** The section key the product's section routes take. */
  sectionKey: string
  /** The record an `:id` names, by the route's collection (the first part after /api/) and whether the call writes. */
  idFor: (collection: string | undefined, write: boolean) => string
  /** The run a `:runId` names; left as it is (not a run id: a 400) when not given. */
  runId?: string
  /** The share link a `:token` names; a token no link has when not given. */
  token?: string
  /** The media ids a bulk assignment or a reorder sends. */
  mediaIds: string[]
  /** A body in place of the default `{}` for a write that is not one of the product's placement calls. */
  bodyFor?: (route: Route) => unknown
}

/** A concrete request for a route, naming the targets' records. */
export function concreteRequest(route: Route, targets: RouteTargets): { url: string; options: CallOptions } {
  const write = MUTATING.has(route.method)
  const collection = /^\/api\/([^/]+)/.exec(route.path)?.[1]
  let url = route.path
    .replace(':filename', encodeURIComponent(targets.filename))
    .replace(':variant', targets.variant)
    .replace(/:sectionId/, targets.sectionKey)
    .replace(':token', targets.token ?? 'n'.repeat(43))
    .replace(':uploadId', 'f'.repeat(32))
    .replace(':partNumber', '1')
    .replace(':channel', 'airbnb')
    .replace(/:id\??/, targets.idFor(collection, write))
  if (targets.runId) url = url.replace(':runId', targets.runId)
  if (route.path === '/_next/image') url += `?url=${encodeURIComponent(`/public-objects/${targets.filename}`)}&w=640&q=75`
  if (route.path.startsWith('/api/s3/multipart/')) url += '?key=originals/x/y.jpg'
  if (route.path === '/api/s3/params') url += '?filename=a.jpg&type=image/jpeg&metadata[size]=10'
  if (route.path === '/api/listing-readiness') url += '?channel=airbnb'
  const options: CallOptions = {}
  if (write && route.method !== 'DELETE') {
    if (route.path.endsWith('/bulk-assign') || route.path.endsWith('/reorder')) options.json = { mediaIds: targets.mediaIds }
    else if (route.path.endsWith('/section')) options.json = { section: 'backyard' }
    else if (route.path.endsWith('/metadata')) options.json = { notes: 'matrix' }
    // Listing channels: the media ids a suite names as the channel's photos; an export of the property's photos.
    else if (route.path === '/api/listing-channels/:channel') options.json = { mediaIds: targets.mediaIds, coverId: null }
    else if (route.path === '/api/exports') options.json = { channel: 'airbnb' }
    else options.json = targets.bodyFor?.(route) ?? {}
  }
  return { url, options }
}
