// Removing a property (docs/properties-design.md §3.4), a platform admin's act confirmed by
// typing the property's name. Nothing of another property is touched. In order:
//   1. a final backup of the property (kind 'final'): once the property is gone its row keeps
//      the property's slug and names no property, so it may be restored by id into any;
//   2. one transaction deletes the property's rows (every backed-up table's, its runs, its
//      account assignments, then the property, whose own tables go with it) and records every
//      object key those rows referred to in backup_restore_tidy (restore-tidy.ts);
//   3. after the commit, the recorded objects move to trash/, where the final backup keeps them;
//      its export packs (no backup's) are deleted.
// Safe if stopped half-way: before the commit nothing is removed (asking again takes another
// final backup); after it, the moves are recorded and the next backup or restore finishes them.
// It runs inline, holding the backup lock (no backup or restore of any property interleaves):
// a backup and one transaction take seconds for a thousand photos, and the platform admin
// waits for the answer that names the final backup.
import type { Pool } from 'pg'
import { createBackupLocked, readSnapshot } from '../backup/create-backup'
import { deletePropertyRows } from '../backup/restore-backup'
import { finishRestoreTidy, recordRestoreTidy } from '../backup/restore-tidy'
import { readTableShapes } from '../backup/tables'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import { withPoolTransaction } from '../db/pool'
import { type PropertyScope, propertyDb, propertyScope } from '../db/property-db'
import { deleteObjects } from '../storage/delete-objects'
import { appStore, type ObjectStore } from '../storage/index'
import { exportPackPrefix } from '../storage/keys'
import { listObjects } from '../storage/list-objects'
import { forgetPropertyScope } from './default-property'

export type RemovableProperty = { id: string; name: string; slug: string; isDefault: boolean }

export type PropertyRemoval = {
  property: { id: string; name: string; slug: string }
  finalBackup: { id: string; file: string }
  /** Object keys the property's rows referred to, moved to trash/ (or recorded to be). */
  objects: number
  /** Of those, still at their keys (the store refused): the next backup or restore moves them. */
  objectsNotYetMoved: number
}

/** The request cannot be carried out as it stands (answered 4xx): nothing was removed. */
export class RemovalRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message)
    this.name = 'RemovalRefused'
  }
}

/** How long a removal waits for a backup or restore in progress before it gives up. */
const LOCK_WAIT_MS = 30_000

/** Why the property may not be removed now, or null. */
export function removalRefusal(property: RemovableProperty, propertyCount: number): string | null {
  if (property.isDefault && propertyCount <= 1) {
    return `${property.name} is the only property: an installation keeps at least one.`
  }
  if (property.isDefault) {
    return `${property.name} is the default property (the bare addresses and unknown hosts answer for it): it cannot be removed.`
  }
  return null
}

/** Whether the typed confirmation names the property (surrounding spaces aside). */
export const confirmsRemoval = (property: Pick<RemovableProperty, 'name'>, typed: string) => typed.trim() === property.name.trim()

/**
 * Removes the property named by id once `confirm` is its name. Throws RemovalRefused (nothing
 * removed), LockBusy (a backup or restore ran past the wait) or BackupFailed.
 */
export async function removeProperty({
  pool,
  store = appStore(),
  id,
  confirm,
  log = () => undefined,
}: {
  pool: Pool
  store?: ObjectStore
  id: string
  confirm: string
  log?: (message: string, error?: unknown) => void
}): Promise<PropertyRemoval> {
  return withPoolAdvisoryLock(
    pool,
    LOCKS.backup,
    async () => {
      const property = await readProperty(pool, id)
      if (!property) throw new RemovalRefused(404, 'There is no such property: it may have been removed already.')
      if (!confirmsRemoval(property, confirm)) throw new RemovalRefused(400, "Type the property's name to confirm its removal.")
      const refusal = removalRefusal(property, await countProperties(pool))
      if (refusal) throw new RemovalRefused(409, refusal)

      const scope = propertyScope(property)
      const backup = await createBackupLocked({ pool, scope, store, kind: 'final', log })
      const keys = await deleteProperty(pool, scope)
      forgetPropertyScope(scope.id)
      await finishRestoreTidy(pool, store, log).catch((error) => log("Could not move the removed property's objects to trash", error))
      // Its export packs are no backup's: they go (a pack is reached only through its run, gone with the property).
      await removeExportPacks(store, scope.id).catch((error) => log("Could not remove the removed property's export packs", error))
      return {
        property: { id: property.id, name: property.name, slug: property.slug },
        finalBackup: { id: backup.id, file: backup.file },
        objects: keys.length,
        objectsNotYetMoved: await pendingMoves(pool, keys),
      }
    },
    { waitMs: LOCK_WAIT_MS },
  )
}

async function removeExportPacks(store: ObjectStore, propertyId: string) {
  const keys = [...(await listObjects({ store, prefix: exportPackPrefix(propertyId) })).keys()]
  if (keys.length) await deleteObjects({ store, keys })
}

async function readProperty(pool: Pool, id: string): Promise<RemovableProperty | null> {
  const { rows } = await pool.query<RemovableProperty>(
    `SELECT id::text AS id, name, slug, is_default AS "isDefault" FROM properties WHERE id::text = $1`,
    [id],
  )
  return rows[0] ?? null
}

async function countProperties(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>('SELECT count(*)::text AS count FROM properties')
  return Number(rows[0].count)
}

/**
 * Deletes the property's rows in one transaction and records their object keys to be moved;
 * answers the keys. The property's row and its photos are locked first: no photo can be added
 * to it or change its objects between the read of the keys and the delete.
 */
function deleteProperty(pool: Pool, scope: PropertyScope): Promise<string[]> {
  return withPoolTransaction(pool, async (client) => {
    const db = propertyDb(client, scope)
    await db.query`SELECT id FROM properties WHERE id = ${scope} FOR UPDATE`
    await db.query`SELECT id FROM media WHERE property_id = ${scope} FOR UPDATE`
    const shapes = await readTableShapes(client)
    const keys = [...(await readSnapshot(client, shapes, scope)).keys]
    await deletePropertyRows(client, scope, shapes)
    await db.query`DELETE FROM runs WHERE property_id = ${scope}`
    await db.query`DELETE FROM users_properties WHERE property_id = ${scope}`
    // Its domains, duplicate groups, load samples and object index entries go with it; its
    // backups stay, naming its slug.
    await db.query`DELETE FROM properties WHERE id = ${scope}`
    await recordRestoreTidy(client, keys, [])
    return keys
  })
}

async function pendingMoves(pool: Pool, keys: string[]): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM backup_restore_tidy WHERE key = ANY($1::varchar[])`,
    [keys],
  )
  return Number(rows[0].count)
}
