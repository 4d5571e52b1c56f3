// When backups happen (docs/architecture.md §7, §10). node-cron only enqueues: a backup job every
// 30 minutes (one per period across all instances: the enqueue is serialised by an advisory
// lock and skipped when another instance already did it), a heartbeat every minute for the
// status's "Auto Backup", and the debounced upload backup (200 files, one backup). Jobs run
// on their own queue in the worker, so a backup never waits behind ingest or analysis.
// Each backup is of one property: a job's input names it ({ kind, propertyId }), the 30-minute
// round queues one per property, and "one pending" holds per property.
import os from 'node:os'
import cron from 'node-cron'
import type { Pool, PoolClient } from 'pg'
import {
  AUTO_BACKUP_CRON,
  AUTO_BACKUP_PERIOD_MS,
  UPLOAD_BACKUP_DEBOUNCE_MS,
  UPLOAD_BACKUP_MAX_DELAY_MS,
} from '../../lib/constants'
import { LOCKS } from '../db/advisory-lock'
import { withPoolTransaction } from '../db/pool'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { everyPropertyScope } from '../properties/default-property'
import { millisecondsSetting, type EnvVars } from '../env'
import type { BackupKind } from './format'

export const BACKUP_TASK = 'backup'
export const BACKUP_QUEUE = 'backup'
const HEARTBEAT_CRON = '* * * * *'
/** Auto Backup is Active while some instance's scheduler beat within the last two beats. */
export const SCHEDULER_HEARTBEAT_STALE_MS = 2 * 60 * 1000

function inEnqueueLock<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return withPoolTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.backupSchedule])
    return work(client)
  })
}

/** A backup job of the property's, run waitMs from now. */
const insertJob = (client: PoolClient, scope: PropertyScope, kind: BackupKind, waitMs: number) =>
  propertyDb(client, scope).query<{ id: string }>`
    INSERT INTO payload_jobs (input, task_slug, queue, wait_until)
    VALUES (jsonb_build_object('kind', ${kind}::text, 'propertyId', ${scope}::text), ${BACKUP_TASK}, ${BACKUP_QUEUE},
            now() + make_interval(secs => ${waitMs / 1000}))
    RETURNING id`

/**
 * Queues the 30-minute backup of each property unless another instance already did for this
 * period; true when one was queued.
 */
export async function enqueueAutoBackup(pool: Pool): Promise<boolean> {
  return inEnqueueLock(pool, async (client) => {
    let queued = false
    for (const scope of await everyPropertyScope(client)) {
      const { rows } = await propertyDb(client, scope).query<{ recent: boolean }>`
        SELECT EXISTS (SELECT 1 FROM payload_jobs WHERE task_slug = ${BACKUP_TASK} AND input->>'kind' = 'auto'
                          AND input->>'propertyId' = ${scope}::text AND completed_at IS NULL AND has_error IS NOT TRUE)
            OR EXISTS (SELECT 1 FROM backups WHERE kind = 'auto' AND property_id::text = ${scope}::text
                          AND started_at > now() - make_interval(secs => ${AUTO_BACKUP_PERIOD_MS / 2 / 1000})) AS recent`
      if (rows[0].recent) continue
      await insertJob(client, scope, 'auto', 0)
      queued = true
    }
    return queued
  })
}

const MIN_UPLOAD_BACKUP_DEBOUNCE_MS = 1_000

/**
 * The upload backup's debounce: UPLOAD_BACKUP_DEBOUNCE_MS (milliseconds, at least 1000) overrides
 * the spec's default. Production keeps the default; the end-to-end suite sets a few seconds so a
 * test that needs the upload's backup made does not wait a minute for it.
 */
export function uploadBackupDebounceMs(env: EnvVars = process.env): number {
  return millisecondsSetting(env, 'UPLOAD_BACKUP_DEBOUNCE_MS', { fallback: UPLOAD_BACKUP_DEBOUNCE_MS, min: MIN_UPLOAD_BACKUP_DEBOUNCE_MS })
}

/** Read once, at start: a bad value stops the start with its message instead of failing each upload's backup. */
const UPLOAD_DEBOUNCE_MS = uploadBackupDebounceMs()

/**
 * After an upload (a record created, or its processing finished): one backup job, moved
 * later with every further file so a batch makes one backup a short while after its last
 * file, but never more than UPLOAD_BACKUP_MAX_DELAY_MS after its first.
 */
export function scheduleUploadBackup(
  pool: Pool,
  scope: PropertyScope,
  { debounceMs = UPLOAD_DEBOUNCE_MS, maxDelayMs = UPLOAD_BACKUP_MAX_DELAY_MS } = {},
): Promise<string> {
  // Every caller is answered by a scheduling that started after it called, but callers that
  // arrive while one runs share the next: a 200-file batch's creates would otherwise queue one
  // by one for the enqueue lock (each holding it for a transaction's round trips).
  const key = `${scope.id}:${debounceMs}:${maxDelayMs}`
  const rounds = schedulingRounds.get(pool) ?? new Map<string, Round>()
  schedulingRounds.set(pool, rounds)
  const round = rounds.get(key) ?? { running: null, next: null }
  rounds.set(key, round)
  const start = () => {
    const running = moveUploadBackup(pool, scope, debounceMs, maxDelayMs)
    round.running = running
    void running.catch(() => undefined).finally(() => round.running === running && (round.running = null))
    return running
  }
  if (!round.running) return start()
  round.next ??= round.running
    .catch(() => undefined)
    .then(() => {
      round.next = null
      return start()
    })
  return round.next
}

type Round = { running: Promise<string> | null; next: Promise<string> | null }
const schedulingRounds = new WeakMap<Pool, Map<string, Round>>()

async function moveUploadBackup(pool: Pool, scope: PropertyScope, debounceMs: number, maxDelayMs: number): Promise<string> {
  return inEnqueueLock(pool, async (client) => {
    const { rows } = await propertyDb(client, scope).query<{ id: string }>`
      UPDATE payload_jobs
         SET wait_until = LEAST(now() + make_interval(secs => ${debounceMs / 1000}), created_at + make_interval(secs => ${maxDelayMs / 1000})),
             updated_at = now()
       WHERE task_slug = ${BACKUP_TASK} AND input->>'kind' = 'upload' AND input->>'propertyId' = ${scope}::text
         AND completed_at IS NULL AND processing = false AND has_error IS NOT TRUE
       RETURNING id`
    if (rows[0]) return rows[0].id
    const inserted = await insertJob(client, scope, 'upload', debounceMs)
    return inserted.rows[0].id
  })
}

export async function beatHeartbeat(pool: Pool, instance = `${os.hostname()}:${process.pid}`) {
  await pool.query(
    `INSERT INTO backup_scheduler_heartbeat (id, beat_at, instance) VALUES (1, now(), $1)
     ON CONFLICT (id) DO UPDATE SET beat_at = now(), instance = $1`,
    [instance],
  )
}

/** Starts the schedules in this process (the one that runs the worker); answers a stop function. */
export function startBackupScheduler(pool: Pool, log: (message: string, error?: unknown) => void): () => void {
  const beat = () => beatHeartbeat(pool).catch((error) => log('Backup scheduler heartbeat failed', error))
  const auto = cron.schedule(AUTO_BACKUP_CRON, () => {
    enqueueAutoBackup(pool).catch((error) => log('Could not queue the 30-minute backup', error))
  })
  const heartbeat = cron.schedule(HEARTBEAT_CRON, beat)
  void beat()
  return () => {
    auto.stop()
    heartbeat.stop()
  }
}
