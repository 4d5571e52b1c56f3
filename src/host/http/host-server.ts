// The host server's request handling (src/host/serve.ts runs it): what every request goes
// through before anything answers it, then the answers served without Next (objects, prepared
// reads, the uploader's calls, cached public pages), then Next (pages, Payload's admin and REST).
//   - the client's address is worked out from the socket (client-address.ts);
//   - every answer carries the security headers (security-headers.ts);
//   - routes the product does not use are not served: Next's image optimiser (the public
//     pages use the stored renditions; the optimiser would keep serving a photo after it is
//     hidden, from its own cache), Payload's job queue, migration and key-value routes, version
//     routes (no collection keeps versions), e-mail verification (not enabled), upload from a
//     pasted URL (the server would fetch any address it is given) and deleting admin
//     preferences (the admin never does; Payload answers a missing one with a 500);
//   - a NUL character anywhere in the address is refused (PostgreSQL cannot store or compare it);
//   - a body on a mutating API call must say what it is: JSON (or a multipart form for Payload's
//     upload editor). A text/plain body is what a cross-site form can send without a preflight.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { stampClientAddress, type TrustProxy } from './client-address'
import { unavailableHeaders, unavailablePage, unavailableService, UNAVAILABLE_MESSAGES } from '../../server/http/unavailable'

export type HostRoute = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

type Options = {
  trust: TrustProxy
  /** Payload's secret (payload.secret): proves the stamped client address to the services. */
  secret: string
  headers: Record<string, string>
  /**
   * The security headers of an addressed request when they differ from `headers` (the embed
   * view's framing policy): asked once the property is known, before any route answers.
   */
  pageHeaders?: (req: IncomingMessage) => Record<string, string>
  /** Addresses the request to a property first (property-address.ts); answers true when it answered it. */
  address?: HostRoute
  /** Tried in turn; the first that answers wins. */
  routes: HostRoute[]
  /** Next's request handler: everything else. */
  next: (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | unknown
  onError: (error: unknown, req: IncomingMessage) => void
}

/** Routes the product does not serve, matched on the decoded, lower-cased path (and method). */
export const CLOSED_ROUTES: Array<{ path: RegExp; methods?: string[] }> = [
  { path: /^\/_next\/image(\/|$)/ },
  { path: /^\/api\/payload-(jobs|migrations|kv)(\/|$)/ },
  { path: /^\/api\/graphql(-playground)?(\/|$)/ },
  { path: /^\/api\/[^/]+\/versions(\/|$)/ },
  { path: /^\/api\/[^/]+\/verify(\/|$)/ },
  { path: /^\/api\/[^/]+\/paste-url(\/|$)/ },
  { path: /^\/api\/payload-preferences(\/|$)/, methods: ['DELETE'] },
]

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODY_TYPES = ['application/json', 'multipart/form-data']

const answer = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify({ message }))
}

const isClosed = (method: string, pathname: string) =>
  CLOSED_ROUTES.some((route) => route.path.test(pathname) && (!route.methods || route.methods.includes(method)))

function hasBody(req: IncomingMessage) {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
}

/** The checks every request passes first; answers and returns true when it refused one. */
export function refuseBadRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const rawUrl = req.url ?? '/'
  if (/%00|\u0000/i.test(rawUrl)) {
    answer(res, 400, 'The address contains a NUL character.')
    return true
  }
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(rawUrl, 'http://internal').pathname).toLowerCase()
  } catch {
    answer(res, 400, 'The address is not valid.')
    return true
  }
  if (isClosed(req.method ?? 'GET', pathname.replace(/\/+/g, '/'))) {
    answer(res, 404, 'Not found.')
    return true
  }
  if (MUTATING.has(req.method ?? '') && pathname.startsWith('/api/') && hasBody(req)) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (!BODY_TYPES.includes(type)) {
      answer(res, 415, 'Send the request body as JSON (Content-Type: application/json).')
      return true
    }
  }
  return false
}

export function hostRequestHandler({ trust, secret, headers, pageHeaders, address, routes, next, onError }: Options) {
  return (req: IncomingMessage, res: ServerResponse) => {
    stampClientAddress(req, trust, secret)
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    const run = async () => {
      // The property first: it may serve a prefixed path as its bare one, which the checks then see.
      if ((address && (await address(req, res))) || refuseBadRequest(req, res)) {
        req.resume()
        return
      }
      if (pageHeaders) {
        const own = pageHeaders(req)
        for (const name of Object.keys(headers)) if (!(name in own)) res.removeHeader(name)
        for (const [name, value] of Object.entries(own)) res.setHeader(name, value)
      }
      for (const route of routes) if (await route(req, res)) return
      await next(req, res)
    }
    run().catch((error) => {
      onError(error, req)
      if (res.headersSent) {
        res.end()
        return
      }
      // PostgreSQL or the store is down: 503 with a message (a page for a person, JSON for a caller).
      const unavailable = unavailableService(error)
      if (unavailable) {
        const wantsPage = !(req.url ?? '/').startsWith('/api/') && (req.headers.accept ?? '').includes('text/html')
        res.writeHead(503, {
          ...unavailableHeaders(),
          'Content-Type': wantsPage ? 'text/html; charset=utf-8' : 'application/json',
        })
        res.end(wantsPage ? unavailablePage(unavailable) : JSON.stringify({ message: UNAVAILABLE_MESSAGES[unavailable] }))
        return
      }
      res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }))
    })
  }
}
