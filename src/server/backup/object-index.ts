// The manifest's sizes and ETags come from an index in the database: each object key the
// rows refer to is asked of the store once (HEAD), when a backup first sees it; keys are
// never reused for other content (originals carry a unique id, renditions and posters the
// media id). So a backup after an upload batch asks about that batch's objects only, not
// about the whole bucket, and keys no row refers to any more leave the index.
import type { Pool } from 'pg'
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

export async function rememberObjects(pool: Pool, entries: ManifestEntry[]) {
  if (!entries.length) return
  await pool.query(
    `INSERT INTO backup_object_index (key, size, etag)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
     ON CONFLICT (key) DO UPDATE SET size = excluded.size, etag = excluded.etag, checked_at = now()`,
    [entries.map((entry) => entry.key), entries.map((entry) => entry.size), entries.map((entry) => entry.etag)],
  )
}

/**
 * The manifest of the keys the rows refer to: known ones from the index, new ones asked of
 * the store. Keys that are not in the store (yet, or any more) are left out and counted.
 */
export async function buildManifest(
  pool: Pool,
  store: ObjectStore,
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
  await rememberObjects(pool, fresh)
  if (prune) {
    await pool.query(
      'DELETE FROM backup_object_index i WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS k WHERE k = i.key)',
      [wanted],
    )
  }
  const manifest = [...known.values(), ...fresh].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { manifest, missing }
}
