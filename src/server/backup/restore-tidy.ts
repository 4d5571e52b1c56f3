// What a restore still owes the store once its rows are committed: objects only the replaced
// rows used move to trash/ (where the restore point keeps them), and the trash copies of the
// objects it brought back are removed. The list is written in the restore's own transaction
// (table backup_restore_tidy), so a process killed after the commit loses none of it: the
// next backup or restore, holding the same lock, finishes it first. Idempotent.
import type { Pool, PoolClient } from 'pg'
import { referencedKeys } from './snapshot'
import { type BackupStore, copyObject, deleteKey, eachLimited, headKey, TRASH_PREFIX } from './store'
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

/** Carries out the recorded moves; the caller holds LOCKS.backup. A failed move stays recorded. */
export async function finishRestoreTidy(pool: Pool, store: BackupStore, log: (message: string, error?: unknown) => void) {
  const { rows } = await pool.query<{ key: string; action: TidyAction }>(`SELECT key, action FROM backup_restore_tidy`)
  if (!rows.length) return
  // A key the current rows use again stays where it is (never moved away from under them).
  const client = await pool.connect()
  const inUse = await referencedKeys(client, await readTableShapes(client)).finally(() => client.release())
  await eachLimited(rows, 8, async ({ key, action }) => {
    try {
      if (action === 'to-trash' && !inUse.has(key) && (await headKey(store, key))) {
        await copyObject(store, key, `${TRASH_PREFIX}${key}`)
        await deleteKey(store, key)
      }
      if (action === 'clear-trash') await deleteKey(store, `${TRASH_PREFIX}${key}`)
      await pool.query(`DELETE FROM backup_restore_tidy WHERE key = $1 AND action = $2`, [key, action])
    } catch (error) {
      log(action === 'to-trash' ? `Could not move ${key} to trash after the restore` : `Could not clear trash/${key}`, error)
    }
  })
}
