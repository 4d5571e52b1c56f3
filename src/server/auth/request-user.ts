// Who is asking, for the answers the Node server sends itself in front of Next (prepared
// reads, the uploader's calls, object delivery): Payload's own auth strategies (session
// cookie with its CSRF origin check, or an Authorization header), skipped when the request
// carries no credentials at all, so anonymous visitors cost no lookup.
import { executeAuthStrategies, type Payload } from 'payload'

/** Payload's session cookie: `{cookiePrefix}-token`, by the site's config. */
export const sessionCookieName = (payload: Payload) => `${payload.config.cookiePrefix || 'payload'}-token`

/** The request carries a session cookie or an Authorization header (valid or not). */
export const carriesCredentials = (payload: Payload, headers: Headers) =>
  (headers.get('cookie') ?? '').includes(`${sessionCookieName(payload)}=`) || headers.has('authorization')

export async function userFromHeaders(payload: Payload, headers: Headers) {
  if (!carriesCredentials(payload, headers)) return null
  return (await executeAuthStrategies({ headers, payload, canSetHeaders: false })).user
}
