// The sweep that keeps a photo from waiting for ever: a record left pending or processing
// with no live ingest job (its job ended in an error after a crash of the database or the
// store, or was deleted by hand) gets a new job. After MAX_ERRORED_RUNS such jobs the
// record is marked failed with a reason instead, so a file that breaks the worker every
// time is not queued again and again. Runs when the worker starts and every
// SWEEP_INTERVAL_MS; one instance at a time (advisory lock); running it twice changes nothing.
import type { Payload } from 'payload'
import { LOCKS, withAdvisoryLock } from '../db/advisory-lock'
import { poolOf } from '../db/pool'
import { propertyScope } from '../db/property-db'
import { standaloneSql } from '../db/transaction'
import { INGEST_TASK } from './ingest-task'
import { writePipelineFields } from './media-repository'

export const SWEEP_INTERVAL_MS = 5 * 60_000
export const MAX_ERRORED_RUNS = 3

export type SweepResult = { requeued: string[]; failed: string[] }

export async function requeueStrandedMedia(payload: Payload): Promise<SweepResult> {
  return withAdvisoryLock(payload, LOCKS.ingestSweep, async () => {
    // A live job: not completed and not given up (a stale "processing" one is claimed again by the worker).
    const { rows } = await poolOf(payload).query<{ id: string; property_id: string; property_slug: string; errored: number }>(
      `SELECT m.id::text AS id, p.id::text AS property_id, p.slug AS property_slug,
              (SELECT count(*)::int FROM payload_jobs j
                WHERE j.task_slug = $1 AND j.input->>'mediaId' = m.id::text AND j.has_error) AS errored
         FROM media m JOIN properties p ON p.id = m.property_id
        WHERE m.status IN ('pending', 'processing')
          AND NOT EXISTS (
            SELECT 1 FROM payload_jobs j
             WHERE j.task_slug = $1 AND j.input->>'mediaId' = m.id::text
               AND j.completed_at IS NULL AND j.has_error IS NOT TRUE)`,
      [INGEST_TASK],
    )
    const result: SweepResult = { requeued: [], failed: [] }
    for (const { id, property_id: propertyId, property_slug: slug, errored } of rows) {
      if (errored >= MAX_ERRORED_RUNS) {
        await writePipelineFields(standaloneSql(payload), propertyScope({ id: propertyId, slug }), id, {
          status: 'failed',
          processingError: `Processing did not complete after ${errored} runs; upload the file again.`,
        })
        result.failed.push(id)
      } else {
        await payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: id } })
        result.requeued.push(id)
      }
    }
    return result
  })
}
