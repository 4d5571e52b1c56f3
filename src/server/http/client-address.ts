// Who is asking, by network address, for the per-address rate limits (sign-in, registration,
// upload URLs, load-time reports). The host server works the address out once per request
// (src/host/http/client-address.ts: the TCP peer, or behind TRUST_PROXY the first untrusted
// hop) and stamps it on a header of its own, overwriting whatever the client sent under that
// name; the endpoints behind Next read that header here. Without the host server in front
// (a plain `next start`) nothing can vouch for the header, so every caller shares one address.

export const CLIENT_ADDRESS_HEADER = 'x-gallery-client-address'
/** The shared key when no host server vouches for the address. */
export const UNKNOWN_CLIENT = 'unknown'

const HOST_SERVER = Symbol.for('property-gallery.host-server-stamps-client-address')
type Flagged = typeof globalThis & { [HOST_SERVER]?: boolean }

/** The host server (or a test standing in for it) declares that it stamps every request. */
export function declareHostServer(): void {
  ;(globalThis as Flagged)[HOST_SERVER] = true
}

/** The address the host server stamped, or the shared key when there is no host server. */
export function requestClientAddress(headers: Headers): string {
  if (!(globalThis as Flagged)[HOST_SERVER]) return UNKNOWN_CLIENT
  return headers.get(CLIENT_ADDRESS_HEADER) || UNKNOWN_CLIENT
}
