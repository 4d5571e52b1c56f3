// The load-time token a public page carries (src/server/metrics/page-token.ts), from the
// secret the server runs with and the page's property; a page rendered at build time (no secret)
// gets none and reports nothing.
import { loadTimesToken } from '@/server/metrics/page-token'
import { DAY_MS } from '@/server/metrics/page-token'
import { siteAddress, siteDay } from './site-address'

export async function pageLoadTimesToken(): Promise<string> {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) return ''
  const day = siteDay()
  return loadTimesToken(secret, (await siteAddress()).scope.id, day === undefined ? Date.now() : day * DAY_MS)
}
