// Analyze All (spec §7 POST /api/media-files/analyze-all) as a run (src/server/runs): the run
// lists every ready image and video to analyse as its items and queues one job per photo on
// the analysis queue, in the run's transaction, so a second Analyze All while one runs joins
// it. Each photo's job records its outcome on its item (analyze-media.ts recordOutcome); the
// run counts it and ends with the last one (a trigger on the items, migration 20261125_100000).
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
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

/** How many skipped photos a run names, with why. */
const FAILURES_SHOWN = 50

/** A run's photos so far: how many are analysed, skipped and still to do, and the skipped ones with why. */
export async function runOutcomes(payload: Payload, runId: string) {
  const { rows } = await poolOf(payload).query<{ state: string; media_id: string; reason: string | null }>(
    `SELECT state, media_id::text, reason FROM gallery_analysis_run_items WHERE run_id = $1 ORDER BY media_id`,
    [runId],
  )
  const count = (state: string) => rows.filter((row) => row.state === state).length
  return {
    analyzed: count('analyzed'),
    skipped: count('skipped'),
    pending: count('pending'),
    failures: rows.filter((row) => row.state === 'skipped').slice(0, FAILURES_SHOWN).map((row) => ({ id: row.media_id, reason: row.reason ?? '' })),
  }
}
