// One analysis job, as the jobs worker runs it (worker.ts), without Payload's job runner:
// analysis is the one queue with a job per photo, hundreds at a time, and Payload's runner
// writes the job row four to six times per job (claim, task log, completion, deletion) where
// this writes it once. The rules are the task's (jobs/analyze-media.ts, which runs the same
// attempt when Payload runs the job): ANALYZE_RETRIES more tries after a failure, the last
// one recording its reason on the photo and the run instead of failing; a finished job is
// deleted, as Payload does with deleteJobOnComplete.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import type { ClaimedJob } from '../jobs/crash-limit'
import { ANALYZE_RETRIES } from './analysis-task'
import { analyzeMedia, type AnalyzeInput, recordOutcome } from './analyze-media'

/** One attempt; `tried` attempts were made before it. Throws only when a retry is left. */
export async function attemptAnalysis(payload: Payload, input: AnalyzeInput, tried: number): Promise<void> {
  try {
    await analyzeMedia(payload, input)
  } catch (error) {
    if (tried < ANALYZE_RETRIES) throw error
    const reason = `Analysis failed after ${ANALYZE_RETRIES + 1} attempts: ${error instanceof Error ? error.message : String(error)}`
    await recordOutcome(payload, input, { state: 'skipped', reason })
  }
}

export type AnalysisJob = Pick<ClaimedJob, 'id' | 'input' | 'totalTried'>

/**
 * Runs a claimed analysis job: deletes it when done; after a failure with a retry left,
 * counts the try and gives the job back to the queue. A failure to write either (the
 * database went away) is thrown, and the worker gives the job back once it answers.
 */
export async function runAnalysisJob(payload: Payload, job: AnalysisJob): Promise<void> {
  const input = job.input ?? {}
  const pool = poolOf(payload)
  try {
    await attemptAnalysis(
      payload,
      { mediaId: String(input.mediaId), runId: input.runId ? String(input.runId) : null, force: Boolean(input.force) },
      job.totalTried,
    )
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    payload.logger.warn(`Analysis job ${job.id} failed (attempt ${job.totalTried + 1}); it will be tried again: ${message}`)
    await pool.query(
      `UPDATE payload_jobs SET processing = false, total_tried = total_tried + 1, error = $2, updated_at = now() WHERE id = $1`,
      [job.id, { message }],
    )
    return
  }
  await pool.query(`DELETE FROM payload_jobs WHERE id = $1`, [job.id])
}
