// The duplicate scan task of Payload's jobs queue (src/server/duplicates/scan.ts). A failure
// is retried once; after that the scan is marked failed, so the dialog shows "Scan Failed".
import type { TaskConfig } from 'payload'
import { markScanFailed, runScan } from '../src/server/duplicates/scan'
import { DUPLICATE_SCAN_RETRIES, DUPLICATE_SCAN_TASK } from '../src/server/duplicates/scan-task'
import { isLastAttempt } from '../src/server/jobs/task-retries'

export const scanDuplicatesTask: TaskConfig<any> = {
  slug: DUPLICATE_SCAN_TASK,
  label: 'Scan for duplicate media files',
  inputSchema: [{ name: 'runId', type: 'text', required: true }],
  retries: DUPLICATE_SCAN_RETRIES,
  handler: async ({ input, job, req }) => {
    // Jobs queued before runs were one collection name the run scanId.
    const scanId = String(input.runId ?? input.scanId)
    try {
      await runScan(req.payload, scanId)
    } catch (error) {
      if (isLastAttempt(DUPLICATE_SCAN_RETRIES, job.totalTried)) {
        const message = error instanceof Error ? error.message : String(error)
        await markScanFailed(req.payload, scanId, `The scan failed: ${message}`)
        return { output: {} }
      }
      throw error
    }
    return { output: {} }
  },
}
