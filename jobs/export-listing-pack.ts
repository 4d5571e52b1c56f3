// The export pack task (src/server/listing/export.ts), input { runId }: idempotent, a run
// already ended is left alone. A failure is retried once; after that the run is marked failed
// with the reason, so the panel shows it.
import type { TaskConfig } from 'payload'
import { poolOf } from '../src/server/db/pool'
import { isLastAttempt } from '../src/server/jobs/task-retries'
import { EXPORT_RETRIES, EXPORT_TASK, executeExport } from '../src/server/listing/export'
import { failRun } from '../src/server/runs/record-run'

export const exportListingPackTask: TaskConfig<any> = {
  slug: EXPORT_TASK,
  label: 'Export a listing channel photo pack',
  inputSchema: [{ name: 'runId', type: 'text', required: true }],
  retries: EXPORT_RETRIES,
  handler: async ({ input, job, req }) => {
    const runId = String(input.runId)
    try {
      await executeExport(req.payload, poolOf(req.payload), runId)
    } catch (error) {
      if (isLastAttempt(EXPORT_RETRIES, job.totalTried)) {
        await failRun(poolOf(req.payload), runId, `The export failed: ${error instanceof Error ? error.message : String(error)}`)
        return { output: {} }
      }
      throw error
    }
    return { output: {} }
  },
}
