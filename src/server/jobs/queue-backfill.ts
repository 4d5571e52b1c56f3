// Queues a media backfill job (hashes, public copies, quality codes) after an upgrade: once,
// when a media row needs it and no job of that task is queued or running already.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'

/** `needs` is a condition on the media table (SQL, a constant of the caller); answers whether it queued one. */
export async function queueBackfillWhenNeeded(payload: Payload, task: string, needs: string): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ needed: boolean; waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM media WHERE ${needs}) AS needed,
            EXISTS (SELECT 1 FROM payload_jobs WHERE task_slug = $1 AND completed_at IS NULL AND has_error IS NOT TRUE) AS waiting`,
    [task],
  )
  if (!rows[0].needed || rows[0].waiting) return false
  await payload.jobs.queue({ task: task as never, input: {} as never })
  return true
}
