// The jobs worker process (docs/architecture.md §7), for the Payload config it is given: `npm run worker`
// gives the app's (run-worker.ts); the crash tests give theirs, which names the checkpoints
// they hold the worker at (tests/helpers/worker-child.ts). Services must already be running
// (DATABASE_URL, S3_*).
import { getPayload, type SanitizedConfig } from 'payload'
import sharp from 'sharp'
import { inferenceThreadCount, setInferenceThreads } from '../server/analysis/model'
import { startBackupScheduler } from '../server/backup/schedule'
import { keepPoolErrorsQuiet, poolOf } from '../server/db/pool'
import { lowerProcessPriority, workerNice } from '../server/jobs/priority'
import { startJobsWorker } from '../server/jobs/worker'
import { WORKER_RUNNING_MESSAGE } from '../lib/constants'

export async function runWorkerProcess(config: Promise<SanitizedConfig> | SanitizedConfig): Promise<void> {
  // Background work: every thread of this process, and every thread it starts later (inference,
  // sharp's decoding), at WORKER_NICE, so a web server on the same cores answers first.
  const nice = workerNice()
  lowerProcessPriority(nice)
  // Every image this process reads is read once (an upload's renditions, a photo's analysis):
  // libvips's operation cache (up to 50 MB of recent results) would only hold memory.
  sharp.cache(false)
  const payload = await getPayload({ config })
  keepPoolErrorsQuiet(payload)
  // A process that only runs jobs gives analysis one inference thread per core (up to two).
  setInferenceThreads(inferenceThreadCount(process.env, true), { nice })
  const stop = startJobsWorker(payload)
  const stopScheduler = startBackupScheduler(poolOf(payload), (msg, err) => payload.logger.warn({ err, msg }))
  payload.logger.info(WORKER_RUNNING_MESSAGE)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      // A job stopped half-way would stay marked as processing: let running jobs finish.
      payload.logger.info('Stopping: finishing the jobs in progress')
      stopScheduler()
      await stop()
      process.exit(0)
    })
  }
}
