// What every request goes through before a page, a route handler or Payload answers it: Next's
// proxy (src/proxy.ts calls this; a host app's proxy.ts does the same). In order:
//   - what a client wrote under the gallery's own header names is dropped;
//   - a NUL character anywhere in the address is refused (PostgreSQL cannot store or compare it);
//   - the property is found (docs/properties-design.md §2.6): the `/p/{slug}` prefix on any host,
//     else the Host header (a forwarded host only from a proxy TRUST_PROXY names), else the default
//     property; a prefixed path is served as its bare one (`/p/lodge/api/sections` is
//     `/api/sections` of the Lodge), and an unknown slug answers 404;
//   - routes the product does not use are not served (CLOSED_ROUTES);
//   - a body on a mutating API call must say what it is: JSON, a multipart form (Payload's upload
//     editor), or the urlencoded form Payload's admin sends with its method-override header (its
//     relationship fields read their options that way). A text/plain body, or a form without that
//     header, is what a cross-site page can send without a preflight;
//   - anonymous visitors of /admin go to the product's /login (spec §2 protected route);
//   - a share link's page is let through only while the link is live, and counted;
//   - the client's address and the property are stamped on the request with their proofs, for
//     Payload's routes and the pages (client-address.ts, property-header.ts);
//   - every answer carries the security headers, the embed view's naming the origins its own
//     property lets frame it (security-headers.ts).
import { NextResponse, type NextRequest } from 'next/server'
import type { Payload } from 'payload'
import { hrefFor, type PropertyBasePath } from '../../lib/api/property-base'
import { deviceClassFromUserAgent } from '../../lib/device'
import { isCachedPublicPage, sitePagePath, type SiteKey } from '../properties/site-key'
import { siteOrigin } from '../properties/site-origin'
import { sessionCookieName } from '../auth/request-user'
import { readVersion } from '../cache/read-version'
import { utcDay } from '../metrics/page-token'
import { normalizeDomain } from '../../lib/property-slug'
import { readEnv } from '../env'
import { defaultPropertyScope, propertyScopeById } from '../properties/default-property'
import { currentDirectory } from '../properties/directory'
import { PROPERTY_DOMAIN_HEADER, STAMPED_HEADERS, stampedHeaders, stampedProperty } from '../properties/property-header'
import { resolveProperty, type AddressableProperty } from '../properties/resolve'
import { countShareLinkOpen, findShareLink } from '../share-links/share-links'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_PROOF_HEADER,
  clientAddressProof,
  requestClientAddress,
  UNKNOWN_CLIENT,
} from './client-address'
import { clientAddressFrom, requestHostFrom, trustProxyFrom } from './forwarded'
import { galleryRuntime } from './gallery-runtime'
import { pageEtag } from './page-encodings'
import { isNotModified } from './prepared-answer'
import { pageSecurityHeaders, storeOrigins } from './security-headers'
import { unavailableAnswer } from './unavailable'

/** Routes the product does not serve, matched on the decoded, lower-cased path (and method). */
export const CLOSED_ROUTES: Array<{ path: RegExp; methods?: string[] }> = [
  // The public pages use the stored renditions; the optimiser would keep serving a photo after
  // it is hidden, from its own cache.
  { path: /^\/_next\/image(\/|$)/ },
  // Payload's job queue, migration and key-value routes.
  { path: /^\/api\/payload-(jobs|migrations|kv)(\/|$)/ },
  { path: /^\/api\/graphql(-playground)?(\/|$)/ },
  // The cached public pages' own paths: only the proxy rewrites to them (../properties/site-key.ts).
  { path: /^\/site(\/|$)/ },
  // The Open Graph image Payload's Next routes add: it draws whatever title a query names.
  { path: /^\/api\/og(\/|$)/ },
  // No collection keeps versions; e-mail verification is not enabled.
  { path: /^\/api\/[^/]+\/versions(\/|$)/ },
  { path: /^\/api\/[^/]+\/verify(\/|$)/ },
  // Upload from a pasted URL: the server would fetch any address it is given.
  { path: /^\/api\/[^/]+\/paste-url(\/|$)/ },
  // The admin never deletes its preferences; Payload answers a missing one with a 500.
  { path: /^\/api\/payload-preferences(\/|$)/, methods: ['DELETE'] },
]

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODY_TYPES = ['application/json', 'multipart/form-data']
/** Payload's admin reads with a POST of a urlencoded form when the query is long (its relationship fields). */
const METHOD_OVERRIDE_HEADER = 'x-payload-http-method-override'
const FORM_TYPE = 'application/x-www-form-urlencoded'

const SHARE_PAGE = /^\/s\/([A-Za-z0-9_-]{43})\/?$/

const GONE: Record<'expired' | 'revoked' | 'missing', { status: number; text: string }> = {
  expired: { status: 410, text: 'This link has expired.' },
  revoked: { status: 410, text: 'This link was revoked.' },
  missing: { status: 404, text: 'There is no such link.' },
}

const json = (status: number, message: string) =>
  NextResponse.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } })

function plainPage({ status, text }: { status: number; text: string }) {
  return new NextResponse(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0"><main><h1>${text}</h1><p>Ask whoever sent it for a new one.</p></main></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

const isClosed = (method: string, pathname: string) =>
  CLOSED_ROUTES.some((route) => route.path.test(pathname) && (!route.methods || route.methods.includes(method)))

const hasBody = (headers: Headers) => Number(headers.get('content-length') ?? 0) > 0 || headers.has('transfer-encoding')

/** The refusal of a request no route may see, or null. `pathname` is the bare path, decoded and lower-cased. */
function refusal(method: string, pathname: string, headers: Headers): NextResponse | null {
  if (isClosed(method, pathname.replace(/\/+/g, '/'))) return json(404, 'Not found.')
  if (MUTATING.has(method) && pathname.startsWith('/api/') && hasBody(headers)) {
    const type = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    const payloadAdminRead = type === FORM_TYPE && headers.get(METHOD_OVERRIDE_HEADER)?.toUpperCase() === 'GET'
    if (!BODY_TYPES.includes(type) && !payloadAdminRead) {
      return json(415, 'Send the request body as JSON (Content-Type: application/json).')
    }
  }
  return null
}

/**
 * What the proxy refuses of a request to `path` (its raw path and query, after any `/p/{slug}`
 * prefix was taken off): a NUL character, an address that does not decode, a closed route, a body
 * that does not say what it is. Null when it may go on.
 */
export function refuseRequest(method: string, path: string, headers: Headers): NextResponse | null {
  if (/%00|\u0000/i.test(path)) return json(400, 'The address contains a NUL character.')
  const queryAt = path.indexOf('?')
  const decoded = decodedPath(queryAt === -1 ? path : path.slice(0, queryAt))
  if (decoded === null) return json(400, 'The address is not valid.')
  return refusal(method, decoded, headers)
}

/** The raw path: `/%00` must be seen before anything decodes it. */
function rawPathOf(url: string): string {
  const afterScheme = url.indexOf('//')
  const pathStart = url.indexOf('/', afterScheme + 2)
  return pathStart === -1 ? '/' : url.slice(pathStart)
}

function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).toLowerCase()
  } catch {
    return null
  }
}

/** A service outage's 503 (a page for a person asking for one), or the error thrown on. */
function outage(error: unknown, apiCall: boolean, accept: string): Response {
  const answer = unavailableAnswer(error, { page: !apiCall && accept.includes('text/html') })
  if (!answer) throw error
  return answer
}

type Options = {
  /** Proxies whose X-Forwarded-For and X-Forwarded-Host are believed (TRUST_PROXY's syntax). @default process.env.TRUST_PROXY */
  trustProxy?: string
}

export function galleryProxy({ trustProxy = process.env.TRUST_PROXY }: Options = {}) {
  const trust = trustProxyFrom(trustProxy)
  const dev = process.env.NODE_ENV !== 'production'
  const connect = storeOrigins(readEnv())

  // Every answer carries the security headers: the proxy's own refusals too.
  return async function proxy(request: NextRequest): Promise<Response> {
    const response = await address(request)
    if (!response.headers.has('content-security-policy')) withSecurityHeaders(response, request.nextUrl.pathname, [], { connect, dev })
    return response
  }

  async function address(request: NextRequest): Promise<Response> {
    const rawPath = rawPathOf(request.url)
    if (/%00|\u0000/i.test(rawPath)) return json(400, 'The address contains a NUL character.')
    const payload = galleryRuntime()
    if (!payload) return json(503, 'The gallery is starting. Please try again in a moment.')

    // A rewrite whose origin is not the one Next gives itself goes out as an HTTP request of its
    // own and comes back through here: what the first pass stamped and proved stands (a client
    // cannot forge the proofs). The launcher names the server so that ours stay inside (src/host/entries.ts).
    const stamped = stampedProperty(request.headers, payload.secret)
    if (stamped && requestClientAddress({ headers: request.headers, payload }) !== UNKNOWN_CLIENT) {
      const property = (await currentDirectory(payload).catch(() => null))?.byId.get(stamped.id)
      // A cached page's path names its key first (/site/{key}/embed is the embed view).
      const path = request.nextUrl.pathname.replace(/^\/site\/[^/]+/, '') || '/'
      return withSecurityHeaders(NextResponse.next(), path, property?.embedOrigins ?? [], { connect, dev })
    }

    const headers = new Headers(request.headers)
    for (const name of [...STAMPED_HEADERS, CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER]) headers.delete(name)
    const address = clientAddressFrom(request.headers, trust)
    headers.set(CLIENT_ADDRESS_HEADER, address)
    headers.set(CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof(address, payload.secret))

    const { pathname, search } = request.nextUrl
    const prefixed = /^\/p\/[^/]+/.test(pathname)
    const apiCall = /^(\/p\/[^/]+)?\/api(\/|$)/.test(pathname)
    let property: AddressableProperty | null = null
    let barePath = pathname
    let basePath: PropertyBasePath = ''
    try {
      const host = requestHostFrom(request.headers, trust)
      let directory = await currentDirectory(payload)
      let resolution = resolveProperty(directory, { host, path: pathname })
      // A property created a moment ago: the kept list may not have it yet.
      if (resolution.kind === 'unknown-slug') {
        directory = await currentDirectory(payload, { fresh: true })
        resolution = resolveProperty(directory, { host, path: pathname })
      }
      if (resolution.kind === 'unknown-slug') {
        if (apiCall) return json(404, `There is no property "${resolution.slug}".`)
        // Next answers the path as it is, which no page claims: the 404 page, of the default property.
      } else {
        property = resolution.property
        barePath = resolution.path
        basePath = resolution.basePath
        const named = basePath ? null : normalizeDomain(host)
        const domain = named !== null && directory.byDomain.get(named) === property ? named : ''
        for (const [name, value] of Object.entries(stampedHeaders({ id: property.id, basePath, domain }, payload.secret))) {
          headers.set(name, value)
        }
      }
    } catch (error) {
      // The database is out and no directory was ever read: a prefixed request cannot be
      // addressed; any other goes on as the default property's, and answers what it can
      // without the database (a visitor's "nobody signed in").
      if (prefixed) return outage(error, apiCall, request.headers.get('accept') ?? '')
    }

    const refused = refuseRequest(request.method, barePath, request.headers)
    if (refused) return refused

    if (/^\/admin(\/|$)/.test(barePath) && !request.cookies.has(sessionCookieName(payload))) {
      const login = request.nextUrl.clone()
      login.pathname = hrefFor(basePath, '/login')
      login.search = `?next=${encodeURIComponent(pathname + search)}`
      return NextResponse.redirect(login)
    }

    const extra: Record<string, string> = {}
    const sharePage = SHARE_PAGE.exec(barePath)
    if (sharePage && (request.method === 'GET' || request.method === 'HEAD') && property) {
      const gate = await shareLinkGate(payload, property.id, sharePage[1], request.headers).catch((error: unknown) =>
        outage(error, false, request.headers.get('accept') ?? ''),
      )
      if (gate) return gate
      extra['X-Robots-Tag'] = 'noindex'
      extra['Cache-Control'] = 'private, no-store'
    }

    // A public page is served from Next's cache, under the key of what it shows (../properties/site-key.ts).
    let target = barePath
    if (property && (request.method === 'GET' || request.method === 'HEAD') && isCachedPublicPage(barePath)) {
      const key = await publicPageKey(payload, property.id, basePath, headers).catch(
        (error: unknown) => outage(error, false, request.headers.get('accept') ?? ''),
      )
      if (key instanceof Response) return key
      target = sitePagePath(key, barePath)
      // Next would say `s-maxage` of a year (the page under its key never changes), but the address
      // the visitor asked for shows something else after the next write: a shared cache in front
      // would go on showing a photo the manager has hidden. Each use asks again.
      extra['Cache-Control'] = 'public, no-cache'
      // The answer under a key is fixed, so its ETag is the key's: a browser asking again gets 304
      // here while nothing changed, and the server sends a page's compressed bytes from a memo
      // (page-encodings.ts). Next's own ETag, a hash over the whole HTML at every request, is off
      // (next.config.ts `generateEtags`). A client navigation's RSC answer gets the same ETag (Next
      // hides its headers from the proxy); the answers say `Vary: rsc`, so a browser only revalidates
      // a stored answer of the same kind.
      const etag = pageEtag(target + search)
      extra.ETag = etag
      if (isNotModified(request.headers.get('if-none-match'), etag)) {
        const notModified = new NextResponse(null, { status: 304, headers: extra })
        return withSecurityHeaders(notModified, barePath, property.embedOrigins ?? [], { connect, dev })
      }
    }
    const response =
      target === pathname
        ? NextResponse.next({ request: { headers } })
        : NextResponse.rewrite(new URL(target + search, request.url), { request: { headers } })
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value)
    return withSecurityHeaders(response, barePath, property?.embedOrigins ?? [], { connect, dev })
  }
}

function withSecurityHeaders<R extends Response>(
  response: R,
  path: string,
  embedOrigins: readonly string[],
  options: { connect: string[]; dev: boolean },
): R {
  for (const [name, value] of Object.entries(pageSecurityHeaders({ path, embedOrigins, ...options }))) response.headers.set(name, value)
  return response
}

/** The cache key of a public page of the property, as the visitor reached it (../properties/site-key.ts). */
async function publicPageKey(payload: Payload, propertyId: string, basePath: PropertyBasePath, headers: Headers): Promise<SiteKey> {
  const scope = (await propertyScopeById(payload, propertyId)) ?? (await defaultPropertyScope(payload))
  return {
    property: scope.id,
    version: await readVersion(payload, scope),
    basePath,
    origin: siteOrigin(headers, headers.get(PROPERTY_DOMAIN_HEADER) ?? '').origin,
    device: deviceClassFromUserAgent(headers.get('user-agent')),
    day: utcDay(),
  }
}

/** A share link's page: null while the link is live (the open is counted), else the page saying why not. */
async function shareLinkGate(payload: Payload, propertyId: string, token: string, headers: Headers): Promise<Response | null> {
  const scope = (await propertyScopeById(payload, propertyId)) ?? (await defaultPropertyScope(payload))
  const opened = await findShareLink(payload, scope, token)
  if (opened.state !== 'live') return plainPage(GONE[opened.state])
  // Only a document load is an opening: a client-side navigation's or a prefetch's fetch says
  // `Sec-Fetch-Dest: empty` (Next hides its own `rsc` and router headers from the proxy). A client
  // that sends no Sec-Fetch headers counts.
  const destination = headers.get('sec-fetch-dest')
  if (!destination || destination === 'document') await countShareLinkOpen(payload, scope, opened.link.id)
  return null
}
