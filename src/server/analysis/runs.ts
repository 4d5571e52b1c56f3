// Analyze All (spec §7 POST /api/media-files/analyze-all): one run lists every ready
// image and video to analyse and queues one job per photo on the analysis queue, in a
// single transaction under an advisory lock, so a second Analyze All while one runs
// joins it instead of doubling the work. Progress is read from the run's items, by the run's
// id or as the run under way.
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'
import { poolOf } from '../db/pool'
import { ANALYSIS_QUEUE, ANALYZE_TASK } from './analysis-task'

/** pg_advisory_xact_lock key for starting runs (distinct from LOCKS in advisory-lock.ts). */
const RUN_LOCK = 72_410_014

export type RunProgress = { jobId: string; total: number; analyzed: number; skipped: number; pending: number; failures: { id: string; reason: string }[] }

/** The unfinished run if there is one, else a new one over the photos to analyse; null when there is nothing to do. */
export async function startAnalysisRun(payload: Payload, { force }: { force: boolean }): Promise<string | null> {
  const client = await poolOf(payload).connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [RUN_LOCK])
    const running = await unfinishedRunId(client)
    if (running) {
      await client.query('COMMIT')
      return running
    }
    const run = await client.query<{ id: string }>(`INSERT INTO gallery_analysis_runs (force) VALUES ($1) RETURNING id::text`, [force])
    const runId = run.rows[0].id
    const items = await client.query(
      `INSERT INTO gallery_analysis_run_items (run_id, media_id)
       SELECT $1, id FROM media WHERE status = 'ready' AND ($2 OR is_analyzed IS NOT TRUE)`,
      [runId, force],
    )
    if (!items.rowCount) {
      await client.query('ROLLBACK')
      return null
    }
    await client.query(
      `INSERT INTO payload_jobs (input, task_slug, queue)
       SELECT jsonb_build_object('mediaId', media_id::text, 'runId', run_id::text, 'force', $2::boolean), $3, $4
         FROM gallery_analysis_run_items WHERE run_id = $1`,
      [runId, force, ANALYZE_TASK, ANALYSIS_QUEUE],
    )
    await client.query('COMMIT')
    return runId
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/**
 * The run still under way, if any: one with a pending item whose job is still queued or running
 * (a run whose jobs were lost does not count).
 */
export async function unfinishedRunId(db: Pick<PoolClient, 'query'>): Promise<string | null> {
  const { rows } = await db.query<{ run_id: string }>(
    `SELECT i.run_id::text FROM gallery_analysis_run_items i
      WHERE i.state = 'pending' AND EXISTS (
        SELECT 1 FROM payload_jobs j WHERE j.queue = $1 AND j.completed_at IS NULL AND j.has_error IS NOT TRUE
           AND j.input->>'runId' = i.run_id::text AND j.input->>'mediaId' = i.media_id::text)
      LIMIT 1`,
    [ANALYSIS_QUEUE],
  )
  return rows[0]?.run_id ?? null
}

export async function runProgress(payload: Payload, runId: string): Promise<RunProgress | null> {
  const { rows } = await poolOf(payload).query<{ state: string; media_id: string; reason: string | null }>(
    `SELECT i.state, i.media_id::text, i.reason FROM gallery_analysis_runs r
       LEFT JOIN gallery_analysis_run_items i ON i.run_id = r.id WHERE r.id = $1`,
    [runId],
  )
  if (!rows.length) return null
  const items = rows.filter((r) => r.state)
  const count = (state: string) => items.filter((r) => r.state === state).length
  return {
    jobId: runId,
    total: items.length,
    analyzed: count('analyzed'),
    skipped: count('skipped'),
    pending: count('pending'),
    failures: items.filter((r) => r.state === 'skipped').slice(0, 50).map((r) => ({ id: r.media_id, reason: r.reason ?? '' })),
  }
}
