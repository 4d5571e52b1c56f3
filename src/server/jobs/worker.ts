// The jobs worker: a few independent slots, each claiming one queued job at a time and
// running it with its task's definition in one write of the job row (run-job.ts), then
// claiming the next at once; when the queue is empty a slot sleeps until PostgreSQL notifies
// that a job was queued (job-wakeups.ts), or until the next delayed job is due, or at the latest
// FALLBACK_POLL_MS. A slot never waits for another's job, so one job's storage and database
// I/O overlaps another's image work (the sharp pipelines themselves are capped at two per
// process, one per core, in process-image.ts).
//
// Payload's own claim (find, then mark processing) is not atomic, so two runners could
// both take a job. The claim here is one UPDATE … FOR UPDATE SKIP LOCKED: any number of
// slots, processes and instances can run this worker and each job runs once.
//
// A running job's row is touched every HEARTBEAT_MS. A job marked processing whose row has
// not been touched for STALE_AFTER_MS lost its worker (a crash, a kill mid-ingest) and is
// claimed again; ingest is idempotent, so the re-run gives the same result.
//
// A job whose claims keep ending with their worker (it crashes the process) is given up after
// MAX_LOST_CLAIMS with a reason, instead of being claimed for ever; one that lost claims before
// runs alone in its process, so the jobs that died with it are not blamed (crash-limit.ts).
//
// A job cut off by a database outage (its end could not even be recorded) is
// released as soon as the database answers again, so it is claimed again at once rather
// than after the stale limit; the task is idempotent, so the re-run finishes it.
//
// The worker also sweeps for media left pending or processing with no live job (at start,
// then every few minutes: src/server/media/requeue-stranded.ts).
import type { Payload } from 'payload'
import { ANALYSIS_QUEUE } from '../analysis/analysis-task'
import { inferenceThreads, JOBS_PER_INFERENCE_THREAD } from '../analysis/model'
import { poolOf } from '../db/pool'
import { unavailableService } from '../http/unavailable'
import { type ClaimedJob, giveUpCrashingJob, ISOLATE_AFTER_LOST_CLAIMS, MAX_LOST_CLAIMS, SuspectGate } from './crash-limit'
import { requeueStrandedMedia, SWEEP_INTERVAL_MS } from '../media/requeue-stranded'
import { fallbackPollMs, JobWakeups } from './job-wakeups'
import { runClaimedJob } from './run-job'
import { FOREGROUND_TASKS, HELD_BACK_POLL_MS, precedenceOf } from './precedence'
import { HEARTBEATS_PER_STALE_LIMIT, jobsStaleAfterMs } from './stale-after'

export { FALLBACK_POLL_MS } from './job-wakeups'

/** Slots per process: two jobs' CPU work at once (two cores) plus one doing I/O. */
export const WORKER_SLOTS = 3
/**
 * Slots for the analysis queue, apart from ingest's so ingest never waits behind analysis.
 * The model runs one inference at a time per inference thread whatever the slots: two slots
 * per thread keep each thread fed, one job on it while the other reads its rendition from the
 * store, decodes it, and writes its results and the job's bookkeeping to the database.
 */
export const analysisSlots = () => inferenceThreads() * JOBS_PER_INFERENCE_THREAD
export const DEFAULT_QUEUE = 'default'
const AFTER_ERROR_MS = 5000
/** Two minutes unless JOBS_STALE_AFTER_MS says otherwise (stale-after.ts); the heartbeat follows it. */
export const STALE_AFTER_MS = jobsStaleAfterMs()
export const HEARTBEAT_MS = STALE_AFTER_MS / HEARTBEATS_PER_STALE_LIMIT

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/** Takes the oldest runnable job of a queue for this worker; null when none is waiting. */
export async function claimJob(payload: Payload, queue = DEFAULT_QUEUE, mayTakeSuspect = true): Promise<string | null> {
  return (await claimNext(payload, queue, mayTakeSuspect)).job?.id ?? null
}

/** A job of the slot's queue ($2) waiting to be claimed: never claimed, or stale ($1 s untouched), and due. */
const CLAIMABLE_IN_QUEUE = `completed_at IS NULL AND has_error IS NOT TRUE AND queue = $2
  AND (processing = false OR updated_at < now() - make_interval(secs => $1))
  AND (wait_until IS NULL OR wait_until < now())`

/**
 * The claim, and when there is nothing to claim, how long until the queue's next delayed job
 * (`wait_until`) is due, in the same statement: an idle slot sleeps until then at most.
 * Claiming a row still marked processing (stale: its worker died with it) counts a lost claim.
 * A queue below others (precedence.ts) claims nothing while work above it waits to be claimed
 * (or runs, for AVIF): `heldBack` when it then has work of its own it may not take yet, which
 * it looks for again shortly. With none, it waits for a notification like any idle slot.
 */
async function claimNext(
  payload: Payload,
  queue: string,
  mayTakeSuspect: boolean,
): Promise<{ job: ClaimedJob | null; nextDueMs: number | null; heldBack: boolean }> {
  const { afterForeground, afterQueues, whileRunning } = precedenceOf(queue)
  const { rows } = await poolOf(payload).query<{ job: ClaimedJob | null; next_due_ms: number | null; held_back: boolean }>(
    `WITH held AS (
       SELECT EXISTS (
         SELECT 1 FROM payload_jobs
          WHERE completed_at IS NULL AND has_error IS NOT TRUE
            AND ($9 OR processing = false OR updated_at < now() - make_interval(secs => $1))
            AND (processing OR wait_until IS NULL OR wait_until < now())
            AND (($5 AND queue = $6 AND task_slug::text = ANY($7::text[])) OR queue = ANY($8::text[]))) AS held_back),
     claimed AS (
       UPDATE payload_jobs SET processing = true, updated_at = now(),
              lost_claims = lost_claims + CASE WHEN processing THEN 1 ELSE 0 END
        WHERE NOT (SELECT held_back FROM held) AND id = (
          SELECT id FROM payload_jobs
           WHERE ${CLAIMABLE_IN_QUEUE}
             AND ($3 OR lost_claims + CASE WHEN processing THEN 1 ELSE 0 END < $4)
           ORDER BY queue = $6 AND task_slug::text = ANY($7::text[]) DESC, created_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, task_slug, input, lost_claims, total_tried)
     SELECT (SELECT json_build_object('id', id, 'taskSlug', task_slug, 'input', input, 'lostClaims', lost_claims, 'totalTried', coalesce(total_tried, 0))
               FROM claimed) AS job,
            (SELECT ceil(extract(epoch FROM min(wait_until) - now()) * 1000)::float8 FROM payload_jobs
              WHERE completed_at IS NULL AND has_error IS NOT TRUE AND processing = false
                AND wait_until >= now() AND queue = $2) AS next_due_ms,
            (SELECT held_back FROM held) AND EXISTS (SELECT 1 FROM payload_jobs WHERE ${CLAIMABLE_IN_QUEUE}) AS held_back`,
    [STALE_AFTER_MS / 1000, queue, mayTakeSuspect, ISOLATE_AFTER_LOST_CLAIMS, afterForeground, DEFAULT_QUEUE, FOREGROUND_TASKS, afterQueues, whileRunning],
  )
  const row = rows[0]
  return { job: row?.job ?? null, nextDueMs: row?.next_due_ms ?? null, heldBack: row?.held_back ?? false }
}

async function withHeartbeat<T>(payload: Payload, id: string, run: () => Promise<T>): Promise<T> {
  const beat = setInterval(() => {
    poolOf(payload)
      .query('UPDATE payload_jobs SET updated_at = now() WHERE id = $1 AND processing', [id])
      .catch((error: unknown) => payload.logger.warn({ err: error, msg: `Heartbeat of job ${id} failed` }))
  }, HEARTBEAT_MS)
  try {
    return await run()
  } finally {
    clearInterval(beat)
  }
}

/**
 * Gives back a job this worker claimed but could not finish because the database went away:
 * tried every RELEASE_RETRY_MS until it answers, for as long as nobody else may take the job
 * (after STALE_AFTER_MS without a touch any worker claims it again anyway).
 */
async function releaseAfterOutage(payload: Payload, id: string, stopped: () => boolean) {
  const deadline = Date.now() + STALE_AFTER_MS
  while (Date.now() < deadline && !stopped()) {
    try {
      await poolOf(payload).query(
        'UPDATE payload_jobs SET processing = false, updated_at = now() WHERE id = $1 AND processing AND completed_at IS NULL',
        [id],
      )
      payload.logger.info(`Job ${id} was cut off by a database outage and is queued again`)
      return
    } catch {
      await sleep(RELEASE_RETRY_MS)
    }
  }
}
const RELEASE_RETRY_MS = 1000

/**
 * Queues with slots of their own, so their jobs never wait behind the default queue's (ingest),
 * and how many. Two for AVIF: one encode keeps about 1.2 of two cores busy (libaom spreads an
 * encode over threads only in part), and AVIF runs only when no ingest or analysis is left
 * (precedence.ts). A 40-photo bench:upload: every AVIF 115 s after the worker's start with one
 * slot, 74–76 s with two, its plain loop (two photos at a time) 95 → 68 s once it could encode two.
 */
export const OWN_SLOT_QUEUES = { backup: 1, renditions: 2 } as const

/**
 * Starts the slots (plus the analysis queue's, and those of OWN_SLOT_QUEUES) and the sweep
 * for stranded media; the function it answers stops claiming and resolves once running jobs have
 * finished.
 */
export function startJobsWorker(
  payload: Payload,
  slots = WORKER_SLOTS,
  {
    sweep = true,
    analysisSlots: analysisSlotCount = analysisSlots(),
    fallbackPollMs: pollMs = fallbackPollMs(),
  }: {
    sweep?: boolean
    analysisSlots?: number
    /** How long an idle slot sleeps when no notification wakes it. */
    fallbackPollMs?: number
  } = {},
): () => Promise<void> {
  let stopped = false
  const wakeups = new JobWakeups(poolOf(payload).options, {
    warn: (message) => payload.logger.warn(message),
  })
  // Listen first, then claim: a job queued after LISTEN is notified, one queued before is claimed.
  const listening = wakeups.start()
  const runSweep = () =>
    requeueStrandedMedia(payload)
      .then(({ requeued, failed }) => {
        if (requeued.length || failed.length) {
          payload.logger.warn(
            `Media left without a processing job: ${requeued.length} queued again, ${failed.length} marked failed`,
          )
        }
      })
      .catch((error: unknown) => payload.logger.error({ err: error, msg: 'The sweep for unprocessed media failed' }))
  const sweeping = sweep ? runSweep() : Promise.resolve()
  const sweeper = sweep ? setInterval(runSweep, SWEEP_INTERVAL_MS) : undefined
  sweeper?.unref()
  const gate = new SuspectGate()
  const slot = async (queue: string) => {
    await listening
    while (!stopped) {
      const entry = await gate.enter()
      if (stopped) {
        entry.leave()
        break
      }
      try {
        const ticket = wakeups.ticket(queue)
        const { job, nextDueMs, heldBack } = await claimNext(payload, queue, entry.mayTakeSuspect)
        const id = job?.id
        if (!job || job.lostClaims < ISOLATE_AFTER_LOST_CLAIMS) entry.share()
        if (job && job.lostClaims >= MAX_LOST_CLAIMS) {
          await giveUpCrashingJob(payload, job)
        } else if (id) {
          try {
            await withHeartbeat(payload, id, () => runClaimedJob(payload, job))
          } catch (error) {
            if (unavailableService(error) === 'database') await releaseAfterOutage(payload, id, () => stopped)
            throw error
          }
        } else {
          entry.leave()
          // Held back, it looks again shortly: the work above it ends without a notification.
          await wakeups.wait(queue, ticket, Math.min(pollMs, heldBack ? HELD_BACK_POLL_MS : (nextDueMs ?? Number.POSITIVE_INFINITY)))
        }
      } catch (error) {
        entry.leave()
        payload.logger.error({ err: error, msg: 'A jobs worker slot failed; retrying shortly' })
        await sleep(AFTER_ERROR_MS)
      } finally {
        entry.leave()
      }
    }
  }
  const running = [
    ...Array.from({ length: slots }, () => slot(DEFAULT_QUEUE)),
    ...Array.from({ length: analysisSlotCount }, () => slot(ANALYSIS_QUEUE)),
    ...Object.entries(OWN_SLOT_QUEUES).flatMap(([queue, count]) => Array.from({ length: count }, () => slot(queue))),
  ]
  return async () => {
    stopped = true
    clearInterval(sweeper)
    await wakeups.stop()
    await Promise.all([...running, sweeping])
  }
}
