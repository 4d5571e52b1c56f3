// Create Backup and Restore as jobs (ARCHITECTURE §6, §9). A request records a run and its
// job on the backup queue in one transaction (or joins the run of the same kind already going:
// two tabs, a double click), then waits on the run for a while; the worker's backup slot does
// the work under the one-backup-at-a-time lock. A request-serving process killed meanwhile
// abandons nothing: the job is claimed again once its heartbeat is stale, and runs idempotently:
//   - create: a run already done does nothing; otherwise a new backup is made (the interrupted
//     one is cleared by it);
//   - restore: the outcome and what is left to tidy are committed in the restore's own
//     transaction, so a re-run after the COMMIT only finishes the tidying, and one before it
//     restores again (nothing had changed).
import type { Pool } from 'pg'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import { BackupFailed, createBackupLocked } from './create-backup'
import { BackupRefused } from './format'
import { applyRetention } from './retention'
import { BackupNotFound, latestRestorable, restoreLocked, tidyAfterRestore, type TidyPlan } from './restore-backup'
import { BACKUP_QUEUE, BACKUP_TASK } from './schedule'
import { appStore, type ObjectStore } from '../storage/index'

export type RunOperation = 'create' | 'restore'

/** What the panel follows: the run's state, and when it is over, the spec's answer or the reason. */
export type BackupRun = {
  runId: string
  operation: RunOperation
  status: 'running' | 'done' | 'failed'
  /** The step the run is at (from the backup and restore code), while it runs. */
  step: string | null
  /** create: { backupFile }; restore: { message, restoredFrom, restorePoint, broughtBack, removed }. */
  result: Record<string, unknown> | null
  error: string | null
  /** The HTTP status a failure answers (404, 409, 422, 503, 500). */
  errorStatus: number | null
}

type RunRow = {
  id: string
  operation: RunOperation
  backup_id: string | null
  status: BackupRun['status']
  step: string | null
  result: Record<string, unknown> | null
  tidy: TidyPlan | null
  error: string | null
  error_status: number | null
  job_id: string | null
}

const RUN_COLUMNS = 'id::text AS id, operation, backup_id::text AS backup_id, status, step, result, tidy, error, error_status, job_id::text AS job_id'

const toRun = (row: RunRow): BackupRun => ({
  runId: row.id,
  operation: row.operation,
  status: row.status,
  step: row.status === 'running' ? row.step : null,
  result: row.result,
  error: row.error,
  errorStatus: row.error_status,
})

/** A restore of a different backup was asked while one runs: the second waits for nobody. */
export class RestoreRunning extends Error {
  constructor() {
    super('Another restore is running: wait for it to finish, then try again.')
    this.name = 'RestoreRunning'
  }
}

/** A run by id (finished runs are kept for a day); one whose job is gone is marked failed first. */
export async function findRun(pool: Pool, runId: string, { checkAbandoned = false } = {}): Promise<BackupRun | null> {
  if (checkAbandoned) await failAbandonedRuns(pool)
  const { rows } = await pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM backup_runs WHERE id = $1`, [runId])
  return rows[0] ? toRun(rows[0]) : null
}

/**
 * A run still marked running whose job is gone (it failed for good, or was removed) can never
 * finish: it is marked failed, so it does not hold the next run back for ever.
 */
async function failAbandonedRuns(pool: Pool) {
  await pool.query(
    `UPDATE backup_runs r SET status = 'failed', error = 'The run stopped: its job ended without finishing it.',
            error_status = 500, finished_at = now(), updated_at = now()
      WHERE r.status = 'running'
        AND NOT EXISTS (SELECT 1 FROM payload_jobs j WHERE j.id = r.job_id AND j.completed_at IS NULL AND j.has_error IS NOT TRUE)`,
  )
}

/**
 * Starts a create or restore run with its job, or joins the one of that operation already
 * running. A restore names its backup (the latest one when none is given, resolved now, so the
 * run restores what the manager confirmed); a restore of another backup while one runs throws
 * RestoreRunning; no backup throws BackupNotFound.
 */
export async function startRun(pool: Pool, operation: RunOperation, backupId?: string): Promise<{ run: BackupRun; joined: boolean }> {
  await failAbandonedRuns(pool)
  await pool.query(`DELETE FROM backup_runs WHERE status <> 'running' AND created_at < now() - interval '1 day'`)
  let target: string | null = null
  if (operation === 'restore') {
    target = backupId ?? (await latestRestorable(pool))
    if (!target) throw new BackupNotFound('There is no backup to restore yet: create one first.')
    const { rows } = await pool.query(`SELECT 1 FROM backups WHERE id = $1 AND status = 'complete'`, [target])
    if (!rows[0]) throw new BackupNotFound('There is no such backup: it may have been removed (the last 10 are kept).')
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const inserted = await client.query<RunRow>(
        `INSERT INTO backup_runs (operation, backup_id, step) VALUES ($1, $2, 'queued')
         ON CONFLICT DO NOTHING RETURNING ${RUN_COLUMNS}`,
        [operation, target],
      )
      if (inserted.rows[0]) {
        // The job is written in the same transaction: a run never exists without its job.
        const job = await client.query<{ id: string }>(
          `INSERT INTO payload_jobs (input, task_slug, queue) VALUES ($1::jsonb, $2, $3) RETURNING id`,
          [JSON.stringify({ runId: inserted.rows[0].id }), BACKUP_TASK, BACKUP_QUEUE],
        )
        await client.query('UPDATE backup_runs SET job_id = $2 WHERE id = $1', [inserted.rows[0].id, job.rows[0].id])
        await client.query('COMMIT')
        return { run: toRun(inserted.rows[0]), joined: false }
      }
      await client.query('ROLLBACK')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
    const { rows } = await pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM backup_runs WHERE operation = $1 AND status = 'running'`, [
      operation,
    ])
    const running = rows[0]
    // It finished between the insert and the read: start again.
    if (!running) continue
    if (operation === 'restore' && running.backup_id !== target) throw new RestoreRunning()
    return { run: toRun(running), joined: true }
  }
  throw new Error('Could not start the backup run: runs kept finishing under it.')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for the run to end, up to waitMs (or until the request is aborted); answers its last state. */
export async function waitForRun(
  pool: Pool,
  run: BackupRun,
  { waitMs, pollMs = 250, signal }: { waitMs: number; pollMs?: number; signal?: AbortSignal },
): Promise<BackupRun> {
  const deadline = Date.now() + waitMs
  let current = run
  while (current.status === 'running' && Date.now() < deadline && !signal?.aborted) {
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())))
    current = (await findRun(pool, run.runId)) ?? current
  }
  return current
}

/** The HTTP status a failed run answers. */
export function failureStatus(error: unknown): number {
  if (error instanceof BackupNotFound) return 404
  if (error instanceof BackupRefused) return 422
  if (error instanceof BackupFailed) return 503
  return 500
}

/**
 * The backup task's work for a run: idempotent, under the one-at-a-time lock (waiting for a
 * scheduled backup or another run to finish).
 */
export async function executeRun({
  pool,
  runId,
  store = appStore(),
  log = () => undefined,
  onStep,
}: {
  pool: Pool
  runId: string
  store?: ObjectStore
  log?: (message: string, error?: unknown) => void
  /** Fault tests pause here, as in create-backup.ts and restore-backup.ts. */
  onStep?: (step: string) => Promise<void>
}): Promise<void> {
  await withPoolAdvisoryLock(pool, LOCKS.backup, async () => {
    const { rows } = await pool.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM backup_runs WHERE id = $1`, [runId])
    const run = rows[0]
    if (!run) return
    // Done already (a re-run after a crash): only the tidying a restore left may remain.
    if (run.status !== 'running') {
      if (run.status === 'done' && run.tidy) await finishTidy(pool, store, run.id, run.tidy, log)
      return
    }
    // The step is written as the run goes (the panel shows where it is); writes are small. Not
    // once the restore's transaction holds the run's row (it writes the outcome there).
    let writeSteps = true
    const step = async (name: string) => {
      if (writeSteps) {
        await pool.query(`UPDATE backup_runs SET step = $2, updated_at = now() WHERE id = $1 AND status = 'running'`, [runId, name])
      }
      await onStep?.(name)
    }
    try {
      if (run.operation === 'create') {
        const backup = await createBackupLocked({ pool, store, kind: 'manual', log, retention: false, onStep: step })
        await pool.query(
          `UPDATE backup_runs SET status = 'done', result = $2::jsonb, finished_at = now(), updated_at = now() WHERE id = $1`,
          [runId, JSON.stringify({ backupFile: backup.file })],
        )
        await onStep?.('run-done')
        await applyRetention({ pool, store, log }).catch((error) => log('Backup retention failed; it runs again after the next backup', error))
        return
      }
      await restoreLocked({
        pool,
        store,
        log,
        backupId: run.backup_id ?? undefined,
        onStep: step,
        // The outcome commits with the restored rows: a crash after COMMIT cannot lose it.
        beforeCommit: async (client, { result, tidy }) => {
          writeSteps = false
          await client.query(
            `UPDATE backup_runs SET status = 'done', result = $2::jsonb, tidy = $3::jsonb, finished_at = now(), updated_at = now()
              WHERE id = $1`,
            [
              runId,
              JSON.stringify({
                message: result.message,
                restoredFrom: result.restoredFrom,
                restorePoint: result.restorePoint.file,
                broughtBack: result.broughtBack,
                removed: result.removed,
              }),
              JSON.stringify(tidy),
            ],
          )
        },
      })
      await pool.query('UPDATE backup_runs SET tidy = NULL WHERE id = $1', [runId])
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await markRunFailed(pool, runId, reason, failureStatus(error))
      // A refusal or a failure is the run's answer, not a reason to run the job again.
      log(`The backup run ${runId} (${run.operation}) failed`, error)
    }
  })
}

/** Ends a run that is still running as failed, with the reason the panel shows and its HTTP status. */
export async function markRunFailed(pool: Pool, runId: string, reason: string, status: number): Promise<void> {
  await pool.query(
    `UPDATE backup_runs SET status = 'failed', error = $2, error_status = $3, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [runId, reason.slice(0, 1000), status],
  )
}

async function finishTidy(pool: Pool, store: ObjectStore, runId: string, tidy: TidyPlan, log: (message: string, error?: unknown) => void) {
  await tidyAfterRestore({ pool, store, plan: tidy, log })
  await pool.query('UPDATE backup_runs SET tidy = NULL WHERE id = $1', [runId])
}
