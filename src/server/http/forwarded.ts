// Who sent a request and to which host, from the headers Next hands the proxy (src/proxy.ts).
// Next's server sets X-Forwarded-For to the socket's address when the request has none, and the
// gallery's hook on the process's requests (server-requests.ts) appends the socket's address to
// one a client sent, as any proxy does: the last hop is always the peer that connected. From
// there the walk is proxy-addr's, as Express does it: X-Forwarded-For is believed only for the
// hops appended by proxies TRUST_PROXY names, so a header the client wrote never decides the
// address. The host a request was addressed to, which names its property, follows the same rule:
// X-Forwarded-Host only from a trusted proxy.
import proxyaddr from 'proxy-addr'
import { UNKNOWN_CLIENT } from './client-address'

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

/** The hops of X-Forwarded-For, nearest first: the peer that connected, then what it says it forwarded. */
function hopsOf(forwardedFor: string | null): string[] {
  return (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse()
}

/** The client's address: the peer, or the first untrusted hop behind trusted proxies. */
export function clientAddressFrom(headers: Headers, trust: TrustProxy): string {
  const hops = hopsOf(headers.get('x-forwarded-for'))
  if (!hops.length) return UNKNOWN_CLIENT
  let hop = 0
  while (hop < hops.length - 1 && trust(hops[hop], hop)) hop++
  return hops[hop]
}

/** A host header's value lower-cased, without a port (`[::1]:3000` → `[::1]`); null when empty. */
function hostWithoutPort(value: string): string | null {
  const host = value.trim().toLowerCase()
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '')
  return bare || null
}

/**
 * The host the client addressed: the Host header, or the first X-Forwarded-Host when the peer
 * is a proxy `trust` names (as Express's req.hostname); lower-cased, without a port.
 */
export function requestHostFrom(headers: Headers, trust: TrustProxy): string | null {
  const peer = hopsOf(headers.get('x-forwarded-for'))[0]
  const forwarded = peer && trust(peer, 0) ? headers.get('x-forwarded-host')?.split(',')[0] : undefined
  const host = forwarded?.trim() ? forwarded : headers.get('host')
  return host ? hostWithoutPort(host) : null
}

/**
 * What happens to a request before Next sees it (server-requests.ts): the socket's address
 * appended to X-Forwarded-For (Next's own server keeps a client's header as it was sent).
 */
export function appendPeer(forwardedFor: string | string[] | undefined, peer: string | undefined): string | undefined {
  if (!peer) return Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor
  const sent = Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor
  return sent?.trim() ? `${sent}, ${peer}` : peer
}
