// Making a backup (docs/architecture.md §10): the rows of every backed-up table read in one
// REPEATABLE READ snapshot, the manifest of the objects they refer to, written as one gzip
// JSON object under a temporary key and finished by copy + delete; only then is its row
// marked complete with its sha256. A process killed half-way leaves a row still marked
// running and maybe a temporary object: the next backup (which holds the same lock, so
// nothing else is running) clears both, and lists never show anything but complete backups.
// A backup holds one property (docs/properties-design.md §2.5): its rows of every backed-up
// table, its settings block, and the objects those refer to; its row names the property.
import type { Pool, PoolClient } from 'pg'
import { type BackupCheckpoint, type Checkpoints, NO_CHECKPOINTS } from '../checkpoints'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import { withPoolTransaction } from '../db/pool'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { BACKUP_FORMAT, type BackupKind, encodeBackup, keysInJsonText, type ManifestEntry } from './format'
import { buildManifest } from './object-index'
import { type PropertyBlock, readPropertyBlock } from './property-block'
import { finishRestoreTidy } from './restore-tidy'
import { applyRetention } from './retention'
import { appliedMigrations, tableRowsJson } from './snapshot'
import { readTableShapes, scopesOf, type TableShape } from './tables'
import { appStore, type ObjectStore } from '../storage/index'
import { copyObject } from '../storage/copy-object'
import { deleteObject } from '../storage/delete-object'
import { backupKey, incompleteBackupKey } from '../storage/keys'
import { putObject } from '../storage/put-object'

export type BackupContext = {
  pool: Pool
  /** The property the backup is of (or the restore changes). */
  scope: PropertyScope
  store?: ObjectStore
  /** Told of each step (checkpoints.ts): a run records it, fault tests kill a process held there. */
  checkpoints?: Checkpoints<BackupCheckpoint>
  log?: (message: string, error?: unknown) => void
}

export type BackupRecord = {
  id: string
  kind: BackupKind
  file: string
  objectKey: string
  sha256: string
  bytes: number
  mediaCount: number
  sectionCount: number
  objectCount: number
  snapshotAt: string
  completedAt: string
}

/** The backup could not be made (the store or the database failed); nothing is listed for it. */
export class BackupFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'BackupFailed'
  }
}

/** Makes one backup, waiting for any backup or restore in progress (or up to waitMs, then LockBusy). */
export async function createBackup(context: BackupContext & { kind: BackupKind; waitMs?: number }): Promise<BackupRecord> {
  return withPoolAdvisoryLock(context.pool, LOCKS.backup, () => createBackupLocked(context), { waitMs: context.waitMs })
}

/** The file name a backup gets: its time and kind, sortable. */
export const backupFileName = (at: Date, kind: BackupKind) =>
  `backup-${at.toISOString().replace(/[:.]/g, '-')}-${kind}.json.gz`

/** The rows and object keys of one consistent read of every backed-up table. */
export type Snapshot = {
  property: PropertyBlock | null
  tables: Array<{ name: string; columns: string[]; rowsJson: string; count: number }>
  keys: Set<string>
  migration: string
  snapshotAt: string
}

/** Makes one backup; the caller holds LOCKS.backup. */
export async function createBackupLocked({
  pool,
  scope,
  kind,
  store = appStore(),
  checkpoints = NO_CHECKPOINTS,
  log = () => undefined,
  retention = true,
}: BackupContext & { kind: BackupKind; retention?: boolean }): Promise<BackupRecord> {
  await clearInterrupted(pool, store, log)
  // A restore killed after its commit left object moves: they come first.
  await finishRestoreTidy(pool, store, log).catch((error) => log('Could not finish the object moves of an interrupted restore', error))
  const snapshot = await takeSnapshot(pool, scope)
  await checkpoints.reached('backup-snapshot-read')
  const record = await writeBackup({ pool, scope, store, kind, snapshot, checkpoints, log })
  // Old backups and unreferenced trash go after a good backup; a failure there loses nothing.
  if (retention) await applyRetention({ pool, scope, store, log }).catch((error) => log('Backup retention failed; it runs again after the next backup', error))
  return record
}

/**
 * Writes a snapshot as a backup: its row (marked running), the manifest, gzip, the object
 * under a temporary key, copied to its name, and only then the row marked complete.
 */
export async function writeBackup({
  pool,
  scope,
  store,
  kind,
  snapshot,
  checkpoints = NO_CHECKPOINTS,
  log = () => undefined,
  pruneIndex = true,
  known,
}: Omit<BackupContext, 'store'> & {
  store: ObjectStore
  kind: BackupKind
  snapshot: Snapshot
  /** Drop index entries of keys no row refers to (not for a restore point: the restore brings some back). */
  pruneIndex?: boolean
  /** Index entries the caller already read (a restore reads them for its checks). */
  known?: Map<string, ManifestEntry>
}): Promise<BackupRecord> {
  const file = backupFileName(new Date(), kind)
  const objectKey = backupKey(file)
  const tempKey = incompleteBackupKey(file)
  const { rows } = await propertyDb(pool, scope).query<{ id: string }>`
    INSERT INTO backups (kind, file, object_key, temp_key, property_id, property_slug)
    VALUES (${kind}, ${file}, ${objectKey}, ${tempKey}, ${scope}::uuid, ${scope.slug}) RETURNING id`
  const id = rows[0].id

  try {
    const { manifest, missing } = await buildManifest(pool, store, scope, snapshot.keys, { prune: pruneIndex, known })
    await checkpoints.reached('backup-manifest-built')
    if (missing) log(`Backup ${file}: ${missing} referenced objects were not in the store and are not in its manifest`)

    const { bytes, sha256 } = await encodeBackup({
      kind,
      createdAt: snapshot.snapshotAt,
      migration: snapshot.migration,
      property: snapshot.property,
      tables: snapshot.tables,
      manifest,
    })
    await checkpoints.reached('backup-encoded')
    await putObject({ store, key: tempKey, body: bytes, contentType: 'application/gzip' })
    await checkpoints.reached('backup-written')
    await copyObject({ store, from: tempKey, to: objectKey })
    await deleteObject({ store, key: tempKey })

    const counts = (name: string) => snapshot.tables.find((table) => table.name === name)?.count ?? 0
    const { rows: done } = await pool.query<{ completed_at: Date }>(
      `UPDATE backups SET status = 'complete', sha256 = $2, bytes = $3, format = $4, migration = $5, media_count = $6,
              section_count = $7, object_count = $8, manifest_keys = $9, snapshot_at = $10, completed_at = now()
        WHERE id = $1 RETURNING completed_at`,
      [id, sha256, bytes.length, BACKUP_FORMAT, snapshot.migration, counts('media'), counts('gallery_sections'),
        manifest.length, manifest.map((entry) => entry.key), snapshot.snapshotAt],
    )
    const record: BackupRecord = {
      id,
      kind,
      file,
      objectKey,
      sha256,
      bytes: bytes.length,
      mediaCount: counts('media'),
      sectionCount: counts('gallery_sections'),
      objectCount: manifest.length,
      snapshotAt: snapshot.snapshotAt,
      completedAt: done[0].completed_at.toISOString(),
    }
    await checkpoints.reached('backup-recorded')
    return record
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await pool
      .query(`UPDATE backups SET status = 'failed', error = $2, completed_at = now() WHERE id = $1`, [id, reason.slice(0, 500)])
      .catch(() => undefined)
    await deleteObject({ store, key: tempKey }).catch(() => undefined)
    throw new BackupFailed(`The backup could not be written: ${reason}`, { cause: error })
  }
}

/** One REPEATABLE READ snapshot of the property's rows of every backed-up table. */
export async function takeSnapshot(pool: Pool, scope: PropertyScope): Promise<Snapshot> {
  try {
    return await withPoolTransaction(pool, async (client) => readSnapshot(client, await readTableShapes(client), scope), {
      begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    })
  } catch (error) {
    throw new BackupFailed(`The backup could not be written: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
}

/**
 * Reads the property's rows of every backed-up table as PostgreSQL's own JSON, and the object
 * keys in them. The caller makes the reads consistent: a REPEATABLE READ transaction, or (a
 * restore) the tables locked.
 */
export async function readSnapshot(client: PoolClient, shapes: TableShape[], scope: PropertyScope): Promise<Snapshot> {
  const migrations = await appliedMigrations(client)
  const { rows } = await client.query<{ at: Date }>('SELECT now() AS at')
  const scopes = scopesOf(shapes)
  const tables = []
  for (const shape of shapes) {
    tables.push({ name: shape.name, columns: shape.columns, ...(await tableRowsJson(client, scope, shape.name, scopes)) })
  }
  const keys = new Set<string>()
  for (const table of tables) keysInJsonText(table.rowsJson, keys)
  const property = await readPropertyBlock(client, scope)
  return { property, tables, keys, migration: migrations.at(-1) ?? 'none', snapshotAt: rows[0].at.toISOString() }
}

/**
 * Rows left marked running by a process that stopped, of any property (the backup lock is the
 * installation's: none is running): their objects are removed, the rows marked failed.
 */
async function clearInterrupted(pool: Pool, store: ObjectStore, log: NonNullable<BackupContext['log']>) {
  const { rows } = await pool.query<{ id: string; object_key: string; temp_key: string }>(
    `SELECT id, object_key, temp_key FROM backups WHERE status = 'running'`,
  )
  for (const row of rows) {
    try {
      await deleteObject({ store, key: row.temp_key })
      await deleteObject({ store, key: row.object_key })
      await pool.query(
        `UPDATE backups SET status = 'failed', error = 'Interrupted: the process stopped before the backup was finished.', completed_at = now() WHERE id = $1`,
        [row.id],
      )
    } catch (error) {
      log(`Could not clear the interrupted backup ${row.id}`, error)
    }
  }
}
