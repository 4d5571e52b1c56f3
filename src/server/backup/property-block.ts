// What a backup keeps of the property itself: the settings guests see (tagline, about text,
// cover photo, booking link) and the time zone of its admin times. The properties table is
// not one of the backed-up tables (it is the installation's list of properties, and media
// reference it), so these travel as a block of their own and a restore writes them back to
// the property's row; its name, slug and domains are never changed by a restore.
// Backups made before properties existed held the settings as the property_settings table:
// fromLegacyTable reads the block out of it.
import type { PoolClient } from 'pg'
import { z } from 'zod'
import { type PropertyScope, propertyDb } from '../db/property-db'

export const propertyBlockSchema = z.object({
  tagline: z.string().nullable(),
  about: z.unknown().nullable(),
  cover_photo_id: z.string().nullable(),
  booking_url: z.string().nullable(),
  time_zone: z.string().min(1).optional(),
})

export type PropertyBlock = z.infer<typeof propertyBlockSchema>

/** The table older backups kept the settings in. */
export const LEGACY_SETTINGS_TABLE = 'property_settings'

/** The block of the property a backup is of, read in the caller's snapshot. */
export async function readPropertyBlock(client: PoolClient, scope: PropertyScope): Promise<PropertyBlock | null> {
  const { rows } = await propertyDb(client, scope).query<PropertyBlock>`
    SELECT tagline, about, cover_photo_id::text AS cover_photo_id, booking_url, time_zone
      FROM properties WHERE id = ${scope}`
  return rows[0] ?? null
}

/**
 * Writes a restored block to the property's row; a cover photo the restored rows lack (or
 * another property's) is dropped.
 */
export async function writePropertyBlock(client: PoolClient, scope: PropertyScope, block: PropertyBlock): Promise<void> {
  const about = block.about === null || block.about === undefined ? null : JSON.stringify(block.about)
  await propertyDb(client, scope).query`
    UPDATE properties
       SET tagline = ${block.tagline}, about = ${about}::jsonb,
           cover_photo_id = (SELECT m.id FROM media m WHERE m.id::text = ${block.cover_photo_id} AND m.property_id = ${scope}),
           booking_url = ${block.booking_url}, time_zone = coalesce(${block.time_zone ?? null}, time_zone), updated_at = now()
     WHERE id = ${scope}`
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
