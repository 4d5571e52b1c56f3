// The load-time token a public page carries (src/server/metrics/page-token.ts), from the
// secret the server runs with and the page's property (today the default one, which the bare
// paths show); a page rendered at build time (no secret) gets none and reports nothing.
import config from '@payload-config'
import { getPayload } from 'payload'
import { loadTimesToken } from '@/server/metrics/page-token'
import { defaultPropertyId } from '@/server/properties/default-property'

export async function pageLoadTimesToken(): Promise<string> {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) return ''
  return loadTimesToken(secret, await defaultPropertyId(await getPayload({ config })))
}
