// Create Backup and Restore as runs (src/server/runs; docs/architecture.md §7, §10). A request starts a
// run with its job on the backup queue in one transaction (or joins the run of the same kind
// already going: two tabs, a double click), then waits on the run for a while; the worker's backup slot does
// the work under the one-backup-at-a-time lock. A request-serving process killed meanwhile
// abandons nothing: the job is claimed again once its heartbeat is stale, and runs idempotently:
//   - create: a run already done does nothing; otherwise a new backup is made (the interrupted
//     one is cleared by it);
//   - restore: the outcome and what is left to tidy are committed in the restore's own
//     transaction, so a re-run after the COMMIT only finishes the tidying, and one before it
//     restores again (nothing had changed).
// A run works on its property (runs.property_id): it backs up or restores that property only.
import type { Pool } from 'pg'
import { type Checkpoints, NO_CHECKPOINTS } from '../checkpoints'
import { LOCKS, withPoolAdvisoryLock } from '../db/advisory-lock'
import type { PropertyScope } from '../db/property-db'
import { propertyScopeOn } from '../properties/default-property'
import { failRun, finishRun, recordProgress } from '../runs/record-run'
import { findRun, type RunRecord } from '../runs/run'
import { startOrJoinRun } from '../runs/start-or-join-run'
import { BackupFailed, createBackupLocked } from './create-backup'
import { BackupRefused } from './format'
import { applyRetention } from './retention'
import {
  BackupNotFound,
  BackupOfAnotherProperty,
  latestRestorable,
  restorableBackup,
  restoreLocked,
  tidyAfterRestore,
  type TidyPlan,
} from './restore-backup'
import { BACKUP_QUEUE, BACKUP_TASK } from './schedule'
import { appStore, type ObjectStore } from '../storage/index'

export type RunOperation = 'create' | 'restore'

/** A create is a run of kind 'backup', a restore one of kind 'restore'. */
const KIND = { create: 'backup', restore: 'restore' } as const

const operationOf = (run: RunRecord): RunOperation | null => (run.kind === 'backup' ? 'create' : run.kind === 'restore' ? 'restore' : null)

/** A restore of a different backup was asked while one runs: the second waits for nobody. */
export class RestoreRunning extends Error {
  constructor() {
    super('Another restore is running: wait for it to finish, then try again.')
    this.name = 'RestoreRunning'
  }
}

/**
 * Starts a create or restore run with its job, or joins the one of that operation already
 * running. A restore names its backup (the latest one when none is given, resolved now, so the
 * run restores what the manager confirmed); a restore of another backup while one runs throws
 * RestoreRunning; no backup throws BackupNotFound, another property's BackupOfAnotherProperty.
 */
export async function startRun(
  pool: Pool,
  operation: RunOperation,
  backupId: string | undefined,
  { scope, startedBy = null }: { scope: PropertyScope; startedBy?: string | null },
): Promise<{ run: RunRecord; joined: boolean }> {
  let target: string | null = null
  if (operation === 'restore') {
    target = backupId ?? (await latestRestorable(pool, scope))
    if (!target) throw new BackupNotFound('There is no backup to restore yet: create one first.')
    await restorableBackup(pool, scope, target)
  }
  const started = await startOrJoinRun(pool, {
    kind: KIND[operation],
    propertyId: scope.id,
    startedBy,
    detail: target ? { backupId: target } : {},
    step: 'queued',
    queue: async (client, runId) => {
      await client.query(`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ($1::jsonb, $2, $3)`, [
        JSON.stringify({ runId }),
        BACKUP_TASK,
        BACKUP_QUEUE,
      ])
      return 0
    },
  })
  // A run always has its job to queue, so one is always started or joined.
  const { run, joined } = started!
  if (joined && operation === 'restore' && run.detail?.backupId !== target) throw new RestoreRunning()
  return { run, joined }
}

/** The HTTP status a failed run answers. */
export function failureStatus(error: unknown): number {
  if (error instanceof BackupNotFound) return 404
  if (error instanceof BackupOfAnotherProperty) return 409
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
  checkpoints = NO_CHECKPOINTS,
}: {
  pool: Pool
  runId: string
  store?: ObjectStore
  log?: (message: string, error?: unknown) => void
  /** Told of each step after the run records it (checkpoints.ts): fault tests kill a process held there. */
  checkpoints?: Checkpoints
}): Promise<void> {
  await withPoolAdvisoryLock(pool, LOCKS.backup, async () => {
    const run = await findRun(pool, runId)
    const operation = run && operationOf(run)
    if (!run || !operation) return
    const tidy = run.detail?.tidy as TidyPlan | undefined
    const scope = await propertyScopeOn(pool, run.propertyId)
    // Done already (a re-run after a crash): only the tidying a restore left may remain.
    if (run.status !== 'running') {
      if (run.status === 'done' && tidy && scope) await finishTidy(pool, scope, store, run.id, tidy, log)
      return
    }
    // Its property was removed meanwhile: there is nothing left to back up or restore into.
    if (!scope) {
      await failRun(pool, runId, 'The property of this run no longer exists.', 404)
      return
    }
    // The step is written as the run goes (the panel shows where it is); writes are small. Not
    // once the restore's transaction holds the run's row (it writes the outcome there).
    let writeSteps = true
    const steps: Checkpoints = {
      reached: async (point, subject) => {
        if (writeSteps) await recordProgress(pool, runId, { step: point })
        await checkpoints.reached(point, subject)
      },
    }
    try {
      if (operation === 'create') {
        const backup = await createBackupLocked({ pool, scope, store, kind: 'manual', log, retention: false, checkpoints: steps })
        await finishRun(pool, runId, { backupFile: backup.file })
        await checkpoints.reached('run-done')
        await applyRetention({ pool, scope, store, log }).catch((error) => log('Backup retention failed; it runs again after the next backup', error))
        return
      }
      await restoreLocked({
        pool,
        scope,
        store,
        log,
        backupId: typeof run.detail?.backupId === 'string' ? run.detail.backupId : undefined,
        checkpoints: steps,
        // The outcome commits with the restored rows: a crash after COMMIT cannot lose it.
        beforeCommit: async (client, { result, tidy }) => {
          writeSteps = false
          await finishRun(
            client,
            runId,
            {
              message: result.message,
              restoredFrom: result.restoredFrom,
              restorePoint: result.restorePoint.file,
              broughtBack: result.broughtBack,
              removed: result.removed,
            },
            { tidy },
          )
        },
      })
      await clearTidy(pool, runId)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await failRun(pool, runId, reason, failureStatus(error))
      // A refusal or a failure is the run's answer, not a reason to run the job again.
      log(`The backup run ${runId} (${operation}) failed`, error)
    }
  })
}

async function finishTidy(
  pool: Pool,
  scope: PropertyScope,
  store: ObjectStore,
  runId: string,
  tidy: TidyPlan,
  log: (message: string, error?: unknown) => void,
) {
  await tidyAfterRestore({ pool, scope, store, plan: tidy, log })
  await clearTidy(pool, runId)
}

/** The restore owes no more tidying: its plan leaves the run's detail. */
const clearTidy = (pool: Pool, runId: string) => pool.query(`UPDATE runs SET detail = detail - 'tidy' WHERE id = $1`, [runId])
