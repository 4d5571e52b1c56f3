// The analysis task (ARCHITECTURE §7), on its own queue: analyses one photo or video.
// A photo that cannot be analysed is skipped with a reason inside analyzeMedia; other
// failures (store or database hiccups) are retried, then recorded as the photo's reason.
import type { TaskConfig } from 'payload'
import { ANALYZE_RETRIES, ANALYZE_TASK } from '../src/server/analysis/analysis-task'
import { analyzeMedia } from '../src/server/analysis/analyze-media'
import { poolOf } from '../src/server/db/pool'

export const analyzeMediaTask: TaskConfig<any> = {
  slug: ANALYZE_TASK,
  label: 'Analyse a media file',
  inputSchema: [
    { name: 'mediaId', type: 'text', required: true },
    { name: 'runId', type: 'text' },
    { name: 'force', type: 'checkbox' },
  ],
  retries: ANALYZE_RETRIES,
  handler: async ({ input, job, req }) => {
    const mediaId = String(input.mediaId)
    const runId = input.runId ? String(input.runId) : null
    try {
      await analyzeMedia(req.payload, { mediaId, runId, force: Boolean(input.force) })
    } catch (error) {
      if ((job.totalTried ?? 0) >= ANALYZE_RETRIES) {
        const reason = `Analysis failed after ${ANALYZE_RETRIES + 1} attempts: ${error instanceof Error ? error.message : String(error)}`
        const pool = poolOf(req.payload)
        await pool.query(`UPDATE media SET analysis_error = $2 WHERE id = $1`, [mediaId, reason])
        if (runId) {
          await pool.query(`UPDATE gallery_analysis_run_items SET state = 'skipped', reason = $3 WHERE run_id = $1 AND media_id = $2`, [runId, mediaId, reason])
        }
        return { output: {} }
      }
      throw error
    }
    return { output: {} }
  },
}
