// A run's progress and its end, written by the work itself (the jobs). Each write changes only
// the run's own progress columns and only while the run is running, so a late or repeated
// write (a job re-run after its worker died) never reopens or rewrites a finished run.
import type { Db } from './run'

/** Progress: work done (and the total, once known), or the step a backup or restore is at. Touches the run. */
export async function recordProgress(db: Db, runId: string, progress: { done?: number; total?: number; step?: string }): Promise<void> {
  await db.query(
    `UPDATE runs SET done = coalesce($2, done), total = coalesce($3, total), step = coalesce($4, step), updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [runId, progress.done ?? null, progress.total ?? null, progress.step ?? null],
  )
}

/**
 * Ends a running run as done with its answer; `detail` is merged into the run's detail (what it
 * still owes, e.g. a restore's tidying). Answers whether this call ended it.
 */
export async function finishRun(db: Db, runId: string, result: Record<string, unknown>, detail?: Record<string, unknown>): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE runs SET status = 'done', done = greatest(done, total), result = $2::jsonb,
            detail = coalesce(detail, '{}'::jsonb) || $3::jsonb, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [runId, JSON.stringify(result), JSON.stringify(detail ?? {})],
  )
  return Boolean(rowCount)
}

/** Ends a running run as failed, with the reason a person reads and the HTTP status it answers. */
export async function failRun(db: Db, runId: string, reason: string, status = 500): Promise<void> {
  await db.query(
    `UPDATE runs SET status = 'failed', error = $2, error_status = $3, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [runId, reason.slice(0, 1000), status],
  )
}
