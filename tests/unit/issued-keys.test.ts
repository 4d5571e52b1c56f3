import { describe, expect, it } from 'vitest'
import { isIssuedOriginalKey, isOriginalKey, issueOriginalKey } from '../../src/server/storage/keys'

const SECRET = 'a secret for the tests only'
const OWNER = { account: '17', property: '0b6f3c1e-8d2a-4f4e-9a51-3c2d1e0f9a11' }

describe('issued original keys', () => {
  it('are recognised by the server that issued them, for whom it issued them', () => {
    const key = issueOriginalKey(SECRET, 'Pool at dusk.jpg', OWNER)
    expect(key).toMatch(/^originals\/[0-9a-f-]{36}\/Pool_at_dusk\.jpg$/)
    expect(isOriginalKey(key)).toBe(true)
    expect(isIssuedOriginalKey(SECRET, key, { ...OWNER })).toBe(true)
  })

  it('are unique per call', () => {
    expect(issueOriginalKey(SECRET, 'a.jpg', OWNER)).not.toBe(issueOriginalKey(SECRET, 'a.jpg', OWNER))
  })

  it('refuse keys another secret issued, renamed keys, made-up ids and other prefixes', () => {
    const key = issueOriginalKey(SECRET, 'pool.jpg', OWNER)
    expect(isIssuedOriginalKey('another secret', key, OWNER)).toBe(false)
    expect(isIssuedOriginalKey(SECRET, key.replace('pool.jpg', 'spa.jpg'), OWNER)).toBe(false)
    expect(isIssuedOriginalKey(SECRET, 'originals/6f1c2a4e-1b2c-4d3e-8f90-123456789abc/pool.jpg', OWNER)).toBe(false)
    expect(isIssuedOriginalKey(SECRET, key.replace('originals/', 'backups/'), OWNER)).toBe(false)
    expect(isIssuedOriginalKey(SECRET, `${key.split('/').slice(0, 2).join('/')}/../../backups/db.json`, OWNER)).toBe(false)
  })

  it('refuse a key issued to another account, or in another property', () => {
    const key = issueOriginalKey(SECRET, 'pool.jpg', OWNER)
    expect(isIssuedOriginalKey(SECRET, key, { ...OWNER, account: '18' })).toBe(false)
    expect(isIssuedOriginalKey(SECRET, key, { ...OWNER, property: '7d1e2f3a-4b5c-4d6e-8f70-112233445566' })).toBe(false)
  })
})
