// Restoring a backup (docs/architecture.md §10). Everything that can be checked is checked before
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
// A restore changes one property (docs/properties-design.md §2.5): only its rows are replaced
// (each restored row is stamped with it, whatever the file says), its settings block written,
// its restore point taken, and only objects its replaced rows used go to trash/. A backup whose
// rows or objects another property holds is refused before anything changes.
import pLimit from 'p-limit'
import pRetry from 'p-retry'
import type { Pool, PoolClient } from 'pg'
import { type Checkpoints, NO_CHECKPOINTS, type RestoreCheckpoint } from '../checkpoints'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import { withPoolTransaction } from '../db/pool'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { type BackupContext, type BackupRecord, readSnapshot, writeBackup } from './create-backup'
import { BackupRefused, decodeBackup, keysInRows, type ManifestEntry, type PlannedTable, planRestore } from './format'
import { indexedObjects, keysOfOtherProperties, rememberObjects } from './object-index'
import { writePropertyBlock } from './property-block'
import { revokedShareLinks, restoredShareLinks } from './restored-share-links'
import { finishRestoreTidy, recordRestoreTidy } from './restore-tidy'
import { applyRetention } from './retention'
import { appliedMigrations } from './snapshot'
import { deleteOrder, ident, ownedRowsWhere, PROPERTY_COLUMN, readTableShapes, scopesOf, type TableShape } from './tables'
import { withSectionKeys } from './upgrade'
import { appStore, type ObjectStore } from '../storage/index'
import { backupTime } from '../../lib/format-backup-time'
import { copyObject } from '../storage/copy-object'
import { headObject } from '../storage/head-object'
import { KEY_PREFIXES, trashKey } from '../storage/keys'
import { listObjects } from '../storage/list-objects'
import { readObject } from '../storage/read-object'

export const NO_SUCH_BACKUP = 'There is no such backup: it may have been removed (the last 10 are kept).'

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

/**
 * What is left to do once the restored rows are committed: objects only the replaced rows used
 * go to trash/ (the restore point names them), the objects brought back join the index and
 * their trash copies go. Kept with the outcome so a re-run after a crash can finish it.
 */
export type TidyPlan = { orphaned: string[]; broughtBack: ManifestEntry[] }

type BackupRow = { id: string; file: string; object_key: string; sha256: string; snapshot_at: Date; property_id: string | null }

export type RestoreContext = Omit<BackupContext, 'checkpoints'> & {
  backupId?: string
  /** Told of each step (checkpoints.ts): a run records it, fault tests kill a process held there. */
  checkpoints?: Checkpoints<RestoreCheckpoint>
  /** Runs inside the restore's transaction just before COMMIT: what it writes commits with the rows. */
  beforeCommit?: (client: PoolClient, outcome: { result: RestoreResult; tidy: TidyPlan }) => Promise<void>
}

/**
 * Restores a backup: the one named, or the latest one that is not a restore point.
 * Throws BackupNotFound, BackupRefused (nothing changed) or LockBusy (waitMs passed).
 */
export async function restoreBackup(context: RestoreContext & { waitMs?: number }): Promise<RestoreResult> {
  return withPoolAdvisoryLock(context.pool, LOCKS.backup, () => restoreLocked(context), { waitMs: context.waitMs })
}

/** The backup a restore without an id takes: the property's latest that is not a restore point. */
export async function latestRestorable(pool: Pool, scope: PropertyScope): Promise<string | null> {
  const { rows } = await propertyDb(pool, scope).query<{ id: string }>`
    SELECT id FROM backups WHERE status = 'complete' AND kind <> 'restore-point' AND property_id = ${scope}
     ORDER BY completed_at DESC LIMIT 1`
  return rows[0]?.id ?? null
}

/**
 * A complete backup by id, of any property (the restore refuses another property's with its
 * reason); null when there is none.
 */
async function findCompleteBackup(pool: Pool, backupId: string | null): Promise<BackupRow | null> {
  const { rows } = await pool.query<BackupRow>(
    `SELECT id, file, object_key, sha256, snapshot_at, property_id::text AS property_id
       FROM backups WHERE status = 'complete' AND id = $1`,
    [backupId],
  )
  return rows[0] ?? null
}

/**
 * The backup the property may restore: throws BackupNotFound when there is none,
 * BackupOfAnotherProperty when it is another property's (a removed property's final backup,
 * which names none any more, may be restored into any).
 */
export async function restorableBackup(pool: Pool, scope: PropertyScope, backupId: string | null): Promise<BackupRow> {
  const backup = await findCompleteBackup(pool, backupId)
  if (!backup) throw new BackupNotFound(NO_SUCH_BACKUP)
  if (backup.property_id && backup.property_id !== scope.id) throw new BackupOfAnotherProperty(backup.property_id)
  return backup
}

/**
 * Another property holds the backup's rows or objects (answered 409): nothing was restored.
 * `propertyId`: the property the backup is recorded as, when that is what refused it.
 */
export class BackupOfAnotherProperty extends BackupRefused {
  constructor(readonly propertyId?: string) {
    super('This backup belongs to another property: nothing was restored.')
    this.name = 'BackupOfAnotherProperty'
  }
}

/**
 * Refuses (BackupOfAnotherProperty) when another property holds a row with one of the backup's unique
 * values (media and section ids, storage keys, file names) or uses one of its objects.
 */
async function refuseOtherProperties(client: PoolClient, scope: PropertyScope, shapes: TableShape[], plan: PlannedTable[], manifestKeys: string[]) {
  const db = propertyDb(client, scope)
  for (const shape of shapes) {
    if (shape.scope.kind !== 'own') continue
    const table = plan.find((planned) => planned.name === shape.name)
    for (const column of shape.uniqueColumns) {
      if (!table?.columns.includes(column)) continue
      const values = table.rows.map((row) => row[column]).filter((value) => value !== null && value !== undefined).map(String)
      if (!values.length) continue
      const { rows } = await db.query`
        SELECT 1 FROM ${raw(ident(shape.name))}
         WHERE ${raw(ident(column))}::text = ANY (${values}::text[]) AND ${raw(ident(PROPERTY_COLUMN))} <> ${scope} LIMIT 1`
      if (rows.length) throw new BackupOfAnotherProperty()
    }
  }
  if (manifestKeys.length && (await keysOfOtherProperties(client, scope, manifestKeys)).length) {
    throw new BackupOfAnotherProperty()
  }
}

/** Deletes the property's rows of every backed-up table (children first); a restore's and a property's removal's. */
export async function deletePropertyRows(client: PoolClient, scope: PropertyScope, shapes: TableShape[]) {
  const scopes = scopesOf(shapes)
  for (const table of deleteOrder(shapes)) {
    const where = ownedRowsWhere(table, scopes)
    await propertyDb(client, scope).query`DELETE FROM ${raw(ident(table))} WHERE ${raw(where.before)}${scope}${raw(where.after)}`
  }
}

/**
 * Inserts a table's restored rows; a table with its own property column gets the property's id,
 * never the file's. A column naming a row outside the backup that is gone since (the account
 * that made a share link) is written null, as its foreign key would have made it.
 */
async function insertRows(client: PoolClient, scope: PropertyScope, shape: TableShape, table: PlannedTable) {
  const json = JSON.stringify(table.rows)
  const name = raw(ident(table.name))
  const loose = new Map((shape.looseReferences ?? []).map((reference) => [reference.column, reference]))
  const valueOf = (column: string) => {
    const reference = loose.get(column)
    if (!reference) return `r.${ident(column)}`
    return `(SELECT o.${ident(reference.parentColumn)} FROM ${ident(reference.parent)} o WHERE o.${ident(reference.parentColumn)} = r.${ident(column)})`
  }
  const own = shape.scope.kind === 'own'
  const written = table.columns.filter((column) => !own || column !== PROPERTY_COLUMN)
  const columns = [...written, ...(own ? [PROPERTY_COLUMN] : [])].map(ident).join(', ')
  const values = written.map(valueOf).join(', ')
  if (own) {
    // Stamped with the property the restore changes.
    const list = raw(written.length ? ', ' : '')
    await propertyDb(client, scope).query`
      INSERT INTO ${name} (${raw(columns)})
      SELECT ${raw(values)}${list}${scope}::uuid FROM json_populate_recordset(NULL::${name}, ${json}::json) r`
    return
  }
  // Stamped through its parent: its rows name the property's parents just restored.
  await client.query(
    `INSERT INTO ${ident(table.name)} (${columns})
     SELECT ${values} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json) r`,
    [json],
  )
}

/** How long the restore waits for one table's lock before it gives back those it took. */
const LOCK_WAIT_MS = 500
const LOCK_ATTEMPTS = 40
const LOCK_RETRY_MS = 250
/** PostgreSQL's lock_not_available (lock_timeout) and deadlock_detected. */
const LOCK_GAVE_WAY = new Set(['55P03', '40P01'])
const gaveWay = (error: unknown) => LOCK_GAVE_WAY.has((error as { code?: string }).code ?? '')

/** Objects asked of the store (HEAD) at once, and copied back from trash/ at once. */
const HEAD_CONCURRENCY = 16
const COPY_BACK_CONCURRENCY = 24

/**
 * Takes every table's EXCLUSIVE lock, all or none. The tables are locked one after another, so a
 * writer holding one of the later ones (a save, an analysis, an ingest) that then wants one the
 * restore already took would deadlock with it, and PostgreSQL would cancel one of the two. Each
 * lock is waited for at most LOCK_WAIT_MS, less than PostgreSQL's deadlock_timeout (1 s): past
 * it the restore gives back what it took (to a savepoint), the writer finishes, and the restore
 * tries again, LOCK_RETRY_MS later, up to LOCK_ATTEMPTS times; any other error ends it at once.
 */
async function lockTables(client: PoolClient, tables: string[]) {
  const attempt = async () => {
    await client.query('SAVEPOINT restore_locks')
    try {
      await client.query(`SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`)
      for (const table of tables) await client.query(`LOCK TABLE ${ident(table)} IN EXCLUSIVE MODE`)
      await client.query('SET LOCAL lock_timeout = 0')
      await client.query('RELEASE SAVEPOINT restore_locks')
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT restore_locks')
      throw error
    }
  }
  try {
    await pRetry(attempt, {
      retries: LOCK_ATTEMPTS - 1,
      minTimeout: LOCK_RETRY_MS,
      factor: 1,
      shouldRetry: ({ error }) => gaveWay(error),
    })
  } catch (error) {
    if (!gaveWay(error)) throw error
    throw new BackupRefused('Other changes kept the gallery busy and nothing was restored: try again in a moment.')
  }
}

/** Restores the property's rows; the caller holds LOCKS.backup. */
export async function restoreLocked({
  pool,
  scope,
  store = appStore(),
  backupId,
  checkpoints = NO_CHECKPOINTS,
  log = () => undefined,
  beforeCommit,
}: RestoreContext): Promise<RestoreResult> {
  // A restore killed after its commit left object moves: they come first.
  await finishRestoreTidy(pool, store, log)
  const target = backupId ?? (await latestRestorable(pool, scope))
  if (!target) throw new BackupNotFound('There is no backup to restore yet: create one first.')
  const backup = await restorableBackup(pool, scope, target)
  const bytes = await readObject({ store, key: backup.object_key })
  if (!bytes) throw new BackupRefused(`The backup file ${backup.file} is missing from the store: nothing was restored.`)
  const decoded = await decodeBackup(bytes, backup.sha256)
  await checkpoints.reached('restore-decoded')

  // Planned in the transaction that replaces the rows: the tables and migrations it plans from
  // are the ones it replaces under.
  const { result, tidy } = await withPoolTransaction(pool, async (client) => {
    const shapes = await readTableShapes(client)
    const document = withSectionKeys(decoded, await sectionIdsByKey(client, scope))
    const plan = planRestore(document, { appliedMigrations: await appliedMigrations(client), shapes })
    await checkpoints.reached('restore-planned')

    // No other writer may change these tables from here to the end (readers go on): the
    // restore point is then exactly what the restore replaces.
    await lockTables(client, shapes.map((shape) => shape.name))
    await checkpoints.reached('restore-locked')
    await refuseOtherProperties(client, scope, shapes, plan, document.manifest.map((entry) => entry.key))
    // trash/ is listed while the rows are read (a photo deleted just before is in one or the other).
    const [current, trash] = await Promise.all([readSnapshot(client, shapes, scope), listObjects({ store, prefix: KEY_PREFIXES.trash })])
    const { rows: ids } = await propertyDb(client, scope).query<{ id: string }>`SELECT id::text AS id FROM media WHERE property_id = ${scope}`
    const before = { ids: new Set(ids.map((row) => row.id)), keys: current.keys }
    // Share links come back as restored-share-links.ts says: same property or another, revoked since.
    const linkRules = {
      sameProperty: backup.property_id === scope.id,
      revokedSince: await revokedShareLinks(client, scope),
      at: new Date().toISOString(),
    }
    await checkpoints.reached('restore-before-read')

    // Every object of the manifest must be in the store, or in trash/ to be brought back.
    // Objects the current rows use, with the size the index knows, are in place (they are
    // being served); one in trash/ with its size is brought back; any other is asked of the store.
    const indexed = await indexedObjects(pool, [...new Set([...document.manifest.map((entry) => entry.key), ...current.keys])])
    const toBringBack: Array<ManifestEntry & { trashEtag: string | null }> = []
    const missing: string[] = []
    const toAsk: ManifestEntry[] = []
    for (const entry of document.manifest) {
      if (current.keys.has(entry.key) && indexed.get(entry.key)?.size === entry.size) continue
      const inTrash = trash.get(trashKey(entry.key))
      if (inTrash?.size === entry.size) toBringBack.push({ ...entry, trashEtag: inTrash.etag })
      else toAsk.push(entry)
    }
    await pLimit(HEAD_CONCURRENCY).map(toAsk, async (entry) => {
      if ((await headObject({ store, key: entry.key }))?.size !== entry.size) missing.push(entry.key)
    })
    if (missing.length) {
      missing.sort()
      throw new BackupRefused(
        `${missing.length} file${missing.length === 1 ? '' : 's'} of this backup ${missing.length === 1 ? 'is' : 'are'} no longer in the store (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): nothing was restored.`,
      )
    }
    await checkpoints.reached('restore-objects-checked')

    // Three things at once: the restore point written (gzip and upload), the objects copied
    // back from trash/, and the rows replaced in this transaction. COMMIT only when all are done.
    const restorePointWritten = writeBackup({
      pool,
      scope,
      store,
      kind: 'restore-point',
      snapshot: current,
      log,
      pruneIndex: false,
      known: indexed,
      checkpoints: { reached: (point, subject) => checkpoints.reached(`restore-point:${point}`, subject) },
    })
    const objectsBack = bringBack(store, toBringBack)
    // Both run to the end even when the other fails, so none is left running after a ROLLBACK.
    const settled = Promise.allSettled([restorePointWritten, objectsBack])

    let restoredKeys: Set<string>
    try {
      // Tables the backup's format did not hold keep the property's rows.
      const kept = new Set(plan.filter((table) => table.keep).map((table) => table.name))
      await deletePropertyRows(client, scope, shapes.filter((shape) => !kept.has(shape.name)))
      await checkpoints.reached('restore-deleted')
      for (const table of plan) {
        if (!table.rows.length) continue
        const rows = table.name === 'share_links' ? restoredShareLinks(table.rows, linkRules) : table.rows
        await insertRows(client, scope, shapes.find((shape) => shape.name === table.name)!, { ...table, rows })
      }
      for (const shape of shapes) {
        for (const column of shape.serialColumns) {
          await client.query(
            `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${ident(column)}) FROM ${ident(shape.name)}), 0) + 1, false)`,
            [shape.name, column],
          )
        }
      }
      // The property's settings come back with its rows (its cover photo is one of them).
      if (document.property) await writePropertyBlock(client, scope, document.property)
      await checkpoints.reached('restore-inserted')
      restoredKeys = new Set<string>()
      for (const table of plan) keysInRows(table.rows, restoredKeys)
      // The triggers bump it for media and sections; a table added later may have none.
      await propertyDb(client, scope).query`UPDATE gallery_read_version SET version = version + 1 WHERE property_id = ${scope}`
    } finally {
      await settled
    }
    const restorePoint = await restorePointWritten
    await checkpoints.reached('restore-point-taken')
    const wrong = await objectsBack
    if (wrong.length) {
      throw new BackupRefused(
        `${wrong.length} file(s) could not be brought back with their size (${wrong.slice(0, 3).join(', ')}): nothing was restored.`,
      )
    }
    await checkpoints.reached('restore-objects-back')

    const mediaRows = plan.find((table) => table.name === 'media')?.rows ?? []
    const restoredIds = new Set(mediaRows.map((row) => String(row.id)))
    const broughtBack = [...restoredIds].filter((id) => !before.ids.has(id)).length
    const removed = [...before.ids].filter((id) => !restoredIds.has(id)).length
    const result: RestoreResult = {
      message: restoreMessage({ mediaCount: restoredIds.size, at: backup.snapshot_at, broughtBack, removed }),
      restoredFrom: backup.file,
      restorePoint,
      mediaCount: restoredIds.size,
      broughtBack,
      removed,
    }
    const tidy: TidyPlan = {
      orphaned: [...before.keys].filter((key) => !restoredKeys.has(key)),
      broughtBack: toBringBack.map(({ key, size, etag }) => ({ key, size, etag })),
    }
    // The moves the restore owes commit with it (restore-tidy.ts).
    await recordRestoreTidy(client, tidy.orphaned, tidy.broughtBack.map((entry) => entry.key))
    await beforeCommit?.(client, { result, tidy })
    await checkpoints.reached('restore-before-commit')
    return { result, tidy }
  })
  await checkpoints.reached('restore-after-commit')
  await tidyAfterRestore({ pool, scope, store, plan: tidy, log })
  await checkpoints.reached('restore-objects-tidied')
  return result
}

/** The restoring property's section ids by key (a pre-key backup's sections take them). */
async function sectionIdsByKey(client: PoolClient, scope: PropertyScope): Promise<Map<string, string>> {
  const { rows } = await propertyDb(client, scope).query<{ key: string; id: string }>`
    SELECT key, id::text AS id FROM gallery_sections WHERE property_id = ${scope}`
  return new Map(rows.map((row) => [row.key, row.id]))
}

/**
 * Copies objects back from trash/ (many at a time) and verifies each: the copy's ETag equal to
 * the trash copy's (listed with the manifest's size) shows the same bytes; otherwise its size
 * is asked of the store. Answers the keys that did not come back right.
 */
async function bringBack(store: ObjectStore, entries: Array<ManifestEntry & { trashEtag: string | null }>): Promise<string[]> {
  const wrong: string[] = []
  await pLimit(COPY_BACK_CONCURRENCY).map(entries, async (entry) => {
    try {
      const etag = await copyObject({ store, from: trashKey(entry.key), to: entry.key })
      if (etag && entry.trashEtag && etag === entry.trashEtag) return
      if ((await headObject({ store, key: entry.key }))?.size !== entry.size) wrong.push(entry.key)
    } catch {
      wrong.push(entry.key)
    }
  })
  return wrong.sort()
}

/**
 * After a restore's COMMIT, under the same lock: the objects brought back are indexed, the
 * moves recorded with the commit are made (objects only the replaced rows used go to trash/,
 * where the restore point refers to them; trash copies of what came back are removed), then
 * retention. Idempotent: a re-run after a crash finishes the work.
 */
export async function tidyAfterRestore({
  pool,
  scope,
  store,
  plan,
  log = () => undefined,
}: {
  pool: Pool
  scope: PropertyScope
  store: ObjectStore
  plan: TidyPlan
  log?: (message: string, error?: unknown) => void
}) {
  await rememberObjects(pool, scope, plan.broughtBack).catch((error) => log('Could not index the objects brought back', error))
  await finishRestoreTidy(pool, store, log).catch((error) => log('Could not tidy the store after the restore; the next backup does', error))
  await applyRetention({ pool, scope, store, log }).catch((error) => log('Backup retention after the restore failed', error))
}

/** "Restored 1,204 media files from the backup of 22 Nov 2026, 14:30 UTC; 3 brought back, 2 removed." */
export function restoreMessage({ mediaCount, at, broughtBack, removed }: { mediaCount: number; at: Date; broughtBack: number; removed: number }) {
  const files = `${mediaCount.toLocaleString('en-US')} media file${mediaCount === 1 ? '' : 's'}`
  return `Restored ${files} from the backup of ${backupTime(at, 'UTC')}; ${broughtBack.toLocaleString('en-US')} brought back, ${removed.toLocaleString('en-US')} removed.`
}
