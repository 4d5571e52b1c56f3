// Who is asking, for the answers the Node server sends itself in front of Next (prepared
// reads, the uploader's calls, object delivery): Payload's own auth strategies (session
// cookie with its CSRF origin check, or an Authorization header), skipped when the request
// carries no credentials at all, so anonymous visitors cost no lookup.
import { executeAuthStrategies, type Payload } from 'payload'
import { SESSION_COOKIE } from '../../lib/constants'

/** The request carries a session cookie or an Authorization header (valid or not). */
export const carriesCredentials = (headers: Headers) =>
  (headers.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`) || headers.has('authorization')

export async function userFromHeaders(payload: Payload, headers: Headers) {
  if (!carriesCredentials(headers)) return null
  return (await executeAuthStrategies({ headers, payload, canSetHeaders: false })).user
}
