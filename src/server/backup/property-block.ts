// What a backup keeps of the property itself: the settings guests see (tagline, about text,
// cover photo, booking link), the time zone of its admin times and the origins that may frame
// its embed view (Payload's properties_embed_origins rows). The properties table is
// not one of the backed-up tables (it is the installation's list of properties, and media
// reference it), so these travel as a block of their own and a restore writes them back to
// the property's row; its name, slug and domains are never changed by a restore.
// Backups made before properties existed held the settings as the property_settings table:
// fromLegacyTable reads the block out of it. A block without a time zone or embed origins (older
// backups) leaves the property's own as they are.
import crypto from 'node:crypto'
import type { PoolClient } from 'pg'
import { z } from 'zod'
import { embedOriginProblem, normalizeEmbedOrigin } from '../../lib/embed-origins'
import { type PropertyScope, propertyDb } from '../db/property-db'

export const propertyBlockSchema = z.object({
  tagline: z.string().nullable(),
  about: z.unknown().nullable(),
  cover_photo_id: z.string().nullable(),
  booking_url: z.string().nullable(),
  time_zone: z.string().min(1).optional(),
  /** In the manager's order; absent in backups of format 2 and older. */
  embed_origins: z.array(z.string()).optional(),
})

export type PropertyBlock = z.infer<typeof propertyBlockSchema>

/** The table older backups kept the settings in. */
export const LEGACY_SETTINGS_TABLE = 'property_settings'

/** The block of the property a backup is of, read in the caller's snapshot. */
export async function readPropertyBlock(client: PoolClient, scope: PropertyScope): Promise<PropertyBlock | null> {
  const { rows } = await propertyDb(client, scope).query<PropertyBlock>`
    SELECT tagline, about, cover_photo_id::text AS cover_photo_id, booking_url, time_zone,
           coalesce((SELECT array_agg(e.origin ORDER BY e._order) FROM properties_embed_origins e WHERE e._parent_id = p.id), '{}') AS embed_origins
      FROM properties p WHERE id = ${scope}`
  return rows[0] ?? null
}

/**
 * Writes a restored block to the property's row; a cover photo the restored rows lack (or
 * another property's) is dropped. Embed origins, when the block has them, replace the
 * property's (each as the field keeps it; one the field would refuse is left out).
 */
export async function writePropertyBlock(client: PoolClient, scope: PropertyScope, block: PropertyBlock): Promise<void> {
  const about = block.about === null || block.about === undefined ? null : JSON.stringify(block.about)
  await propertyDb(client, scope).query`
    UPDATE properties
       SET tagline = ${block.tagline}, about = ${about}::jsonb,
           cover_photo_id = (SELECT m.id FROM media m WHERE m.id::text = ${block.cover_photo_id} AND m.property_id = ${scope}),
           booking_url = ${block.booking_url}, time_zone = coalesce(${block.time_zone ?? null}, time_zone), updated_at = now()
     WHERE id = ${scope}`
  if (!block.embed_origins) return
  const origins = [...new Set(block.embed_origins.map(normalizeEmbedOrigin))].filter((origin) => embedOriginProblem(origin) === null)
  // Payload's array rows: its own ids are 24 hex digits, _order counts from 1.
  const ids = origins.map(() => crypto.randomBytes(12).toString('hex'))
  await propertyDb(client, scope).query`DELETE FROM properties_embed_origins WHERE _parent_id = ${scope}`
  await propertyDb(client, scope).query`
    INSERT INTO properties_embed_origins (_order, _parent_id, id, origin)
    SELECT o.n, ${scope}::uuid, o.id, o.origin FROM unnest(${ids}::varchar[], ${origins}::varchar[]) WITH ORDINALITY AS o(id, origin, n)`
}

/** The block of a backup made before properties existed, from its property_settings rows. */
export function fromLegacyTable(rows: Array<Record<string, unknown>>): PropertyBlock | null {
  const row = rows[0]
  if (!row) return null
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return {
    tagline: text(row.tagline),
    about: row.about ?? null,
    cover_photo_id: text(row.cover_photo_id),
    booking_url: text(row.booking_url),
  }
}
