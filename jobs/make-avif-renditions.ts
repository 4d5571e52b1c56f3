// The AVIF tasks of Payload's jobs queue (src/server/media/avif-renditions.ts): one photo's AVIF
// renditions after it is ready, and the backfill for photos processed before they existed.
// Idempotent; a failure is retried, and rows a backfill did not reach are taken at the next start.
import type { TaskConfig } from 'payload'
import { AVIF_BACKFILL_TASK, AVIF_TASK, backfillAvif, makeAvifFor } from '../src/server/media/avif-renditions'

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

export const backfillAvifRenditionsTask: TaskConfig<any> = {
  slug: AVIF_BACKFILL_TASK,
  label: 'Make AVIF renditions of older photos',
  inputSchema: [],
  retries: 1,
  handler: async ({ req }) => {
    const result = await backfillAvif(req.payload)
    if (result.made + result.unreadable > 0) {
      req.payload.logger.info(`AVIF backfill: ${result.made} photos given AVIF renditions, ${result.unreadable} unreadable`)
    }
    return { output: result }
  },
}
