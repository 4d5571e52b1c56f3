// The property a request is addressed to, as the proxy stamps it (docs/properties-design.md
// §2.6): the proxy resolves the `/p/{slug}` prefix or the Host header once per request and writes
// what it found on headers of its own, overwriting whatever a client sent under those names, with
// a proof beside them (the server's signature, ../security/signer.ts), as it does for the client's address
// (../http/client-address.ts). Payload's routes and the pages reached through Next see only the
// request's headers: the proof is how they know the proxy wrote them. A request that did not
// pass the proxy has no proof, and is the default property's.
import type { IncomingHttpHeaders } from 'node:http'
import { sign, verify } from '../security/signer'

export const PROPERTY_HEADER = 'x-gallery-property'
/** `/p/{slug}` when the request named the property by its prefix, else empty. */
export const PROPERTY_BASE_HEADER = 'x-gallery-property-base'
/** The property's domain when the request's host was one of them, else empty. */
export const PROPERTY_DOMAIN_HEADER = 'x-gallery-property-domain'
export const PROPERTY_PROOF_HEADER = 'x-gallery-property-proof'

export const STAMPED_HEADERS = [PROPERTY_HEADER, PROPERTY_BASE_HEADER, PROPERTY_DOMAIN_HEADER, PROPERTY_PROOF_HEADER] as const

/** How the host addressed a request: the property's id, and the prefix or domain that named it. */
export type StampedProperty = { id: string; basePath: '' | `/p/${string}`; domain: string }

function propertyProof({ id, basePath, domain }: StampedProperty, secret: string): string {
  return sign(secret, 'property', [id, basePath, domain])
}

/** The headers the host writes on a request it addressed. */
export function stampedHeaders(stamp: StampedProperty, secret: string): Record<(typeof STAMPED_HEADERS)[number], string> {
  return {
    [PROPERTY_HEADER]: stamp.id,
    [PROPERTY_BASE_HEADER]: stamp.basePath,
    [PROPERTY_DOMAIN_HEADER]: stamp.domain,
    [PROPERTY_PROOF_HEADER]: propertyProof(stamp, secret),
  }
}

const headerOf = (headers: Headers | IncomingHttpHeaders, name: string): string => {
  const value = headers instanceof Headers ? headers.get(name) : headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/** What the host stamped and proved, or null. */
export function stampedProperty(headers: Headers | IncomingHttpHeaders, secret: string): StampedProperty | null {
  const id = headerOf(headers, PROPERTY_HEADER)
  const basePath = headerOf(headers, PROPERTY_BASE_HEADER)
  if (!id || (basePath !== '' && !/^\/p\/[^/]+$/.test(basePath))) return null
  const stamp = { id, basePath: basePath as StampedProperty['basePath'], domain: headerOf(headers, PROPERTY_DOMAIN_HEADER) }
  const proof = headerOf(headers, PROPERTY_PROOF_HEADER)
  return verify(secret, 'property', [stamp.id, stamp.basePath, stamp.domain], proof) === 'valid' ? stamp : null
}

/** The property id the host stamped and proved, or null. */
export const stampedPropertyId = (headers: Headers | IncomingHttpHeaders, secret: string): string | null =>
  stampedProperty(headers, secret)?.id ?? null
