// The client address the rate limits key on: the socket's, unless a proxy named in TRUST_PROXY
// forwarded the request; a header the client wrote never decides it, and the services believe
// only an address the host proved.
import { describe, expect, it } from 'vitest'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_PROOF_HEADER,
  clientAddressProof,
  requestClientAddress,
  UNKNOWN_CLIENT,
} from '../../src/server/http/client-address'
import { appendPeer, clientAddressFrom, trustProxyFrom } from '../../src/server/http/forwarded'

/** The headers the proxy sees once the server appended the peer's address to X-Forwarded-For. */
const request = (peer: string, headers: Record<string, string> = {}) =>
  new Headers({ ...headers, 'x-forwarded-for': appendPeer(headers['x-forwarded-for'], peer)! })

const SECRET = 'a test secret'

describe('client address', () => {
  it('is the socket address when no proxy is trusted, whatever the headers say', () => {
    const trust = trustProxyFrom(undefined)
    const forged = request('192.0.2.10', { 'x-forwarded-for': '198.51.100.1, 198.51.100.2', 'x-real-ip': '198.51.100.3' })
    expect(clientAddressFrom(forged, trust)).toBe('192.0.2.10')
    expect(clientAddressFrom(forged, trustProxyFrom('false'))).toBe('192.0.2.10')
  })

  it('follows X-Forwarded-For only through trusted proxies, and no further', () => {
    const trust = trustProxyFrom('loopback, 10.0.0.0/8')
    // The client forged the first entry; the proxy at 10.1.2.3 appended the real peer.
    const viaTwo = request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.1.2.3' })
    expect(clientAddressFrom(viaTwo, trust)).toBe('203.0.113.5')
    // A direct caller outside the trusted ranges is believed about nothing.
    expect(clientAddressFrom(request('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }), trust)).toBe('203.0.113.9')
  })

  it('is believed by the services only with the proof the proxy stamped beside it', () => {
    const asServices = (headers: Record<string, string>) =>
      requestClientAddress({ headers: new Headers(headers), payload: { secret: SECRET } })
    const stamped = { [CLIENT_ADDRESS_HEADER]: '192.0.2.44', [CLIENT_ADDRESS_PROOF_HEADER]: clientAddressProof('192.0.2.44', SECRET) }
    expect(asServices(stamped)).toBe('192.0.2.44')
    // A client's own header is worth nothing without the proof, or with one under another secret.
    expect(asServices({ [CLIENT_ADDRESS_HEADER]: '1.1.1.1' })).toBe(UNKNOWN_CLIENT)
    expect(asServices({ ...stamped, [CLIENT_ADDRESS_HEADER]: '1.1.1.1' })).toBe(UNKNOWN_CLIENT)
    expect(
      asServices({ [CLIENT_ADDRESS_HEADER]: '1.1.1.1', [CLIENT_ADDRESS_PROOF_HEADER]: clientAddressProof('1.1.1.1', 'other') }),
    ).toBe(UNKNOWN_CLIENT)
  })

  it('appends the peer to what a client sent, as a proxy does', () => {
    expect(appendPeer(undefined, '192.0.2.1')).toBe('192.0.2.1')
    expect(appendPeer('198.51.100.1', '192.0.2.1')).toBe('198.51.100.1, 192.0.2.1')
    expect(appendPeer(['198.51.100.1', '198.51.100.2'], '192.0.2.1')).toBe('198.51.100.1, 198.51.100.2, 192.0.2.1')
  })

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => trustProxyFrom('not-an-address')).toThrow(/TRUST_PROXY/)
  })
})
