// Request bodies of the admin's organising calls (spec §7): section assignment, bulk
// assignment, reorder and custom tags/notes. Shared by the server (400 on failure) and
// the client. The tag rules of spec §5 live in src/lib/tags.ts.
import { z } from 'zod'
import { noNul } from './text'
import { sectionIdSchema } from './media'
import { MAX_TAGS, MAX_TAG_LENGTH, normaliseTags } from '../tags'

export const mediaIdSchema = z.uuid('Media id is malformed.')

export const mediaParamsSchema = z.object({ id: mediaIdSchema })

/** Max lengths mirror the media collection's fields. */
export const MAX_DESCRIPTION_LENGTH = 2000
export const MAX_NOTES_LENGTH = 5000
export const MAX_ROOM_LENGTH = 120
/** Bulk assignment and reorder take at most this many ids in one call. */
export const MAX_IDS_PER_CALL = 10_000

/** Spec §5: the room text is trimmed; an empty room is sent (and stored) as null. */
export const roomSchema = z
  .string()
  .refine(noNul.check, noNul.message)
  .max(MAX_ROOM_LENGTH + 100, `A room name has at most ${MAX_ROOM_LENGTH} characters.`)
  .nullable()
  .transform((room) => (room?.trim() ? room.trim() : null))
  .refine((room) => room === null || room.length <= MAX_ROOM_LENGTH, `A room name has at most ${MAX_ROOM_LENGTH} characters.`)

/** PUT /api/media-files/{id}/section: a section id (or 'hidden'), or null; isHidden 'true'/'false'; optional room. */
export const assignSectionSchema = z
  .object({
    section: sectionIdSchema.nullable(),
    isHidden: z.enum(['true', 'false']).optional(),
    room: roomSchema.optional(),
  })
  .strict()

export const bulkAssignSchema = z
  .object({
    mediaIds: z
      .array(mediaIdSchema)
      .min(1, 'Choose at least one photo to assign.')
      .max(MAX_IDS_PER_CALL, `At most ${MAX_IDS_PER_CALL} photos can be assigned at once.`),
    room: roomSchema.optional().default(null),
  })
  .strict()

export const reorderSchema = z
  .object({
    mediaIds: z
      .array(mediaIdSchema)
      .min(1, 'Send the ids of the section in their new order.')
      .max(MAX_IDS_PER_CALL, `At most ${MAX_IDS_PER_CALL} photos can be reordered at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each photo may appear only once in the new order.'),
  })
  .strict()

const trimmedText = (max: number, label: string) =>
  z
    .string()
    .refine(noNul.check, noNul.message)
    .nullable()
    .transform((text) => (text?.trim() ? text.trim() : null))
    .refine((text) => text === null || text.length <= max, `${label} has at most ${max} characters.`)

export const metadataSchema = z
  .object({
    tags: z
      .array(z.string().max(MAX_TAG_LENGTH + 100).refine(noNul.check, noNul.message))
      .max(MAX_TAGS * 4)
      .transform(normaliseTags)
      .refine((tags) => tags.length <= MAX_TAGS, `A photo can have at most ${MAX_TAGS} tags.`)
      .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), `A tag has at most ${MAX_TAG_LENGTH} characters.`)
      .optional(),
    // Not in the spec: the tags the editor showed when it opened. Analysis's tags missing from
    // `tags` count as removed only when shown, so one written while the dialog was open stays.
    shownTags: z
      .array(z.string().max(MAX_TAG_LENGTH + 100).refine(noNul.check, noNul.message))
      .max(MAX_TAGS * 4)
      .transform(normaliseTags)
      .optional(),
    description: trimmedText(MAX_DESCRIPTION_LENGTH, 'The description').optional(),
    notes: trimmedText(MAX_NOTES_LENGTH, 'Notes').optional(),
    // The 360° toggle (camera issue, item 3): "equirectangular" for a 360° photo, null for a flat one.
    projection: z
      .enum(['equirectangular'], 'The projection is "equirectangular" (a 360° photo) or null (a flat one).')
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (body) => body.tags !== undefined || body.description !== undefined || body.notes !== undefined || body.projection !== undefined,
    { message: 'Send tags, a description, notes or a projection to update.' },
  )

export type AssignSectionInput = z.input<typeof assignSectionSchema>
export type BulkAssignInput = z.input<typeof bulkAssignSchema>
export type ReorderInput = z.input<typeof reorderSchema>
export type MetadataInput = z.input<typeof metadataSchema>
