// The client's network address as the host server works it out: the TCP peer's, never a header
// a client can write. X-Forwarded-For is believed only when the peer is a proxy named in
// TRUST_PROXY, and then only for the hops those proxies appended (proxy-addr, as Express does
// it). The answer is stamped on the request for the services, with its proof
// (src/server/http/client-address.ts). The host a request was addressed to, which names its
// property, follows the same rule: X-Forwarded-Host only from a trusted proxy.
import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_PROOF_HEADER,
  clientAddressProof,
  UNKNOWN_CLIENT,
} from '../../server/http/client-address'

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

/**
 * Called by the host server for every request, before anything else reads the headers;
 * `secret` is Payload's (payload.secret), which the services check the proof with.
 */
export function stampClientAddress(req: IncomingMessage, trust: TrustProxy, secret: string): void {
  const address = clientAddressOf(req, trust)
  req.headers[CLIENT_ADDRESS_HEADER] = address
  req.headers[CLIENT_ADDRESS_PROOF_HEADER] = clientAddressProof(address, secret)
}

/** A host header's value lower-cased, without a port (`[::1]:3000` → `[::1]`); null when empty. */
function hostWithoutPort(value: string): string | null {
  const host = value.trim().toLowerCase()
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '')
  return bare || null
}

function firstHeaderValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  return first?.split(',')[0]
}

/**
 * The host the client addressed: the Host header, or the first X-Forwarded-Host when the socket
 * peer is a proxy `trust` names (as Express's req.hostname); lower-cased, without a port.
 */
export function requestHostOf(req: IncomingMessage, trust: TrustProxy): string | null {
  const peer = req.socket?.remoteAddress
  const forwarded = peer && trust(peer, 0) ? firstHeaderValue(req.headers['x-forwarded-host']) : undefined
  const host = forwarded?.trim() ? forwarded : req.headers.host
  return host ? hostWithoutPort(host) : null
}
