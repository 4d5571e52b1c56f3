// Who is asking, by network address, for the per-address rate limits (sign-in, registration,
// upload URLs, load-time reports). The proxy works the address out once per request
// (forwarded.ts: the peer, or behind TRUST_PROXY the first untrusted hop) and stamps it on a
// header of its own, overwriting whatever the client sent under that name, with a proof beside
// it: the server's signature of the address (../security/signer.ts). Routes see only the request's headers; the
// proof is how the services know the proxy wrote them. A request that did not pass the proxy has
// no proof, and shares one address with every other such caller.
import type { Payload } from 'payload'
import { sign, verify } from '../security/signer'

export const CLIENT_ADDRESS_HEADER = 'x-gallery-client-address'
export const CLIENT_ADDRESS_PROOF_HEADER = 'x-gallery-client-address-proof'
/** The shared key when no proxy vouched for the address. */
export const UNKNOWN_CLIENT = 'unknown'

/** The proof the host stamps beside an address; `secret` is Payload's (payload.secret). */
export function clientAddressProof(address: string, secret: string): string {
  return sign(secret, 'client-address', [address])
}

/** The address the proxy stamped and proved, or the shared key when none did. */
export function requestClientAddress(req: { headers: Headers; payload: Pick<Payload, 'secret'> }): string {
  const address = req.headers.get(CLIENT_ADDRESS_HEADER)
  if (!address) return UNKNOWN_CLIENT
  const proof = req.headers.get(CLIENT_ADDRESS_PROOF_HEADER) ?? ''
  return verify(req.payload.secret, 'client-address', [address], proof) === 'valid' ? address : UNKNOWN_CLIENT
}
