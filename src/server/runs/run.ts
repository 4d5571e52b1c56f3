// Runs (docs/architecture.md §11): the one record of long work (analysis, duplicate scan, backup,
// restore) and how it reads. A run is started or joined by start-run.ts, waited on by
// wait-for-run.ts, moved on by record-run.ts; the `runs` collection describes the table.
//
// The abandoned rule, the one place a run whose work died is noticed: every job of a run names
// it in its input ({ runId }); a job whose worker died stays queued and is claimed again once
// stale, so a run is lost only when none of its jobs is left to run (they failed for good or
// were removed). Such a run can never finish: it is marked failed, so it neither holds the next
// run of its kind back nor keeps a screen waiting.
import type { Pool, PoolClient } from 'pg'
import type { Run } from '../../lib/api/types'
import type { RunKind, RunStatus } from '../../lib/schemas/runs'

export type Db = Pick<PoolClient, 'query'>

/** A run as the services see it: the wire shape plus what only they use. */
export type RunRecord = Run & {
  /** What the run was asked and owes (analysis { force }, restore { backupId, tidy }). */
  detail: Record<string, unknown> | null
  /** The HTTP status a failure answers (404, 409, 422, 503, 500). */
  errorStatus: number | null
  /** The property the run works on. */
  propertyId: string
}

type RunRow = {
  id: string
  kind: RunKind
  status: RunStatus
  done: number
  total: number
  step: string | null
  error: string | null
  error_status: number | null
  detail: Record<string, unknown> | null
  result: Record<string, unknown> | null
  started_by: string | null
  created_at: Date
  finished_at: Date | null
  property_id: string
}

export const RUN_COLUMNS = `id::text AS id, kind::text AS kind, status::text AS status, done::int AS done, total::int AS total,
  step, error, error_status::int AS error_status, detail, result, started_by_id::text AS started_by, created_at, finished_at,
  property_id::text AS property_id`

export const toRun = (row: RunRow): RunRecord => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  done: row.done,
  total: row.total,
  step: row.status === 'running' ? row.step : null,
  error: row.error,
  result: row.result,
  startedBy: row.started_by,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
  detail: row.detail,
  errorStatus: row.error_status,
  propertyId: row.property_id,
})

/** The wire shape (GET /api/runs…): never the run's internal detail. */
export const publicRun = ({ detail: _detail, errorStatus: _status, propertyId: _property, ...run }: RunRecord): Run => run

export const ABANDONED_REASON = 'The run stopped: its job ended without finishing it.'

/** The abandoned rule (see the header): runs still marked running with no job left are failed. */
export async function failAbandonedRuns(db: Db, kind?: RunKind, propertyId?: string): Promise<void> {
  await db.query(
    `UPDATE runs r SET status = 'failed', error = $1, error_status = 500, finished_at = now(), updated_at = now()
      WHERE r.status = 'running' AND ($2::text IS NULL OR r.kind::text = $2) AND ($3::uuid IS NULL OR r.property_id = $3)
        AND NOT EXISTS (SELECT 1 FROM payload_jobs j
                         WHERE j.input->>'runId' = r.id::text AND j.completed_at IS NULL AND j.has_error IS NOT TRUE)`,
    [ABANDONED_REASON, kind ?? null, propertyId ?? null],
  )
}

/** A run by id; with checkAbandoned, one whose jobs are gone is marked failed first. */
export async function findRun(pool: Pool | Db, runId: string, { checkAbandoned = false } = {}): Promise<RunRecord | null> {
  const { rows } = await pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = $1`, [runId])
  const run = rows[0] ? toRun(rows[0]) : null
  if (run?.status === 'running' && checkAbandoned) {
    await failAbandonedRuns(pool, run.kind, run.propertyId)
    return findRun(pool, runId)
  }
  return run
}

/** A property's latest runs of a kind, newest first (the one running, if any, is the newest). */
export async function latestRuns(
  pool: Pool | Db,
  kind: RunKind,
  propertyId: string,
  limit: number,
  { checkAbandoned = false } = {},
): Promise<RunRecord[]> {
  if (checkAbandoned) await failAbandonedRuns(pool, kind, propertyId)
  const { rows } = await pool.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM runs WHERE kind = $1 AND property_id = $2 ORDER BY created_at DESC, id LIMIT $3`,
    [kind, propertyId, limit],
  )
  return rows.map(toRun)
}

/** A property's run of a kind under way, if any. */
export async function runningRun(db: Db, kind: RunKind, propertyId: string): Promise<RunRecord | null> {
  const { rows } = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM runs WHERE kind = $1 AND property_id = $2 AND status = 'running'`, [
    kind,
    propertyId,
  ])
  return rows[0] ? toRun(rows[0]) : null
}
