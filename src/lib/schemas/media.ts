// Query strings of the read API (spec §7), shared by client and server.
import { z } from 'zod'
import './text'

export const mediaTypeSchema = z.enum(['image', 'video'])

export const mediaListQuerySchema = z.object({ type: mediaTypeSchema.optional() }).strict()

export const sectionMediaQuerySchema = z
  .object({ type: mediaTypeSchema.optional(), includeHidden: z.enum(['true', 'false']).optional() })
  .strict()

/** A section id in a path: the seeded slugs, 'hidden' or 'all'. */
export const sectionIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'Section id is malformed.')

export const sectionParamsSchema = z.object({ sectionId: sectionIdSchema })
