// Load-time samples only from pages this server rendered: every public page carries a token,
// the server's signature (../security/signer.ts) of its property's id and the UTC day it was rendered, and a
// report is taken only with a token of today or yesterday, for the property the report is
// addressed to (a token of one property's page never counts for another's). The pages are cached and shared by every visitor, so the token
// cannot be per visitor; it proves that the reporter read a page of this site recently, which
// keeps a script that never loads a page from moving Avg Load Time. (The per-address rate limit
// still bounds what one visitor can send.)
import { sign, verify } from '../security/signer'

export const DAY_MS = 24 * 60 * 60 * 1000

export const utcDay = (now = Date.now()) => Math.floor(now / DAY_MS)

const SIGNATURE_LENGTH = 32

/** The token a page of the property rendered now carries; empty when the server has no secret (a build). */
export function loadTimesToken(secret: string | undefined, propertyId: string, now = Date.now()): string {
  if (!secret) return ''
  const day = utcDay(now)
  return `${day}.${sign(secret, 'load-times', [propertyId, day], { length: SIGNATURE_LENGTH })}`
}

/** True for a token this server made today or yesterday (a page cached just before midnight) for the property. */
export function isValidLoadTimesToken(secret: string, propertyId: string, token: string, now = Date.now()): boolean {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(token)
  if (!secret || !propertyId || !match) return false
  const day = Number(match[1])
  const today = utcDay(now)
  if (day !== today && day !== today - 1) return false
  return verify(secret, 'load-times', [propertyId, day], match[2], { length: SIGNATURE_LENGTH }) === 'valid'
}
