// The load-time token public pages carry: made from the server secret and the UTC day, taken for
// today and yesterday only, and never for another secret or a tampered signature.
import { describe, expect, it } from 'vitest'
import { isValidLoadTimesToken, loadTimesToken } from '../../src/server/metrics/page-token'

const SECRET = 'a server secret of some length'
const NOON = Date.UTC(2026, 10, 22, 12, 0, 0)
const DAY = 24 * 60 * 60 * 1000

describe('load-time page tokens', () => {
  it('names the UTC day it was made on (2026-11-22 is day 20,779 of the Unix epoch)', () => {
    expect(loadTimesToken(SECRET, NOON)).toMatch(/^20779\.[A-Za-z0-9_-]{32}$/)
  })

  it('is taken on the day it was made and the day after, not later, and not the day before', () => {
    const token = loadTimesToken(SECRET, NOON)
    expect(isValidLoadTimesToken(SECRET, token, NOON)).toBe(true)
    expect(isValidLoadTimesToken(SECRET, token, NOON + DAY)).toBe(true)
    expect(isValidLoadTimesToken(SECRET, token, NOON + 2 * DAY)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, token, NOON - DAY)).toBe(false)
  })

  it('is refused for another secret, a changed day or signature, and anything else', () => {
    const token = loadTimesToken(SECRET, NOON)
    const [day, signature] = token.split('.')
    expect(isValidLoadTimesToken('another secret entirely', token, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, `${Number(day) - 1}.${signature}`, NOON)).toBe(false)
    expect(isValidLoadTimesToken(SECRET, `${day}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, NOON)).toBe(
      false,
    )
    for (const junk of ['', '.', `${day}.`, 'x.y', `${day}.${signature}.extra`, '__proto__']) {
      expect(isValidLoadTimesToken(SECRET, junk, NOON)).toBe(false)
    }
  })

  it('is empty where the server has no secret (a page rendered at build time)', () => {
    expect(loadTimesToken(undefined, NOON)).toBe('')
    expect(isValidLoadTimesToken('', '', NOON)).toBe(false)
  })
})
