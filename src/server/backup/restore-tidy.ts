// What a restore still owes the store once its rows are committed: objects only the replaced
// rows used move to trash/ (where the restore point keeps them), and the trash copies of the
// objects it brought back are removed. The list is written in the restore's own transaction
// (table backup_restore_tidy), so a process killed after the commit loses none of it: the
// restore's re-run, or the next backup or restore (holding the same lock), finishes it first.
// Idempotent: an object already moved is not there to move again.
// A property's removal records its objects here the same way (src/server/properties/remove-property.ts).
import type { Pool, PoolClient } from 'pg'
import { keysInJsonText } from './format'
import { allRowsJson } from './snapshot'
import type { ObjectStore } from '../storage/index'
import { deleteObjects } from '../storage/delete-objects'
import { trashKey } from '../storage/keys'
import { moveToTrash } from '../storage/move-to-trash'
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
export async function finishRestoreTidy(pool: Pool, store: ObjectStore, log: (message: string, error?: unknown) => void) {
  const { rows } = await pool.query<{ key: string; action: TidyAction }>(`SELECT key, action FROM backup_restore_tidy`)
  if (!rows.length) return
  // A key the current rows use again stays where it is (never moved away from under them).
  const inUse = await keysInUse(pool)

  const toTrash = rows.filter((row) => row.action === 'to-trash').map((row) => row.key)
  const done = toTrash.filter((key) => inUse.has(key))
  // Already moved (a re-run) or never stored: nothing left to keep either.
  const { moved, gone, failed } = await moveToTrash({ store, keys: toTrash.filter((key) => !inUse.has(key)) })
  done.push(...moved, ...gone)
  for (const { key, error } of failed) log(`Could not move ${key} to trash after the restore`, error)
  const clear = rows.filter((row) => row.action === 'clear-trash').map((row) => row.key)
  try {
    await deleteObjects({ store, keys: clear.map(trashKey) })
    done.push(...clear)
  } catch (error) {
    log('Could not clear the trash copies of the objects brought back', error)
  }
  if (done.length) await pool.query(`DELETE FROM backup_restore_tidy WHERE key = ANY($1::varchar[])`, [done])
}

/** The object keys the backed-up tables' rows of every property refer to now. */
async function keysInUse(pool: Pool): Promise<Set<string>> {
  const client = await pool.connect()
  try {
    const keys = new Set<string>()
    for (const shape of await readTableShapes(client)) keysInJsonText(await allRowsJson(client, shape.name), keys)
    return keys
  } finally {
    client.release()
  }
}
