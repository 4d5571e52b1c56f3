// Keeping the last 10 backups of each property (restore points count too), and purging
// trash: a deleted photo's objects stay under trash/ while any kept backup (of any property)
// refers to them.
import type { Pool } from 'pg'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { BACKUPS_KEPT } from '../../lib/constants'
import type { ObjectStore } from '../storage/index'
import { deleteObject } from '../storage/delete-object'
import { deleteObjects } from '../storage/delete-objects'
import { KEY_PREFIXES, trashKey, untrashedKey } from '../storage/keys'
import { listObjects } from '../storage/list-objects'

/** Failed backups are listed for the manager to see; only the latest few are kept. */
const FAILED_KEPT = 10

/** Keeps the property's last `keep` complete backups and its last few failed ones; then purges trash. */
export async function applyRetention({
  pool,
  scope,
  store,
  keep = BACKUPS_KEPT,
  log = () => undefined,
}: {
  pool: Pool
  scope: PropertyScope
  store: ObjectStore
  keep?: number
  log?: (message: string, error?: unknown) => void
}) {
  const db = propertyDb(pool, scope)
  const { rows: old } = await db.query<{ id: string; object_key: string }>`
    SELECT id, object_key FROM backups WHERE status = 'complete' AND property_id = ${scope}
     ORDER BY completed_at DESC, started_at DESC OFFSET ${keep}`
  for (const backup of old) {
    // The row goes first: a backup is never listed without its object.
    await pool.query('DELETE FROM backups WHERE id = $1', [backup.id])
    await deleteObject({ store, key: backup.object_key }).catch((error) => log(`Could not delete ${backup.object_key}`, error))
  }
  await db.query`
    DELETE FROM backups WHERE status = 'failed' AND property_id = ${scope} AND id NOT IN (
      SELECT id FROM backups WHERE status = 'failed' AND property_id = ${scope} ORDER BY started_at DESC LIMIT ${FAILED_KEPT})`
  const purged = await purgeTrash({ pool, store })
  return { removedBackups: old.length, purgedObjects: purged }
}

/** Deletes every trash object that no kept backup's manifest names; answers how many. */
export async function purgeTrash({ pool, store }: { pool: Pool; store: ObjectStore }): Promise<number> {
  const trash = [...(await listObjects({ store, prefix: KEY_PREFIXES.trash })).keys()]
  if (!trash.length) return 0
  const { rows } = await pool.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k
     EXCEPT
     SELECT unnest(manifest_keys) FROM backups WHERE status = 'complete'`,
    [trash.map(untrashedKey)],
  )
  await deleteObjects({ store, keys: rows.map((row) => trashKey(row.key)) })
  return rows.length
}
