// The client address the rate limits key on: the socket's, unless a proxy named in TRUST_PROXY
// forwarded the request; a header the client wrote never decides it, and the services believe
// only an address the host proved.
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_PROOF_HEADER,
  clientAddressProof,
  requestClientAddress,
  UNKNOWN_CLIENT,
} from '../../src/server/http/client-address'
import { clientAddressOf, stampClientAddress, trustProxyFrom } from '../../src/host/http/client-address'

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, connection: { remoteAddress }, headers }) as unknown as IncomingMessage

const SECRET = 'a test secret'

describe('client address', () => {
  it('is the socket address when no proxy is trusted, whatever the headers say', () => {
    const trust = trustProxyFrom(undefined)
    const forged = request('192.0.2.10', { 'x-forwarded-for': '198.51.100.1, 198.51.100.2', 'x-real-ip': '198.51.100.3' })
    expect(clientAddressOf(forged, trust)).toBe('192.0.2.10')
    expect(clientAddressOf(forged, trustProxyFrom('false'))).toBe('192.0.2.10')
  })

  it('follows X-Forwarded-For only through trusted proxies, and no further', () => {
    const trust = trustProxyFrom('loopback, 10.0.0.0/8')
    // The client forged the first entry; the proxy at 10.1.2.3 appended the real peer.
    const viaTwo = request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.1.2.3' })
    expect(clientAddressOf(viaTwo, trust)).toBe('203.0.113.5')
    // A direct caller outside the trusted ranges is believed about nothing.
    expect(clientAddressOf(request('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }), trust)).toBe('203.0.113.9')
  })

  it('overwrites a stamped address the client sent itself', () => {
    const req = request('192.0.2.44', { [CLIENT_ADDRESS_HEADER]: '1.1.1.1' })
    stampClientAddress(req, trustProxyFrom(undefined), SECRET)
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe('192.0.2.44')
  })

  it('is believed by the services only with the proof the host stamped beside it', () => {
    const req = request('192.0.2.44', { [CLIENT_ADDRESS_PROOF_HEADER]: 'forged' })
    stampClientAddress(req, trustProxyFrom(undefined), SECRET)
    const asServices = (headers: Record<string, string>) =>
      requestClientAddress({ headers: new Headers(headers), payload: { secret: SECRET } })
    const stamped = req.headers as Record<string, string>
    expect(asServices(stamped)).toBe('192.0.2.44')
    // Without the host server in front (or with another secret) a client's header is worth nothing.
    expect(asServices({ [CLIENT_ADDRESS_HEADER]: '1.1.1.1' })).toBe(UNKNOWN_CLIENT)
    expect(asServices({ ...stamped, [CLIENT_ADDRESS_HEADER]: '1.1.1.1' })).toBe(UNKNOWN_CLIENT)
    expect(
      asServices({ [CLIENT_ADDRESS_HEADER]: '1.1.1.1', [CLIENT_ADDRESS_PROOF_HEADER]: clientAddressProof('1.1.1.1', 'other') }),
    ).toBe(UNKNOWN_CLIENT)
  })

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => trustProxyFrom('not-an-address')).toThrow(/TRUST_PROXY/)
  })
})
