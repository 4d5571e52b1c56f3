// Who is asking, for the answers the Node server sends itself in front of Next (prepared
// reads, the uploader's calls, object delivery): Payload's own auth strategies (session
// cookie with its CSRF origin check, or an Authorization header), skipped when the request
// carries no credentials at all, so anonymous visitors cost no lookup.
import { executeAuthStrategies, type Payload } from 'payload'

export async function userFromHeaders(payload: Payload, headers: Headers) {
  const hasCredentials =
    (headers.get('cookie') ?? '').includes(`${payload.config.cookiePrefix}-token=`) || headers.has('authorization')
  if (!hasCredentials) return null
  return (await executeAuthStrategies({ headers, payload, canSetHeaders: false })).user
}
