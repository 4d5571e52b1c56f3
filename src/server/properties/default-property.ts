// The default property (collections/properties): the one the bare paths, unknown hosts and,
// until the admin chooses among several, Media Gallery Pro act on. Made by the migration that
// introduced properties, so every installation has exactly one. Its id never changes while it
// exists (only removing it could, docs/properties-design.md §3.4), so each process keeps it.
import type { Payload } from 'payload'
import type { PropertyRef } from '../../lib/api/types'
import { poolOf } from '../db/pool'

export async function defaultProperty(payload: Payload): Promise<PropertyRef> {
  const { rows } = await poolOf(payload).query<PropertyRef>(
    'SELECT id::text AS id, name, slug FROM properties WHERE is_default LIMIT 1',
  )
  if (!rows[0]) throw new Error('The installation has no default property: run the migrations.')
  return rows[0]
}

const known = new WeakMap<Payload, Promise<string>>()

/** The default property's id, read once per process. */
export function defaultPropertyId(payload: Payload): Promise<string> {
  let id = known.get(payload)
  if (!id) {
    id = defaultProperty(payload).then((property) => property.id)
    known.set(payload, id)
    // A failed read (the database starting) is asked again next time.
    id.catch(() => known.get(payload) === id && known.delete(payload))
  }
  return id
}
