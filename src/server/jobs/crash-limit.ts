// A job that kills its worker (a decoder crash, the OOM killer on one hostile file) would be
// claimed again after the stale interval by the next worker, crash it too, and so on for ever,
// holding a slot of every worker in turn. The claim counts each claim of a row still marked
// processing: its previous claimer never recorded an end, so it died with the job
// (payload_jobs.lost_claims). A job cut off by a database outage is released by its live
// worker (processing = false) and is not counted, nor is an ordinary failed attempt, which
// the worker records and retries (run-job.ts). After MAX_LOST_CLAIMS such claims the next
// claimer does not run the job: it records why on what the job was for, then marks the job failed.
//
// A crash ends every job the process held, not only the one that caused it. So that the others
// are not blamed three times, a job that has already lost ISOLATE_AFTER_LOST_CLAIMS claims runs
// alone in its process (SuspectGate): nothing else is claimed there until it ends. If it kills
// the process again, it was the cause; the other jobs lost with it at most the first times
// run alone next and finish.
//
// Idempotent and safe against kill -9 here too: the reason is written first, each write
// changes only its own columns and only while the subject is unfinished; if the process
// dies before the job is marked failed, the job stays processing, goes stale and the next
// claimer (one more lost claim, still over the limit) gives up on it again.
import type { Payload } from 'payload'
import { ANALYZE_TASK } from '../analysis/analysis-task'
import { recordOutcome } from '../analysis/analyze-media'
import { BACKUP_TASK } from '../backup/schedule'
import { poolOf } from '../db/pool'
import { standaloneSql } from '../db/transaction'
import { DUPLICATE_SCAN_TASK } from '../duplicates/scan-task'
import { INGEST_TASK } from '../media/ingest-task'
import { writeProcessingGivenUp } from '../media/media-repository'
import { mediaPropertyScope } from '../properties/media-property'
import { failRun } from '../runs/record-run'

/** Claims that ended with their worker (no end recorded) before the job is given up. */
export const MAX_LOST_CLAIMS = 3
/** From this many lost claims on, a job runs alone in its worker process. */
export const ISOLATE_AFTER_LOST_CLAIMS = MAX_LOST_CLAIMS - 1

/**
 * One per worker process: slots enter it before each claim and leave when the job has ended.
 * A slot that enters while no other slot holds a claim may take a job that must run alone (a
 * suspect): the other slots wait until it has ended, or until it took an ordinary job after all.
 */
export class SuspectGate {
  private busy = 0
  private alone = false
  private readonly waiters = new Set<() => void>()

  /** Waits while a suspect runs alone; `mayTakeSuspect` when this slot is the only one busy. */
  async enter(): Promise<{ mayTakeSuspect: boolean; share: () => void; leave: () => void }> {
    while (this.alone) await new Promise<void>((resolve) => this.waiters.add(resolve))
    this.busy++
    let holdsAlone = this.busy === 1
    if (holdsAlone) this.alone = true
    const share = () => {
      if (!holdsAlone) return
      holdsAlone = false
      this.alone = false
      this.wake()
    }
    let left = false
    return {
      mayTakeSuspect: holdsAlone,
      share,
      leave: () => {
        if (left) return
        left = true
        this.busy--
        share()
      },
    }
  }

  private wake() {
    const waiting = [...this.waiters]
    this.waiters.clear()
    for (const resolve of waiting) resolve()
  }
}

export type ClaimedJob = {
  id: string
  taskSlug: string | null
  input: Record<string, unknown> | null
  lostClaims: number
  /** Attempts that ended before this claim (Payload's totalTried). */
  totalTried: number
}

/** The reason recorded on the job and on what it was for. */
export function crashLimitReason(what: string, lostClaims: number): string {
  return `${what} stopped its worker process ${lostClaims} times (a crash or running out of memory) and was given up; the file may be damaged or too demanding. Upload it again, or another file.`
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** Records why on the job's subject, then marks the job failed; runs again harmlessly. */
export async function giveUpCrashingJob(payload: Payload, job: ClaimedJob): Promise<string> {
  const pool = poolOf(payload)
  const input = job.input ?? {}
  const mediaId = text(input.mediaId)
  const runId = text(input.runId)
  let reason: string
  switch (job.taskSlug) {
    case INGEST_TASK:
      reason = crashLimitReason('Processing this file', job.lostClaims)
      if (mediaId) {
        const scope = await mediaPropertyScope(payload, mediaId)
        if (scope) await writeProcessingGivenUp(standaloneSql(payload), scope, mediaId, reason)
      }
      break
    case ANALYZE_TASK:
      reason = crashLimitReason('Analysing this photo', job.lostClaims)
      // Recorded as analysis records any photo it skips: on the photo and on the run's item.
      if (mediaId) await recordOutcome(payload, { mediaId, runId }, { state: 'skipped', reason })
      break
    case DUPLICATE_SCAN_TASK: {
      reason = crashLimitReason('The duplicate scan', job.lostClaims)
      // Jobs queued before runs were one collection name their run scanId.
      const scanRunId = runId ?? text(input.scanId)
      if (scanRunId) await failRun(pool, scanRunId, reason)
      break
    }
    case BACKUP_TASK:
      reason = crashLimitReason(runId ? 'This backup run' : 'The backup', job.lostClaims)
      // A manual run records it for the panel. A scheduled backup's half-made row is cleared
      // (objects removed, marked interrupted) by the next backup, which holds the backup lock.
      if (runId) await failRun(pool, runId, reason)
      break
    default:
      reason = crashLimitReason('This job', job.lostClaims)
  }
  await pool.query(
    `UPDATE payload_jobs SET processing = false, has_error = true, error = $2::jsonb, updated_at = now()
      WHERE id = $1 AND completed_at IS NULL`,
    [job.id, JSON.stringify({ name: 'CrashLimit', message: reason })],
  )
  payload.logger.error(`Job ${job.id} (${job.taskSlug ?? 'unknown task'}) was given up: ${reason}`)
  return reason
}
