// The manifest's sizes and ETags come from an index in the database: each object key the
// rows refer to is asked of the store once (HEAD), when a backup first sees it; keys are
// never reused for other content (originals carry a unique id, renditions and posters the
// media id). So a backup after an upload batch asks about that batch's objects only, not
// about the whole bucket, and keys no row refers to any more leave the index. Each entry
// names the property whose rows refer to its key: a backup of one property prunes only
// that property's entries, and a restore sees a key another property uses.
import type { Pool, PoolClient } from 'pg'
import { type PropertyScope, propertyDb } from '../db/property-db'
import type { ManifestEntry } from './format'
import pLimit from 'p-limit'
import type { ObjectStore } from '../storage/index'
import { headObject } from '../storage/head-object'

const HEAD_CONCURRENCY = 16

/** Known sizes of these keys. */
export async function indexedObjects(pool: Pool, keys: string[]): Promise<Map<string, ManifestEntry>> {
  const { rows } = await pool.query<{ key: string; size: string; etag: string | null }>(
    'SELECT key, size::text AS size, etag FROM backup_object_index WHERE key = ANY ($1::text[])',
    [keys],
  )
  return new Map(rows.map((row) => [row.key, { key: row.key, size: Number(row.size), etag: row.etag }]))
}

/** Indexes these objects as the property's (its rows refer to them). */
export async function rememberObjects(pool: Pool, scope: PropertyScope, entries: ManifestEntry[]) {
  if (!entries.length) return
  const keys = entries.map((entry) => entry.key)
  const sizes = entries.map((entry) => entry.size)
  const etags = entries.map((entry) => entry.etag)
  await propertyDb(pool, scope).query`
    INSERT INTO backup_object_index (key, size, etag, property_id)
    SELECT k, s, e, ${scope}::uuid FROM unnest(${keys}::text[], ${sizes}::bigint[], ${etags}::text[]) AS u (k, s, e)
    ON CONFLICT (key) DO UPDATE SET size = excluded.size, etag = excluded.etag, property_id = excluded.property_id, checked_at = now()`
}

/** Which of these keys the index holds for another property than scope's. */
export async function keysOfOtherProperties(db: Pool | PoolClient, scope: PropertyScope, keys: string[]): Promise<string[]> {
  const { rows } = await propertyDb(db, scope).query<{ key: string }>`
    SELECT key FROM backup_object_index WHERE key = ANY (${keys}::text[]) AND property_id <> ${scope}::uuid ORDER BY key`
  return rows.map((row) => row.key)
}

/**
 * The manifest of the keys the rows refer to: known ones from the index, new ones asked of
 * the store. Keys that are not in the store (yet, or any more) are left out and counted.
 */
export async function buildManifest(
  pool: Pool,
  store: ObjectStore,
  scope: PropertyScope,
  keys: Set<string>,
  { prune = true, known: given }: { prune?: boolean; known?: Map<string, ManifestEntry> } = {},
) {
  const wanted = [...keys]
  const known = new Map<string, ManifestEntry>()
  if (given) {
    for (const key of wanted) {
      const entry = given.get(key)
      if (entry) known.set(key, entry)
    }
  } else for (const [key, entry] of await indexedObjects(pool, wanted)) known.set(key, entry)
  const fresh: ManifestEntry[] = []
  let missing = 0
  await pLimit(HEAD_CONCURRENCY).map(
    wanted.filter((key) => !known.has(key)),
    async (key) => {
      const head = await headObject({ store, key })
      if (head) fresh.push({ key, size: head.size, etag: head.etag })
      else missing++
    },
  )
  await rememberObjects(pool, scope, fresh)
  // Only this property's entries: another property's rows are not in this snapshot.
  if (prune) {
    await propertyDb(pool, scope).query`
      DELETE FROM backup_object_index i
       WHERE i.property_id = ${scope}::uuid AND NOT EXISTS (SELECT 1 FROM unnest(${wanted}::text[]) AS k WHERE k = i.key)`
  }
  const manifest = [...known.values(), ...fresh].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { manifest, missing }
}
