// The AVIF task of Payload's jobs queue (src/server/media/avif-renditions.ts): one photo's AVIF
// renditions after it is ready (the backfill for older photos is one of jobs/backfills.ts).
// Idempotent; a failure is retried.
import type { TaskConfig } from 'payload'
import { AVIF_TASK, makeAvifFor } from '../src/server/media/avif-renditions'

export const makeAvifRenditionsTask: TaskConfig<any> = {
  slug: AVIF_TASK,
  label: 'Make the AVIF renditions of a ready photo',
  inputSchema: [
    { name: 'propertyId', type: 'text', required: true },
    { name: 'mediaId', type: 'text', required: true },
  ],
  retries: 2,
  handler: async ({ input, req }) => {
    const outcome = await makeAvifFor(req.payload, String(input.propertyId), String(input.mediaId))
    return { output: outcome }
  },
}
