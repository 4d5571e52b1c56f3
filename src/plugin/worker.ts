// The gallery's background work in an app's server process: the jobs worker (ingest, renditions,
// analysis, duplicate scans, backups) and the 30-minute backup schedule, which only enqueues. An
// app starts it from its `instrumentation.ts` once Payload is up; instances that should only serve
// leave it out and run `npm run worker` elsewhere (docs/architecture.md §7). Loaded on demand, so the
// config's module graph does not take in the worker.
import type { Payload } from 'payload'

/** Starts the worker and the backup schedule; the function it answers stops both (running jobs finish first). */
export async function startGalleryWorker(payload: Payload): Promise<() => Promise<void>> {
  const [{ startJobsWorker }, { startBackupScheduler }, { poolOf }] = await Promise.all([
    import('../server/jobs/worker'),
    import('../server/backup/schedule'),
    import('../server/db/pool'),
  ])
  const stopWorker = startJobsWorker(payload)
  // node-cron runs where the worker runs, and only enqueues.
  const stopScheduler = startBackupScheduler(poolOf(payload), (msg, err) => payload.logger.warn({ err, msg }))
  return async () => {
    stopScheduler()
    await stopWorker()
  }
}
