// The analysis task (docs/architecture.md §8), on its own queue: analyses one photo or video.
// A photo that cannot be analysed is skipped with a reason inside analyzeMedia; other
// failures (store or database hiccups) are retried, and the last one is recorded as the
// photo's reason (on the run too) instead of failing the job.
import type { TaskConfig } from 'payload'
import { ANALYZE_RETRIES, ANALYZE_TASK } from '../src/server/analysis/analysis-task'
import { analyzeMedia, recordOutcome } from '../src/server/analysis/analyze-media'
import { isLastAttempt } from '../src/server/jobs/task-retries'

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
    const analysis = {
      mediaId: String(input.mediaId),
      runId: input.runId ? String(input.runId) : null,
      force: Boolean(input.force),
    }
    try {
      await analyzeMedia(req.payload, analysis)
    } catch (error) {
      if (!isLastAttempt(ANALYZE_RETRIES, job.totalTried)) throw error
      const message = error instanceof Error ? error.message : String(error)
      const reason = `Analysis failed after ${ANALYZE_RETRIES + 1} attempts: ${message}`
      await recordOutcome(req.payload, analysis, { state: 'skipped', reason })
    }
    return { output: {} }
  },
}
