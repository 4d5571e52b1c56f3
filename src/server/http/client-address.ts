// Who is asking, by network address, for the per-address rate limits (sign-in, registration,
// upload URLs, load-time reports). The address is the TCP peer's, never a header a client can
// write: X-Forwarded-For is believed only when the peer is a proxy named in TRUST_PROXY, and
// then only for the hops those proxies appended (proxy-addr, as Express does it).
// The host server (src/server/serve.ts) works the address out once per request and stamps it
// on a header of its own, overwriting whatever the client sent under that name; the endpoints
// behind Next read that header. Without the host server in front (a plain `next start`)
// nothing can vouch for the header, so every caller shares one address.
import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'

export const CLIENT_ADDRESS_HEADER = 'x-gallery-client-address'
/** The shared key when no host server vouches for the address. */
export const UNKNOWN_CLIENT = 'unknown'

const HOST_SERVER = Symbol.for('property-gallery.host-server-stamps-client-address')
type Flagged = typeof globalThis & { [HOST_SERVER]?: boolean }

export type TrustProxy = (address: string, hop: number) => boolean

/**
 * TRUST_PROXY: unset (trust no proxy), or a comma-separated list of proxy addresses, CIDR ranges
 * or the names `loopback`, `linklocal`, `uniquelocal` (e.g. `loopback` behind a proxy on the
 * same machine, `10.0.0.0/8` behind a load balancer in a private network).
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!entries.length || (entries.length === 1 && ['false', '0'].includes(entries[0]))) return () => false
  try {
    return proxyaddr.compile(entries)
  } catch (error) {
    throw new Error(`Invalid configuration: TRUST_PROXY: ${(error as Error).message}`)
  }
}

/** The client's address: the socket peer, or the first untrusted hop behind trusted proxies. */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxy): string {
  if (!req.socket?.remoteAddress) return UNKNOWN_CLIENT
  return proxyaddr(req as Parameters<typeof proxyaddr>[0], trust)
}

/** Called by the host server for every request, before anything else reads the headers. */
export function stampClientAddress(req: IncomingMessage, trust: TrustProxy): void {
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, trust)
}

/** The host server (or a test standing in for it) declares that it stamps every request. */
export function declareHostServer(): void {
  ;(globalThis as Flagged)[HOST_SERVER] = true
}

/** The address the host server stamped, or the shared key when there is no host server. */
export function requestClientAddress(headers: Headers): string {
  if (!(globalThis as Flagged)[HOST_SERVER]) return UNKNOWN_CLIENT
  return headers.get(CLIENT_ADDRESS_HEADER) || UNKNOWN_CLIENT
}
