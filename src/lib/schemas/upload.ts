// Request bodies of the upload calls (spec §7: POST /api/objects/upload, POST /api/media-files).
import { z } from 'zod'
import { ALLOWED_MIME_TYPES } from '../constants'

const ALLOWED_LIST = 'JPG, PNG, GIF, WebP, MP4 or MOV'

/** Browsers and cameras say image/jpg for JPEG; everything else must be on the allow-list. */
export const allowedMimeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((type) => (type === 'image/jpg' ? 'image/jpeg' : type))
  .refine((type): type is (typeof ALLOWED_MIME_TYPES)[number] => (ALLOWED_MIME_TYPES as readonly string[]).includes(type), {
    error: (issue) => `File type ${String(issue.input) || 'unknown'} is not allowed: use ${ALLOWED_LIST}.`,
  })

const filenameSchema = z.string().min(1, 'A filename is required.').max(1024, 'The filename is too long.')

export const uploadRequestSchema = z.object({
  filename: filenameSchema,
  contentType: allowedMimeSchema,
  size: z.number().int().min(1, 'The file is empty.').optional(),
})

export const createMediaSchema = z.object({
  filename: filenameSchema,
  originalFilename: filenameSchema.optional(),
  fileType: z.enum(['image', 'video']),
  mimeType: allowedMimeSchema,
  fileSize: z.number().int().min(1, 'The file is empty.'),
  originalFileSize: z.number().int().min(0).optional(),
  objectPath: z.string().min(1).max(400),
  uploadToken: z.string().min(1).max(200),
  // Sent by the spec's client and ignored: the server measures these itself.
  isOptimized: z.enum(['true', 'false']).optional(),
  compressionRatio: z.number().optional(),
})

export type UploadRequest = z.infer<typeof uploadRequestSchema>
export type CreateMediaInput = z.infer<typeof createMediaSchema>
