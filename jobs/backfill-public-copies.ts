// The public copy backfill task of Payload's jobs queue (src/server/media/public-copy-backfill.ts):
// copies without location or device data for media processed before ingest made them.
// Idempotent; a failure is retried once, and the rows it did not reach are taken at the next start.
import type { TaskConfig } from 'payload'
import { backfillPublicCopies, PUBLIC_COPY_BACKFILL_TASK } from '../src/server/media/public-copy-backfill'

export const backfillPublicCopiesTask: TaskConfig<any> = {
  slug: PUBLIC_COPY_BACKFILL_TASK,
  label: 'Make public copies (without location or device data) of older media files',
  inputSchema: [],
  retries: 1,
  handler: async ({ req }) => {
    const { written, failed } = await backfillPublicCopies(req.payload)
    if (written + failed > 0) req.payload.logger.info(`Public copy backfill: ${written} media files copied, ${failed} unreadable`)
    return { output: { written, failed } }
  },
}
