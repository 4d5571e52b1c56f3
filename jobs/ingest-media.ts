// The ingest task of Payload's jobs queue: processes one uploaded media file.
// Transient failures are retried; after the last attempt (or at once, for a file that
// is not an allowed image or video) the record is marked failed with a reason.
// An outage (the store or the database not answering) is not the file's fault and never
// counts as an attempt: the job queues its own re-run and ends, so a photo uploaded just
// before the store went down is processed once it is back, however long the outage. The re-run
// waits OUTAGE_RETRY_MS, doubled for each re-run that met the outage again (input.deferrals),
// up to OUTAGE_RETRY_MAX_MS: a long outage is not polled every few seconds. When even that
// cannot be queued (the database is down), the job is left for the worker to release and claim
// again (src/server/jobs/worker.ts).
import type { TaskConfig } from 'payload'
import { INGEST_RETRIES, INGEST_TASK, outageRetryDelayMs } from '../src/server/media/ingest-task'
import { unavailableService } from '../src/server/http/unavailable'
import { ingestMedia, markIngestFailed } from '../src/server/media/ingest'
import { scheduleUploadBackup } from '../src/server/backup/schedule'
import { poolOf } from '../src/server/db/pool'
import { mediaPropertyScope } from '../src/server/properties/media-property'
import { isLastAttempt } from '../src/server/jobs/task-retries'

/** The upload backup (of the file's property) waits for the batch's processing too, so it holds the renditions. */
const backupAfterUpload = async (payload: Parameters<typeof poolOf>[0], mediaId: string) => {
  try {
    const scope = await mediaPropertyScope(payload, mediaId)
    if (scope) await scheduleUploadBackup(poolOf(payload), scope)
  } catch (error) {
    payload.logger.warn({ err: error, msg: 'Could not schedule the upload backup' })
  }
}

export const ingestMediaTask: TaskConfig<any> = {
  slug: INGEST_TASK,
  label: 'Process an uploaded media file',
  inputSchema: [
    { name: 'mediaId', type: 'text', required: true },
    // How many tries before this one met an outage (its re-runs carry it on, for the backoff).
    { name: 'deferrals', type: 'number' },
  ],
  retries: INGEST_RETRIES,
  handler: async ({ input, job, req }) => {
    const mediaId = String(input.mediaId)
    try {
      await ingestMedia(req.payload, mediaId)
    } catch (error) {
      const unavailable = unavailableService(error)
      if (unavailable) {
        const deferrals = Number(input.deferrals ?? 0) || 0
        const delayMs = outageRetryDelayMs(deferrals)
        req.payload.logger.warn(
          `Processing of ${mediaId} waits for the ${unavailable}: trying again in ${Math.round(delayMs / 1000)} s (deferral ${deferrals + 1})`,
        )
        await req.payload.jobs.queue({
          task: INGEST_TASK,
          input: { mediaId, deferrals: deferrals + 1 },
          waitUntil: new Date(Date.now() + delayMs),
        })
        return { output: { deferred: unavailable } }
      }
      if (isLastAttempt(INGEST_RETRIES, job.totalTried)) {
        const message = error instanceof Error ? error.message : String(error)
        await markIngestFailed(req.payload, mediaId, `Processing failed after ${INGEST_RETRIES + 1} attempts: ${message}`)
        await backupAfterUpload(req.payload, mediaId)
        return { output: {} }
      }
      throw error
    }
    await backupAfterUpload(req.payload, mediaId)
    return { output: {} }
  },
}
