// Deleted media's objects, a rejected original and objects only replaced rows used move
// under trash/ instead of disappearing: backups decide when trash is purged (docs/architecture.md §6).
import pLimit from 'p-limit'
import { appStore, type StoreArgs } from './index'
import { copyObject } from './copy-object'
import { deleteObjects } from './delete-objects'
import { isMissing } from './errors'
import { trashKey } from './keys'

/** Copies in flight at once: each is one short request to the store. */
const COPY_CONCURRENCY = 16

export type TrashMoves = {
  /** Now under trash/ and gone from their keys. */
  moved: string[]
  /** Not there to move (moved already, or never stored). */
  gone: string[]
  /** Still at their keys: the store refused the copy or the delete. */
  failed: Array<{ key: string; error: unknown }>
}

/**
 * Moves objects to trash/: each copied (a few at a time), then the copied ones deleted
 * together. Idempotent: a key already moved is reported gone. Never throws for one key.
 */
export async function moveToTrash({ store = appStore(), keys }: StoreArgs & { keys: string[] }): Promise<TrashMoves> {
  const result: TrashMoves = { moved: [], gone: [], failed: [] }
  const copied: string[] = []
  await pLimit(COPY_CONCURRENCY).map([...new Set(keys)], async (key) => {
    try {
      await copyObject({ store, from: key, to: trashKey(key) })
      copied.push(key)
    } catch (error) {
      if (isMissing(error)) result.gone.push(key)
      else result.failed.push({ key, error })
    }
  })
  try {
    await deleteObjects({ store, keys: copied })
    result.moved.push(...copied)
  } catch (error) {
    result.failed.push(...copied.map((key) => ({ key, error })))
  }
  return result
}
