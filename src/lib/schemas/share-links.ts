// Share links (POST /api/share-links, DELETE /api/share-links/{id}): what a manager shares —
// a section, a room (of a section or of the whole property), or chosen photos — for how long,
// and whether hidden photos come with it. Shared by the server (400 on failure) and the admin.
import { z } from 'zod'
import { mediaIdSchema, roomSchema } from './placement'
import { sectionIdSchema } from './media'

export const SHARE_LINK_DEFAULT_DAYS = 14
export const SHARE_LINK_MAX_DAYS = 365
/** A link names at most this many photos by id. */
export const MAX_SHARED_MEDIA = 500

const DAY_MS = 24 * 60 * 60 * 1000

export const createShareLinkSchema = z
  .object({
    sectionId: sectionIdSchema.optional(),
    room: roomSchema.optional(),
    mediaIds: z
      .array(mediaIdSchema)
      .min(1, 'Choose at least one photo.')
      .max(MAX_SHARED_MEDIA, `A link shares at most ${MAX_SHARED_MEDIA} photos by id.`)
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, message: 'expiresAt must be a date and time (ISO 8601).' }).optional(),
    includeHidden: z.boolean().optional(),
  })
  .strict()
  .refine((input) => input.sectionId !== undefined || (input.room ?? null) !== null || input.mediaIds !== undefined, {
    message: 'Say what to share: a sectionId, a room or mediaIds.',
  })

export type CreateShareLinkInput = z.infer<typeof createShareLinkSchema>

export const shareLinkParamsSchema = z.object({ id: z.uuid('Share link id is malformed.') })

/** The link's expiry: the one asked for, which must be in the future and within a year; else 14 days from now. */
export function shareLinkExpiry(expiresAt: string | undefined, now = Date.now()): { at: Date } | { problem: string } {
  if (expiresAt === undefined) return { at: new Date(now + SHARE_LINK_DEFAULT_DAYS * DAY_MS) }
  const at = new Date(expiresAt)
  if (at.getTime() <= now) return { problem: 'expiresAt must be in the future.' }
  if (at.getTime() > now + SHARE_LINK_MAX_DAYS * DAY_MS) return { problem: `A link lasts at most ${SHARE_LINK_MAX_DAYS} days.` }
  return { at }
}
