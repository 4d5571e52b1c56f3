// Listing readiness and export packs (listing-ready issue): GET /api/listing-readiness?channel=,
// PUT /api/listing-channels/{channel} (the manager's choices), POST /api/exports and an export
// pack's download. Shared by the server (400 on failure) and the admin.
import { z } from 'zod'
import { CHANNELS, CHANNELS_MESSAGE } from '../listing-rules'
import { sectionIdSchema } from './media'
import { mediaIdSchema } from './placement'
import { runIdSchema } from './runs'

/** A channel choice names at most this many photos (Vrbo takes 50; room to choose among more). */
export const MAX_CHANNEL_MEDIA = 500

export const channelSchema = z.enum(CHANNELS, CHANNELS_MESSAGE)

export const readinessQuerySchema = z.object({ channel: channelSchema }).strict()

export const channelParamsSchema = z.object({ channel: channelSchema })

export const channelChoiceSchema = z
  .object({
    mediaIds: z.array(mediaIdSchema).max(MAX_CHANNEL_MEDIA, `Choose at most ${MAX_CHANNEL_MEDIA} photos.`).nullable(),
    coverId: mediaIdSchema.nullable(),
  })
  .strict()

export const exportBodySchema = z
  .object({
    channel: channelSchema,
    sectionIds: z.array(sectionIdSchema).min(1, 'Name at least one section, or leave sectionIds out for all.').max(20).optional(),
  })
  .strict()

export const exportDownloadParamsSchema = z.object({ runId: runIdSchema })

export const exportDownloadQuerySchema = z
  .object({
    expires: z.coerce.number().int().positive('The download link is malformed.'),
    signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The download link is malformed.'),
  })
  .strict()
