// Requests of the Duplicate Detection dialog (spec §7): the scan takes an empty body; a
// delete may name the file the manager keeps, so the deleted file's organisation moves to it.
import { z } from 'zod'
import { mediaIdSchema } from './placement'

/** POST /api/duplicates/scan: nothing, or an empty object. */
export const scanBodySchema = z.object({}).strict()

/** DELETE /api/media-files/{id}?keep={id}: keep names the file that stays (a duplicate of this one). */
export const deleteQuerySchema = z.object({ keep: mediaIdSchema.optional() }).strict()

/** What a deleted duplicate may hand over to the kept file (names as in MediaFile). */
export const CARRIED_FIELDS = ['section', 'room', 'tags', 'description', 'notes', 'sortOrder'] as const
export type CarriedField = (typeof CARRIED_FIELDS)[number]
