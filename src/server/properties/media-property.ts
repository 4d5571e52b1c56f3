// The property a media file belongs to, for work that names the file only (the analysis job's
// input is its media id): the file's own row says whose it is, so statements on its neighbours
// and its results are bound to that property (docs/properties-design.md §2.4).
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyScope } from '../db/property-db'

/** The scope of the media file's property; null when there is no such file. */
export async function mediaPropertyScope(payload: Payload, mediaId: string): Promise<PropertyScope | null> {
  const { rows } = await poolOf(payload).query<{ id: string; slug: string }>(
    `SELECT p.id::text AS id, p.slug FROM media m JOIN properties p ON p.id = m.property_id WHERE m.id::text = $1`,
    [mediaId],
  )
  return rows[0] ? propertyScope(rows[0]) : null
}
