// The duplicate hash backfill task of Payload's jobs queue (src/server/duplicates/backfill.ts):
// mirror and region hashes for media processed before ingest stored them. Idempotent; a
// failure is retried once, and the rows it did not reach are taken at the next start.
import type { TaskConfig } from 'payload'
import { backfillDuplicateHashes } from '../src/server/duplicates/backfill'
import { HASH_BACKFILL_TASK } from '../src/server/duplicates/scan-task'

export const backfillDuplicateHashesTask: TaskConfig<any> = {
  slug: HASH_BACKFILL_TASK,
  label: 'Compute mirror and region hashes of older media files',
  inputSchema: [],
  retries: 1,
  handler: async ({ req }) => {
    const { written, failed } = await backfillDuplicateHashes(req.payload)
    if (written + failed > 0) req.payload.logger.info(`Duplicate hash backfill: ${written} media files hashed, ${failed} unreadable`)
    return { output: { written, failed } }
  },
}
