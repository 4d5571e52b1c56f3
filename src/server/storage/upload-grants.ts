// Upload grants: the server's signature over a key it issued for a direct upload, so
// that a media record can only ever point at an object the server asked the browser
// to PUT (not at a backup, another photo's original, or a key of the client's choosing).
// Stateless (HMAC with the Payload secret), so any instance can check any grant.
import crypto from 'node:crypto'

/** Records must be created within a day of the grant (a large upload can take hours). */
export const GRANT_VALIDITY_MS = 24 * 60 * 60 * 1000

type Grant = { key: string; contentType: string; expiresAt: number }

const sign = (secret: string, { key, contentType, expiresAt }: Grant) =>
  crypto.createHmac('sha256', secret).update(`${key}\n${contentType}\n${expiresAt}`).digest('base64url')

export function issueGrant(secret: string, key: string, contentType: string, now = Date.now()): string {
  const expiresAt = now + GRANT_VALIDITY_MS
  return `${expiresAt}.${sign(secret, { key, contentType, expiresAt })}`
}

export function verifyGrant(
  secret: string,
  token: string,
  key: string,
  contentType: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const [expiresText, signature] = token.split('.')
  const expiresAt = Number(expiresText)
  if (!signature || !Number.isSafeInteger(expiresAt)) return 'invalid'
  const expected = Buffer.from(sign(secret, { key, contentType, expiresAt }))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid'
  return expiresAt < now ? 'expired' : 'valid'
}
