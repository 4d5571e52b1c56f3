// The quality backfill task of Payload's jobs queue (src/server/media/quality-backfill.ts): quality
// codes for media processed before ingest measured them. Idempotent; a failure is retried once,
// and the rows it did not reach are taken at the next start.
import type { TaskConfig } from 'payload'
import { backfillQualityIssues, QUALITY_BACKFILL_TASK } from '../src/server/media/quality-backfill'

export const backfillQualityIssuesTask: TaskConfig<any> = {
  slug: QUALITY_BACKFILL_TASK,
  label: 'Measure the quality codes of older photos',
  inputSchema: [],
  retries: 1,
  handler: async ({ req }) => {
    const { written, failed } = await backfillQualityIssues(req.payload)
    if (written + failed > 0) req.payload.logger.info(`Quality backfill: ${written} media files measured, ${failed} unreadable`)
    return { output: { written, failed } }
  },
}
