// GET /api/listing-readiness: a property's photos checked against one channel (photos.ts gathers
// them, src/lib/listing-readiness.ts checks), with the cover the channel shows first and how it
// crops it, and the manager's choices for the channel.
import type { Pool } from 'pg'
import { checkReadiness, type ListingReadiness } from '../../lib/listing-readiness'
import { LISTING_RULES, type Channel } from '../../lib/listing-rules'
import type { PropertyScope } from '../db/property-db'
import type { ChannelChoice } from './choices'
import { channelPhotos } from './photos'

export type ReadinessAnswer = ListingReadiness & {
  cover: { mediaId: string; crops: Array<{ label: string; name: string; ratio: number }> } | null
  choice: ChannelChoice
}

export async function listingReadiness(pool: Pool, scope: PropertyScope, channel: Channel): Promise<ReadinessAnswer> {
  const set = await channelPhotos(pool, scope, channel)
  const readiness = checkReadiness({ channel, ...set })
  const first = set.photos[0]
  return {
    ...readiness,
    cover: first ? { mediaId: first.id, crops: LISTING_RULES[channel].coverCrops?.crops ?? [] } : null,
    choice: set.choice,
  }
}
