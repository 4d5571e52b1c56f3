// The app as Next serves it, in the test process: the request goes through the proxy
// (src/proxy.ts's galleryProxy), whose answer is applied as Next applies it (a refusal or
// redirect is the answer; otherwise the request goes on, rewritten and with the headers the
// proxy set, and the proxy's response headers are added to the answer), then to the route
// handler the app's `app/` folder has for the path: Payload's REST handlers for /api (the
// same REST_* functions src/app/(payload)/api/[...slug]/route.ts exports), the object routes
// for /public-objects and a share link's files. Pages are not built in integration tests:
// any other path is answered 200 by a stand-in page, so a path the proxy should have refused
// shows up as served.
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { NextRequest } from 'next/server'
import { getPayload } from 'payload'
import { publicObjectsRoute, shareLinkObjectsRoute } from '../../media-public/object-routes'
import { galleryProxy } from '../../src/server/http/gallery-proxy'
import { testConfig as config } from './test-config'

export const NEXT_STAND_IN = 'next stand-in'

const REST = {
  GET: REST_GET(config),
  HEAD: REST_GET(config),
  POST: REST_POST(config),
  PUT: REST_PUT(config),
  PATCH: REST_PATCH(config),
  DELETE: REST_DELETE(config),
  OPTIONS: REST_OPTIONS(config),
} as Record<string, (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>>
const objects = publicObjectsRoute(config)
const shared = shareLinkObjectsRoute(config)

const segments = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return segment
      }
    })

export type Page = (request: Request) => Promise<Response>

const standIn: Page = async () => new Response(NEXT_STAND_IN, { status: 200, headers: { 'Content-Type': 'text/html' } })

/** The route handler Next would call for the path, or the stand-in page. */
async function route(request: Request, page: Page): Promise<Response> {
  const { pathname } = new URL(request.url)
  const reads = request.method === 'GET' || request.method === 'HEAD'
  if (pathname.startsWith('/api/')) {
    const handler = REST[request.method]
    if (!handler) return new Response(null, { status: 405 })
    const response = await handler(request, { params: Promise.resolve({ slug: segments(pathname.slice('/api/'.length)) }) })
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response
  }
  const objectPath = /^\/public-objects\/(.+)$/.exec(pathname)
  if (objectPath && reads) return objects.GET(request, { params: Promise.resolve({ path: segments(objectPath[1]) }) })
  const sharePath = /^\/s\/([^/]+)\/o\/(.+)$/.exec(pathname)
  if (sharePath && reads) {
    return shared.GET(request, { params: Promise.resolve({ token: sharePath[1], path: segments(sharePath[2]) }) })
  }
  return page(request)
}

/** Next's handling of the proxy's answer (its x-middleware-* headers). */
export function appFetcher({ trustProxy, page = standIn }: { trustProxy?: string; page?: Page } = {}) {
  const proxy = galleryProxy({ trustProxy })
  return async function appFetch(request: Request): Promise<Response> {
    // Next's server has started Payload (src/instrumentation.ts) before it takes a request.
    await getPayload({ config })
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const proxied = await proxy(new NextRequest(request.url, { method: request.method, headers: request.headers, body }))
    const rewrite = proxied.headers.get('x-middleware-rewrite')
    const goesOn = rewrite || proxied.headers.has('x-middleware-next')
    if (!goesOn) return proxied
    const headers = new Headers(request.headers)
    const overridden = proxied.headers.get('x-middleware-override-headers')
    if (overridden !== null) {
      for (const name of [...headers.keys()]) headers.delete(name)
      for (const name of overridden.split(',').filter(Boolean)) {
        const value = proxied.headers.get(`x-middleware-request-${name}`)
        if (value !== null) headers.set(name, value)
      }
    }
    // An internal rewrite keeps the request's own origin (NextURL writes 127.0.0.1 as localhost).
    const target = rewrite ? new URL(new URL(rewrite).pathname + new URL(rewrite).search, request.url) : request.url
    const answer = await route(new Request(target, { method: request.method, headers, body }), page)
    const merged = new Headers()
    for (const [name, value] of proxied.headers) if (!name.startsWith('x-middleware-')) merged.set(name, value)
    for (const [name, value] of answer.headers) {
      if (name === 'set-cookie') continue
      merged.set(name, value)
    }
    for (const cookie of answer.headers.getSetCookie()) merged.append('set-cookie', cookie)
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: merged })
  }
}
