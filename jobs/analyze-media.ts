// The analysis task (ARCHITECTURE §7), on its own queue: analyses one photo or video.
// A photo that cannot be analysed is skipped with a reason inside analyzeMedia; other
// failures (store or database hiccups) are retried, then recorded as the photo's reason.
// The jobs worker runs these jobs itself (src/server/analysis/analysis-job.ts) with the same
// attempt; this definition serves Payload's own runner and the jobs collection.
import type { TaskConfig } from 'payload'
import { attemptAnalysis } from '../src/server/analysis/analysis-job'
import { ANALYZE_RETRIES, ANALYZE_TASK } from '../src/server/analysis/analysis-task'

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
    const runId = input.runId ? String(input.runId) : null
    await attemptAnalysis(req.payload, { mediaId: String(input.mediaId), runId, force: Boolean(input.force) }, job.totalTried ?? 0)
    return { output: {} }
  },
}
