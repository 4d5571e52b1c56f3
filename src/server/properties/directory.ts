// The installation's properties as the host addresses them (resolve.ts): read from the database
// and kept, asked again when the properties change. Whether they changed is one small query,
// made at most once a second, so a property created or given a domain answers within a second
// (a slug not known yet is looked for at once). The origins each property lets frame its embed
// view come with it, for the host's headers.
// While the database is out, the properties last read go on addressing requests.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { type AddressableProperty, type PropertyDirectory, propertyDirectory } from './resolve'

const RECHECK_MS = 1000

type Kept = { signature: string; directory: PropertyDirectory; checkedAt: number }

const SIGNATURE_SQL = `SELECT (SELECT count(*) FROM properties)::text || ':' || coalesce((SELECT max(updated_at) FROM properties)::text, '')
                              || ':' || (SELECT count(*) FROM properties_domains)::text
                              || ':' || (SELECT count(*) FROM properties_embed_origins)::text AS signature`

async function readDirectory(payload: Payload): Promise<PropertyDirectory> {
  const { rows } = await poolOf(payload).query<AddressableProperty>(
    `SELECT p.id::text AS id, p.slug, coalesce(p.is_default, false) AS "isDefault",
            coalesce(array_agg(d.domain) FILTER (WHERE d.domain IS NOT NULL), '{}') AS domains,
            coalesce((SELECT array_agg(e.origin ORDER BY e._order) FROM properties_embed_origins e WHERE e._parent_id = p.id), '{}') AS "embedOrigins"
       FROM properties p LEFT JOIN properties_domains d ON d._parent_id = p.id
      GROUP BY p.id`,
  )
  return propertyDirectory(rows)
}

const kept = new WeakMap<Payload, Promise<Kept>>()

/** `fresh`: look whether the properties changed now, not up to a second later (a slug the kept list does not know). */
export async function currentDirectory(payload: Payload, { fresh = false } = {}): Promise<PropertyDirectory> {
  const previous = kept.get(payload)
  const known = previous ? await previous.catch(() => null) : null
  if (known && !fresh && Date.now() - known.checkedAt < RECHECK_MS) return known.directory
  const next = (async (): Promise<Kept> => {
    const { rows } = await poolOf(payload)
      .query<{ signature: string }>(SIGNATURE_SQL)
      .catch((error: unknown) => {
        // The database is out: the properties last read still address requests.
        if (known) return { rows: [{ signature: known.signature }] }
        throw error
      })
    const signature = rows[0].signature
    const directory = known?.signature === signature ? known.directory : await readDirectory(payload)
    return { signature, directory, checkedAt: Date.now() }
  })()
  kept.set(payload, next)
  return (await next).directory
}
