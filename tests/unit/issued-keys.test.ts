import { describe, expect, it } from 'vitest'
import { isIssuedOriginalKey, isOriginalKey, issueOriginalKey } from '../../src/server/storage/keys'

const SECRET = 'a secret for the tests only'

describe('issued original keys', () => {
  it('are recognised by the server that issued them', () => {
    const key = issueOriginalKey(SECRET, 'Pool at dusk.jpg')
    expect(key).toMatch(/^originals\/[0-9a-f-]{36}\/Pool_at_dusk\.jpg$/)
    expect(isOriginalKey(key)).toBe(true)
    expect(isIssuedOriginalKey(SECRET, key)).toBe(true)
  })

  it('are unique per call', () => {
    expect(issueOriginalKey(SECRET, 'a.jpg')).not.toBe(issueOriginalKey(SECRET, 'a.jpg'))
  })

  it('refuse keys another secret issued, renamed keys, made-up ids and other prefixes', () => {
    const key = issueOriginalKey(SECRET, 'pool.jpg')
    expect(isIssuedOriginalKey('another secret', key)).toBe(false)
    expect(isIssuedOriginalKey(SECRET, key.replace('pool.jpg', 'spa.jpg'))).toBe(false)
    expect(isIssuedOriginalKey(SECRET, 'originals/6f1c2a4e-1b2c-4d3e-8f90-123456789abc/pool.jpg')).toBe(false)
    expect(isIssuedOriginalKey(SECRET, key.replace('originals/', 'backups/'))).toBe(false)
    expect(isIssuedOriginalKey(SECRET, `${key.split('/').slice(0, 2).join('/')}/../../backups/db.json`)).toBe(false)
  })
})
