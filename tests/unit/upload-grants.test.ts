import { describe, expect, it } from 'vitest'
import { GRANT_VALIDITY_MS, issueGrant, verifyGrant } from '../../src/server/storage/upload-grants'

const SECRET = 'test secret'
const KEY = 'originals/6f1c2a4e-1b2c-4d3e-8f90-123456789abc/pool.jpg'

describe('upload grants', () => {
  it('accept the key and type they were issued for', () => {
    expect(verifyGrant(SECRET, issueGrant(SECRET, KEY, 'image/jpeg'), KEY, 'image/jpeg')).toBe('valid')
  })

  it('refuse another key, another type, another secret or a forged token', () => {
    const grant = issueGrant(SECRET, KEY, 'image/jpeg')
    expect(verifyGrant(SECRET, grant, KEY.replace('pool', 'spa'), 'image/jpeg')).toBe('invalid')
    expect(verifyGrant(SECRET, grant, KEY, 'video/mp4')).toBe('invalid')
    expect(verifyGrant('other secret', grant, KEY, 'image/jpeg')).toBe('invalid')
    expect(verifyGrant(SECRET, 'garbage', KEY, 'image/jpeg')).toBe('invalid')
    expect(verifyGrant(SECRET, `${Date.now() + 1e9}.${grant.split('.')[1]}`, KEY, 'image/jpeg')).toBe('invalid')
  })

  it('expire after a day', () => {
    const issuedAt = Date.now()
    const grant = issueGrant(SECRET, KEY, 'image/jpeg', issuedAt)
    expect(verifyGrant(SECRET, grant, KEY, 'image/jpeg', issuedAt + GRANT_VALIDITY_MS + 1)).toBe('expired')
  })
})
