// The load-time token public pages carry: made from the server secret, the page's property and the
// UTC day, taken for today and yesterday only, and never for another secret, another property or
// a tampered signature.
import { describe, expect, it } from 'vitest'
import { isValidLoadTimesToken, loadTimesToken } from '../../src/server/metrics/page-token'

const SECRET = 'a server secret of some length'
const PROPERTY = '0b7f6c1e-2d3a-4e5f-9a8b-7c6d5e4f3a21'
const OTHER_PROPERTY = 'd2c1b0a9-8f7e-4d6c-b5a4-392817263544'
const NOON = Date.UTC(2026, 10, 22, 12, 0, 0)
const DAY = 24 * 60 * 60 * 1000

describe('load-time page tokens', () => {
  it('names the UTC day it was made on (2026-11-22 is day 20,779 of the Unix epoch)', () => {
    expect(loadTimesToken(SECRET, PROPERTY, NOON)).toMatch(/^20779\.[A-Za-z0-9_-]{32}$/)
  })

  it('is taken on the day it was made and the day after, not later, and not the day before', () => {
    const token = loadTimesToken(SECRET, PROPERTY, NOON)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, token, NOON)).toBe(true)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, token, NOON + DAY)).toBe(true)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, token, NOON + 2 * DAY)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, token, NOON - DAY)).toBe(false)
  })

  it('is refused for another secret, a changed day or signature, and anything else', () => {
    const token = loadTimesToken(SECRET, PROPERTY, NOON)
    const [day, signature] = token.split('.')
    expect(isValidLoadTimesToken('another secret entirely', PROPERTY, token, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, `${Number(day) - 1}.${signature}`, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, PROPERTY, `${day}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, NOON)).toBe(
      false,
    )
    for (const junk of ['', '.', `${day}.`, 'x.y', `${day}.${signature}.extra`, '__proto__']) {
      expect(isValidLoadTimesToken(SECRET, PROPERTY, junk, NOON)).toBe(false)
    }
  })

  it("is refused for another property's requests, and for none", () => {
    const token = loadTimesToken(SECRET, PROPERTY, NOON)
    expect(isValidLoadTimesToken(SECRET, OTHER_PROPERTY, token, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, '', token, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, OTHER_PROPERTY, loadTimesToken(SECRET, OTHER_PROPERTY, NOON), NOON)).toBe(true)
  })

  it('is empty where the server has no secret (a page rendered at build time)', () => {
    expect(loadTimesToken(undefined, PROPERTY, NOON)).toBe('')
    expect(isValidLoadTimesToken('', PROPERTY, '', NOON)).toBe(false)
  })
})
