// The one way a backfill after an upgrade is queued at start: when a media row still needs it and
// no job of its task is queued or running (so several starts queue it once).
import type { Payload, TypedJobs } from 'payload'
import { poolOf } from '../db/pool'

/** `needs`: the condition (fixed SQL text, never a request's value) on media rows that still need the backfill. */
export async function queueBackfillOnce(
  payload: Payload,
  { task, needs, queue }: { task: keyof TypedJobs['tasks']; needs: string; queue?: string },
): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ needed: boolean; waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM media WHERE ${needs}) AS needed,
            EXISTS (SELECT 1 FROM payload_jobs WHERE task_slug = $1 AND completed_at IS NULL AND has_error IS NOT TRUE) AS waiting`,
    [task],
  )
  if (!rows[0].needed || rows[0].waiting) return false
  await payload.jobs.queue({ task, input: {} as never, queue })
  return true
}
