// Request bodies of the upload calls (spec §7: POST /api/objects/upload, the uploader's
// s3/params and s3/multipart calls, POST /api/media-files).
import { z } from 'zod'
import './text'
import { ALLOWED_MIME_TYPES, ALLOWED_TYPES_TEXT, MAX_FILES_PER_BATCH } from '../constants'

/** Browsers and cameras say image/jpg for JPEG; everything else must be on the allow-list. */
export const allowedMimeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((type) => (type === 'image/jpg' ? 'image/jpeg' : type))
  .refine((type): type is (typeof ALLOWED_MIME_TYPES)[number] => (ALLOWED_MIME_TYPES as readonly string[]).includes(type), {
    error: (issue) => `File type ${String(issue.input) || 'unknown'} is not allowed: use ${ALLOWED_TYPES_TEXT}.`,
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
  // Sent by the spec's client and ignored: the server measures these itself.
  isOptimized: z.enum(['true', 'false']).optional(),
  compressionRatio: z.number().optional(),
})

/** POST /api/media-files/batch: the uploader registers the files stored since its last call in one. */
export const createMediaBatchSchema = z.object({
  files: z
    .array(createMediaSchema)
    .min(1, 'Name at least one file.')
    .max(MAX_FILES_PER_BATCH, `A batch has at most ${MAX_FILES_PER_BATCH} files.`),
})

const sizeSchema = z.coerce
  .number({ error: 'The file size must be a number.' })
  .int('The file size must be a whole number of bytes.')
  .min(1, 'The file is empty.')

/** GET s3/params?filename&type&metadata[...]: the uploader sends the file's size as metadata. */
export const uploadParamsQuerySchema = z.object({
  filename: filenameSchema,
  type: allowedMimeSchema,
  'metadata[size]': sizeSchema,
})

/** POST s3/multipart: filename, type, metadata. */
export const multipartCreateSchema = z.object({
  filename: filenameSchema,
  type: allowedMimeSchema,
  metadata: z.record(z.string(), z.unknown()).optional(),
})

/** Every call on an existing multipart upload names its key (spec §5: signing needs upload id, key and part number). */
export const multipartKeyQuerySchema = z.object({
  key: z.string({ error: 'The object key is required.' }).min(1, 'The object key is required.').max(400),
})

export const multipartParamsSchema = z.object({
  uploadId: z
    .string()
    .min(1, 'The upload id is required.')
    .max(1024)
    .regex(/^[\x21-\x7e]+$/, 'The upload id is malformed.'),
})

export const partParamsSchema = multipartParamsSchema.extend({
  partNumber: z.coerce
    .number({ error: 'The part number must be a number.' })
    .int('The part number must be a whole number.')
    .min(1, 'Part numbers start at 1.')
    .max(10_000, 'An upload has at most 10000 parts.'),
})

export const multipartCompleteSchema = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z.number().int().min(1).max(10_000),
        ETag: z.string().min(1).max(200),
      }),
    )
    .min(1, 'At least one part is required.')
    .max(10_000, 'An upload has at most 10000 parts.'),
})

export type UploadRequest = z.infer<typeof uploadRequestSchema>
export type CreateMediaInput = z.infer<typeof createMediaSchema>
export type CreateMediaBatchInput = z.infer<typeof createMediaBatchSchema>
