// The manager's choices per listing channel (listing_channels): which photos go to it (null:
// every visible photo) and its cover (null: the first photo of the tour). Ids are kept as
// written; the photo set (photos.ts) reads them against the visible photos of the moment.
import type { Pool } from 'pg'
import type { Channel } from '../../lib/listing-rules'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { notFound } from '../http/errors'
import { PUBLIC_MEDIA_SQL } from '../media/visibility'

export type ChannelChoice = { mediaIds: string[] | null; coverId: string | null }

export async function readChannelChoice(pool: Pool, scope: PropertyScope, channel: Channel): Promise<ChannelChoice> {
  const { rows } = await propertyDb(pool, scope).query<{ media_ids: string[] | null; cover_id: string | null }>`
    SELECT media_ids::text[] AS media_ids, cover_id::text AS cover_id FROM listing_channels WHERE property_id = ${scope} AND channel = ${channel}`
  return { mediaIds: rows[0]?.media_ids ?? null, coverId: rows[0]?.cover_id ?? null }
}

/** Writes the channel's choices; every photo named must be a visible photo of this property (else 404). */
export async function writeChannelChoice(pool: Pool, scope: PropertyScope, channel: Channel, choice: ChannelChoice): Promise<ChannelChoice> {
  const db = propertyDb(pool, scope)
  const named = [...new Set([...(choice.mediaIds ?? []), ...(choice.coverId ? [choice.coverId] : [])].map((id) => id.toLowerCase()))]
  if (named.length) {
    const { rows } = await db.query<{ id: string }>`
      SELECT m.id::text AS id FROM media m WHERE m.property_id = ${scope} AND m.id = ANY(${named}::uuid[]) AND ${raw(PUBLIC_MEDIA_SQL)}`
    const found = new Set(rows.map((row) => row.id))
    const missing = named.filter((id) => !found.has(id))
    if (missing.length) throw notFound(`No visible photo ${missing[0]}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''} in this property.`)
  }
  const mediaIds = choice.mediaIds ? [...new Set(choice.mediaIds.map((id) => id.toLowerCase()))] : null
  const coverId = choice.coverId?.toLowerCase() ?? null
  await db.query`
    INSERT INTO listing_channels (property_id, channel, media_ids, cover_id, updated_at)
    VALUES (${scope}, ${channel}, ${mediaIds}::uuid[], ${coverId}::uuid, now())
    ON CONFLICT (property_id, channel) DO UPDATE SET media_ids = EXCLUDED.media_ids, cover_id = EXCLUDED.cover_id, updated_at = now()`
  return { mediaIds, coverId }
}
