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

/** A cover crop's frame: fractions (0–1) of the cover photo as its renditions show it, inside it. */
export const coverFrameSchema = z
  .object({
    x: z.number().min(0, 'x is a fraction from 0 to 1.').max(1, 'x is a fraction from 0 to 1.'),
    y: z.number().min(0, 'y is a fraction from 0 to 1.').max(1, 'y is a fraction from 0 to 1.'),
    width: z.number().gt(0, 'width is a fraction above 0, at most 1.').max(1, 'width is a fraction above 0, at most 1.'),
    height: z.number().gt(0, 'height is a fraction above 0, at most 1.').max(1, 'height is a fraction above 0, at most 1.'),
  })
  .strict()
  .refine((frame) => frame.x + frame.width <= 1 + 1e-6, { message: 'The frame goes past the right edge of the photo.', path: ['width'] })
  .refine((frame) => frame.y + frame.height <= 1 + 1e-6, { message: 'The frame goes past the bottom edge of the photo.', path: ['height'] })

export type Frame = z.infer<typeof coverFrameSchema>

/** One crop a channel makes of its cover, with its frame: the manager's, or found by content. */
export type CoverCrop = { label: string; name: string; ratio: number; frame: Frame; source: 'manager' | 'content-aware' }

/**
 * PUT /api/listing-channels/{channel}/cover-crops: the manager's frame of each of the channel's
 * cover crops, by the crop's name ('1:1', '16:9'); null gives a crop back to the content-aware frame.
 */
export const coverCropsSchema = z
  .object({
    mediaId: mediaIdSchema,
    crops: z.record(z.string().max(20), coverFrameSchema.nullable()),
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
