// Analyze All (spec §7 POST /api/media-files/analyze-all) as a run (src/server/runs): the run
// lists every ready image and video to analyse as its items and queues one job per photo on
// the analysis queue, in the run's transaction, so a second Analyze All while one runs joins
// it. Each photo's job records its outcome on its item (analyze-media.ts recordOutcome); the
// run counts it and ends with the last one (a trigger on the items, migration 20261125_100000).
import type { Payload } from 'payload'
import type { AnalysisProgress } from '../../lib/api/types'
import { poolOf } from '../db/pool'
import { findRun, runningRun } from '../runs/run'
import { startOrJoinRun } from '../runs/start-or-join-run'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from './analysis-task'

/** The run under way, or a new one over the photos to analyse; null when there is nothing to do. */
export async function startAnalysisRun(
  payload: Payload,
  { propertyId, force, startedBy = null }: { propertyId: string; force: boolean; startedBy?: string | null },
): Promise<string | null> {
  const started = await startOrJoinRun(poolOf(payload), {
    kind: 'analysis',
    propertyId,
    startedBy,
    detail: { force },
    queue: async (client, runId) => {
      const items = await client.query(
        `INSERT INTO gallery_analysis_run_items (run_id, media_id)
         SELECT $1, id FROM media WHERE property_id = $3 AND status = 'ready' AND ($2 OR is_analyzed IS NOT TRUE)`,
        [runId, force, propertyId],
      )
      if (!items.rowCount) return null
      await client.query(
        `INSERT INTO payload_jobs (input, task_slug, queue)
         SELECT jsonb_build_object('mediaId', media_id::text, 'runId', run_id::text, 'force', $2::boolean), $3, $4
           FROM gallery_analysis_run_items WHERE run_id = $1`,
        [runId, force, ANALYZE_TASK, ANALYSIS_QUEUE],
      )
      return items.rowCount
    },
  })
  return started?.run.id ?? null
}

/**
 * A photo's outcome on its item of the run; only while the item is pending, so a job run again
 * after its worker died leaves the first outcome (and the run's count) as they were.
 */
export async function recordRunItem(payload: Payload, runId: string, mediaId: string, outcome: { state: 'analyzed' | 'skipped'; reason?: string }) {
  await poolOf(payload).query(
    `UPDATE gallery_analysis_run_items SET state = $3, reason = $4 WHERE run_id = $1 AND media_id = $2 AND state = 'pending'`,
    [runId, mediaId, outcome.state, outcome.reason ?? null],
  )
}

/** The property's analysis run under way, if any. */
export const currentAnalysisRun = (payload: Payload, propertyId: string) => runningRun(poolOf(payload), 'analysis', propertyId)

/**
 * An analysis run of the property: its progress per photo (beyond the generic run: analysed,
 * skipped and why); null for no such run, and for another property's.
 */
export async function analysisProgress(payload: Payload, propertyId: string, runId: string): Promise<AnalysisProgress | null> {
  const run = await findRun(poolOf(payload), runId, { checkAbandoned: true })
  if (run?.kind !== 'analysis' || run.propertyId !== propertyId) return null
  const { rows } = await poolOf(payload).query<{ state: string; media_id: string; reason: string | null }>(
    `SELECT state, media_id::text, reason FROM gallery_analysis_run_items WHERE run_id = $1`,
    [runId],
  )
  const count = (state: string) => rows.filter((r) => r.state === state).length
  return {
    runId,
    total: rows.length,
    analyzed: count('analyzed'),
    skipped: count('skipped'),
    pending: count('pending'),
    // A run whose jobs were lost is over too (failed): the screen stops following it.
    done: run.status !== 'running',
    failures: rows.filter((r) => r.state === 'skipped').slice(0, 50).map((r) => ({ id: r.media_id, reason: r.reason ?? '' })),
  }
}
