// What a restore still owes the store once its rows are committed: objects only the replaced
// rows used move to trash/ (where the restore point keeps them), and the trash copies of the
// objects it brought back are removed. The list is written in the restore's own transaction
// (table backup_restore_tidy), so a process killed after the commit loses none of it: the
// restore's re-run, or the next backup or restore (holding the same lock), finishes it first.
// Idempotent: an object already moved is not there to move again.
import type { Pool, PoolClient } from 'pg'
import { keysInJsonText } from './format'
import { tableRowsJson } from './snapshot'
import { type BackupStore, copyObject, deleteKeys, eachLimited, isMissing, TRASH_PREFIX } from './store'
import { readTableShapes } from './tables'

export type TidyAction = 'to-trash' | 'clear-trash'

/** Records the moves inside the restore's transaction (client has BEGIN). */
export async function recordRestoreTidy(client: PoolClient, toTrash: string[], clearTrash: string[]) {
  for (const [action, keys] of [['to-trash', toTrash], ['clear-trash', clearTrash]] as const) {
    if (!keys.length) continue
    await client.query(
      `INSERT INTO backup_restore_tidy (key, action) SELECT unnest($1::varchar[]), $2
       ON CONFLICT (key) DO UPDATE SET action = EXCLUDED.action`,
      [keys, action],
    )
  }
}

/** Carries out the recorded moves; the caller holds LOCKS.backup. A move that fails stays recorded. */
export async function finishRestoreTidy(pool: Pool, store: BackupStore, log: (message: string, error?: unknown) => void) {
  const { rows } = await pool.query<{ key: string; action: TidyAction }>(`SELECT key, action FROM backup_restore_tidy`)
  if (!rows.length) return
  // A key the current rows use again stays where it is (never moved away from under them).
  const inUse = await keysInUse(pool)

  // S3 has no move: copied one by one, then the originals deleted together.
  const done: string[] = []
  const moved: string[] = []
  await eachLimited(
    rows.filter((row) => row.action === 'to-trash'),
    16,
    async ({ key }) => {
      if (inUse.has(key)) {
        done.push(key)
        return
      }
      try {
        await copyObject(store, key, `${TRASH_PREFIX}${key}`)
        moved.push(key)
      } catch (error) {
        // Already moved (a re-run) or never stored: nothing left to keep.
        if (isMissing(error)) done.push(key)
        else log(`Could not move ${key} to trash after the restore`, error)
      }
    },
  )
  try {
    await deleteKeys(store, moved)
    done.push(...moved)
  } catch (error) {
    log('Could not remove objects moved to trash after the restore', error)
  }
  const clear = rows.filter((row) => row.action === 'clear-trash').map((row) => row.key)
  try {
    await deleteKeys(store, clear.map((key) => `${TRASH_PREFIX}${key}`))
    done.push(...clear)
  } catch (error) {
    log('Could not clear the trash copies of the objects brought back', error)
  }
  if (done.length) await pool.query(`DELETE FROM backup_restore_tidy WHERE key = ANY($1::varchar[])`, [done])
}

/** The object keys the backed-up tables' rows refer to now. */
async function keysInUse(pool: Pool): Promise<Set<string>> {
  const client = await pool.connect()
  try {
    const keys = new Set<string>()
    for (const shape of await readTableShapes(client)) keysInJsonText((await tableRowsJson(client, shape.name)).rowsJson, keys)
    return keys
  } finally {
    client.release()
  }
}
