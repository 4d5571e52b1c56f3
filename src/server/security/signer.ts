// The one signer of everything the server signs and later believes: the proxy's stamps on a
// request (client address, property), the keys it issues for uploads, the load-time token of a
// public page and an export pack's download link. Each signature is an HMAC-SHA256 under
// Payload's secret over a purpose and the fields it vouches for, so a signature made for one use
// never passes for another (a property stamp is not an upload key), and fields are separated so
// that no two lists of fields sign the same bytes. A signature with an expiry covers it as a
// field, and `verify` refuses it once that time has passed. Every check is in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto'

export type SignedPurpose = 'client-address' | 'property' | 'original-key' | 'load-times' | 'export-download'

type Field = string | number
type Options = {
  /** Characters kept of the signature (its start): shorter where it must fit a fixed format. @default the whole */
  length?: number
  /** @default base64url */
  encoding?: 'base64url' | 'hex'
}

function signature(secret: string, purpose: SignedPurpose, fields: readonly Field[], { length, encoding = 'base64url' }: Options): string {
  const hmac = createHmac('sha256', secret).update(purpose)
  // A field's length before it: ['a:b'] and ['a', 'b'] never sign the same bytes.
  for (const field of fields) {
    const text = String(field)
    hmac.update(`\n${Buffer.byteLength(text)}:`).update(text)
  }
  const whole = hmac.digest(encoding)
  return length === undefined ? whole : whole.slice(0, length)
}

/** The signature of `fields` for `purpose`. */
export function sign(secret: string, purpose: SignedPurpose, fields: readonly Field[], options: Options = {}): string {
  if (!secret) throw new Error('Nothing can be signed without the server secret.')
  return signature(secret, purpose, fields, options)
}

/** What a check found: the signature is ours and in time, not ours (or for other fields), or ours but past its expiry. */
export type Verdict = 'valid' | 'forged' | 'expired'

/**
 * Checks that `given` is the signature of `fields` for `purpose` and, with `expires` (seconds
 * since the epoch, one of the signed fields), that this time has not passed.
 */
export function verify(
  secret: string,
  purpose: SignedPurpose,
  fields: readonly Field[],
  given: string,
  { expires, now = Date.now(), ...options }: Options & { expires?: number; now?: number } = {},
): Verdict {
  if (!secret) return 'forged'
  const expected = Buffer.from(signature(secret, purpose, fields, options))
  const offered = Buffer.from(given)
  if (expected.length !== offered.length || !timingSafeEqual(expected, offered)) return 'forged'
  return expires !== undefined && expires * 1000 < now ? 'expired' : 'valid'
}
