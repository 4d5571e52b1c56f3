import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sign, verify } from '../../src/server/security/signer'

const SECRET = 'a secret for the tests only'

describe('the signer', () => {
  it('signs with HMAC-SHA256 under the secret, over the purpose and each field with its length', () => {
    const expected = createHmac('sha256', SECRET).update('property').update('\n3:abc').update('\n0:').update('\n7:example').digest('base64url')
    expect(sign(SECRET, 'property', ['abc', '', 'example'])).toBe(expected)
  })

  it('accepts its own signature, and nothing signed for another purpose, fields or secret', () => {
    const signature = sign(SECRET, 'client-address', ['203.0.113.7'])
    expect(verify(SECRET, 'client-address', ['203.0.113.7'], signature)).toBe('valid')
    expect(verify(SECRET, 'property', ['203.0.113.7'], signature)).toBe('forged')
    expect(verify(SECRET, 'client-address', ['203.0.113.8'], signature)).toBe('forged')
    expect(verify('another secret', 'client-address', ['203.0.113.7'], signature)).toBe('forged')
    expect(verify(SECRET, 'client-address', ['203.0.113.7'], signature.slice(1))).toBe('forged')
    expect(verify(SECRET, 'client-address', ['203.0.113.7'], '')).toBe('forged')
  })

  it('keeps fields apart: two fields never sign as one that joins them', () => {
    expect(sign(SECRET, 'property', ['a:b', 'c'])).not.toBe(sign(SECRET, 'property', ['a', 'b:c']))
    expect(sign(SECRET, 'property', ['ab'])).not.toBe(sign(SECRET, 'property', ['a', 'b']))
  })

  it('says a signature past its expiry is expired, and one still in time valid', () => {
    const expires = 1_900_000_000
    const signature = sign(SECRET, 'export-download', ['run', 'property', expires])
    expect(verify(SECRET, 'export-download', ['run', 'property', expires], signature, { expires, now: expires * 1000 })).toBe('valid')
    expect(verify(SECRET, 'export-download', ['run', 'property', expires], signature, { expires, now: expires * 1000 + 1 })).toBe('expired')
    expect(verify(SECRET, 'export-download', ['run', 'property', expires + 60], signature, { expires: expires + 60, now: 0 })).toBe('forged')
  })

  it('keeps the start of a signature in the encoding asked for', () => {
    const hex = sign(SECRET, 'original-key', ['nonce', 'pool.jpg'], { encoding: 'hex', length: 16 })
    expect(hex).toMatch(/^[0-9a-f]{16}$/)
    expect(verify(SECRET, 'original-key', ['nonce', 'pool.jpg'], hex, { encoding: 'hex', length: 16 })).toBe('valid')
  })

  it('signs nothing without a secret, and believes nothing', () => {
    expect(() => sign('', 'load-times', ['p', 1])).toThrow('Nothing can be signed without the server secret.')
    expect(verify('', 'load-times', ['p', 1], 'x')).toBe('forged')
  })
})
