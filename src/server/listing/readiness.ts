// GET /api/listing-readiness: a property's photos checked against one channel (photos.ts gathers
// them, src/lib/listing-readiness.ts checks), with the cover the channel shows first and how it
// crops it (cover-crops.ts), and the manager's choices for the channel.
import type { Pool } from 'pg'
import { checkReadiness, type ListingReadiness } from '../../lib/listing-readiness'
import type { Channel } from '../../lib/listing-rules'
import type { PropertyScope } from '../db/property-db'
import type { ChannelChoice } from './choices'
import { channelPhotos } from './photos'
import { coverCropsOf } from './cover-crops'
import type { CoverCrop } from '../../lib/schemas/listing'

export type ReadinessAnswer = ListingReadiness & {
  /** The cover, and each crop the channel makes of it with its frame (the manager's, or content-aware). */
  cover: { mediaId: string; crops: CoverCrop[] } | null
  choice: ChannelChoice
}

export async function listingReadiness(pool: Pool, scope: PropertyScope, channel: Channel): Promise<ReadinessAnswer> {
  const set = await channelPhotos(pool, scope, channel)
  const readiness = checkReadiness({ channel, ...set })
  const first = set.photos[0]
  return {
    ...readiness,
    cover: first ? { mediaId: first.id, crops: await coverCropsOf(pool, scope, channel, first.id) } : null,
    choice: set.choice,
  }
}
