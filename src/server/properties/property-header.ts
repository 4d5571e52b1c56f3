// The property a request is addressed to, as the host server stamps it (docs/properties-design.md
// §2.6): the host resolves the `/p/{slug}` prefix or the Host header once per request and writes
// the property's id on a header of its own, overwriting whatever a client sent under that name,
// with a proof beside it (an HMAC of the id under Payload's secret), as it does for the client's
// address (../http/client-address.ts). Payload's routes reached through Next see only the
// request's headers: the proof is how they know the host wrote the id. Without the host in front
// (a plain `next start`) no id has a proof, and every request is the default property's.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const PROPERTY_HEADER = 'x-gallery-property'
export const PROPERTY_PROOF_HEADER = 'x-gallery-property-proof'

export function propertyProof(propertyId: string, secret: string): string {
  return createHmac('sha256', secret).update(`property:${propertyId}`).digest('base64url')
}

/** The property id the host stamped and proved, or null. */
export function stampedPropertyId(headers: Headers, secret: string): string | null {
  const id = headers.get(PROPERTY_HEADER)
  if (!id) return null
  const proof = Buffer.from(headers.get(PROPERTY_PROOF_HEADER) ?? '')
  const expected = Buffer.from(propertyProof(id, secret))
  return proof.length === expected.length && timingSafeEqual(proof, expected) ? id : null
}
