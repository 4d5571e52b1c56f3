// Restoring a backup (ARCHITECTURE §9). Everything that can be checked is checked before
// anything changes: the file's sha256, that it unzips and parses, its format, that this
// schema can take it, and that every object in its manifest is in the store or in trash/
// with its size (objects the current rows use are taken from the object index).
// Then a restore point is taken, objects are brought back from trash/ and verified, and the
// rows of every backed-up table are replaced in ONE transaction (so a kill leaves the
// gallery exactly as before or exactly as restored). The read-model version moves with it,
// so every cache in every instance drops what it had. Objects only the replaced rows used
// go to trash/ afterwards, where the restore point keeps them: restoring it undoes the restore.
// Those moves are recorded in the same transaction (restore-tidy.ts): a process killed after
// the commit leaves them to the next backup or restore, which finishes them first.
import type { Pool } from 'pg'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import { type BackupContext, type BackupRecord, createBackupLocked } from './create-backup'
import { BackupRefused, decodeBackup, keysInRows, type ManifestEntry, planRestore } from './format'
import { indexedObjects, rememberObjects } from './object-index'
import { finishRestoreTidy, recordRestoreTidy } from './restore-tidy'
import { applyRetention } from './retention'
import { appliedMigrations, referencedKeys } from './snapshot'
import {
  appStore,
  copyObject,
  eachLimited,
  getBytes,
  headKey,
  listObjects,
  TRASH_PREFIX,
} from './store'
import { ident, readTableShapes } from './tables'

/** There is no such backup (or none at all). */
export class BackupNotFound extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupNotFound'
  }
}

export type RestoreResult = {
  message: string
  restoredFrom: string
  restorePoint: BackupRecord
  mediaCount: number
  broughtBack: number
  removed: number
}

type BackupRow = { id: string; file: string; object_key: string; sha256: string; snapshot_at: Date }

/**
 * Restores a backup: the one named, or the latest one that is not a restore point.
 * Throws BackupNotFound, BackupRefused (nothing changed) or LockBusy (waitMs passed).
 */
export async function restoreBackup(
  context: BackupContext & { backupId?: string; waitMs?: number; now?: Date },
): Promise<RestoreResult> {
  return withPoolAdvisoryLock(context.pool, LOCKS.backup, () => restoreLocked(context), { waitMs: context.waitMs })
}

async function restoreLocked({
  pool,
  store = appStore(),
  backupId,
  onStep,
  log = () => undefined,
}: BackupContext & { backupId?: string }): Promise<RestoreResult> {
  // A restore killed after its commit left its object moves: they come first.
  await finishRestoreTidy(pool, store, log)
  const { rows } = await pool.query<BackupRow>(
    backupId
      ? `SELECT id, file, object_key, sha256, snapshot_at FROM backups WHERE status = 'complete' AND id = $1`
      : `SELECT id, file, object_key, sha256, snapshot_at FROM backups WHERE status = 'complete' AND kind <> 'restore-point'
          ORDER BY completed_at DESC LIMIT 1`,
    backupId ? [backupId] : [],
  )
  const backup = rows[0]
  if (!backup) {
    throw new BackupNotFound(backupId ? 'There is no such backup: it may have been removed (the last 10 are kept).' : 'There is no backup to restore yet: create one first.')
  }
  const bytes = await getBytes(store, backup.object_key)
  if (!bytes) throw new BackupRefused(`The backup file ${backup.file} is missing from the store: nothing was restored.`)
  const document = await decodeBackup(bytes, backup.sha256)
  await onStep?.('restore-decoded')

  const client = await pool.connect()
  try {
    const shapes = await readTableShapes(client)
    const plan = planRestore(document, { appliedMigrations: await appliedMigrations(client), shapes })

    // Every object of the manifest must be in the store, or in trash/ to be brought back.
    // Objects the current rows use, with the size the index knows, are in place (they are
    // being served); every other one is asked of the store.
    const inUse = await referencedKeys(client, shapes)
    const indexed = await indexedObjects(pool, document.manifest.map((entry) => entry.key))
    const trash = await listObjects(store, TRASH_PREFIX)
    const toBringBack: ManifestEntry[] = []
    const missing: string[] = []
    const toCheck = document.manifest.filter((entry) => !(inUse.has(entry.key) && indexed.get(entry.key)?.size === entry.size))
    await eachLimited(toCheck, 16, async (entry) => {
      if ((await headKey(store, entry.key))?.size === entry.size) return
      if (trash.get(`${TRASH_PREFIX}${entry.key}`)?.size === entry.size) toBringBack.push(entry)
      else missing.push(entry.key)
    })
    if (missing.length) {
      missing.sort()
      throw new BackupRefused(
        `${missing.length} file${missing.length === 1 ? '' : 's'} of this backup ${missing.length === 1 ? 'is' : 'are'} no longer in the store (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): nothing was restored.`,
      )
    }

    await onStep?.('restore-objects-checked')
    const restorePoint = await createBackupLocked({ pool, store, kind: 'restore-point', log, retention: false })
    await onStep?.('restore-point-taken')

    await eachLimited(toBringBack, 16, (entry) => copyObject(store, `${TRASH_PREFIX}${entry.key}`, entry.key))
    const wrong: ManifestEntry[] = []
    await eachLimited(toBringBack, 16, async (entry) => {
      if ((await headKey(store, entry.key))?.size !== entry.size) wrong.push(entry)
    })
    if (wrong.length) {
      throw new BackupRefused(
        `${wrong.length} file(s) could not be brought back with their size (${wrong.slice(0, 3).map((entry) => entry.key).join(', ')}): nothing was restored.`,
      )
    }

    await onStep?.('restore-objects-back')
    await client.query('BEGIN')
    let before: { ids: Set<string>; keys: Set<string> }
    let restoredKeys: Set<string>
    try {
      // No other writer may change these tables between reading and replacing them.
      for (const shape of shapes) await client.query(`LOCK TABLE ${ident(shape.name)} IN EXCLUSIVE MODE`)
      const { rows: ids } = await client.query<{ id: string }>('SELECT id::text AS id FROM media')
      before = { ids: new Set(ids.map((row) => row.id)), keys: await referencedKeys(client, shapes) }
      for (const table of [...plan].reverse()) await client.query(`DELETE FROM ${ident(table.name)}`)
      for (const table of plan) {
        if (!table.rows.length) continue
        const columns = table.columns.map(ident).join(', ')
        await client.query(
          `INSERT INTO ${ident(table.name)} (${columns})
           SELECT ${columns} FROM jsonb_populate_recordset(NULL::${ident(table.name)}, $1::jsonb)`,
          [JSON.stringify(table.rows)],
        )
      }
      for (const shape of shapes) {
        for (const column of shape.serialColumns) {
          await client.query(
            `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${ident(column)}) FROM ${ident(shape.name)}), 0) + 1, false)`,
            [shape.name, column],
          )
        }
      }
      restoredKeys = new Set<string>()
      for (const table of plan) keysInRows(table.rows, restoredKeys)
      // Objects only the replaced rows used go to trash/; trash copies of what was brought back go.
      await recordRestoreTidy(
        client,
        [...before.keys].filter((key) => !restoredKeys.has(key)),
        toBringBack.map((entry) => entry.key),
      )
      // The triggers bump it for media and sections; a table added later may have none.
      await client.query('UPDATE gallery_read_version SET version = version + 1 WHERE id = 1')
      await onStep?.('restore-before-commit')
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    await onStep?.('restore-after-commit')

    await rememberObjects(pool, toBringBack).catch((error) => log('Could not index the objects brought back', error))
    await finishRestoreTidy(pool, store, log).catch((error) => log('Could not tidy the store after the restore; the next backup does', error))
    await onStep?.('restore-objects-tidied')
    await applyRetention({ pool, store, log }).catch((error) => log('Backup retention after the restore failed', error))

    const mediaRows = plan.find((table) => table.name === 'media')?.rows ?? []
    const restoredIds = new Set(mediaRows.map((row) => String(row.id)))
    const broughtBack = [...restoredIds].filter((id) => !before.ids.has(id)).length
    const removed = [...before.ids].filter((id) => !restoredIds.has(id)).length
    return {
      message: restoreMessage({ mediaCount: restoredIds.size, at: backup.snapshot_at, broughtBack, removed }),
      restoredFrom: backup.file,
      restorePoint,
      mediaCount: restoredIds.size,
      broughtBack,
      removed,
    }
  } finally {
    client.release()
  }
}

/** "Restored 1,204 media files from the backup of 22 Nov 2026, 14:30 UTC; 3 brought back, 2 removed." */
export function restoreMessage({ mediaCount, at, broughtBack, removed }: { mediaCount: number; at: Date; broughtBack: number; removed: number }) {
  const when = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(at)
  const files = `${mediaCount.toLocaleString('en-US')} media file${mediaCount === 1 ? '' : 's'}`
  return `Restored ${files} from the backup of ${when} UTC; ${broughtBack.toLocaleString('en-US')} brought back, ${removed.toLocaleString('en-US')} removed.`
}
