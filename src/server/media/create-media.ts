// Creates a media record for an object the browser has just stored (PUT, POST form or
// multipart), after checking that the server issued that key, that the object is there with the declared
// size, and that no record points at it yet. Processing (ingest) is queued, not awaited.
import type { PayloadRequest } from 'payload'
import { sanitizeFilename } from '../../lib/filenames'
import type { CreateMediaInput } from '../../lib/schemas/upload'
import { HttpError, badRequest } from '../http/errors'
import { isIssuedOriginalKey, uploadIdOf } from '../storage/keys'
import { deleteObject, headObject } from '../storage/s3'
import { INGEST_TASK } from './ingest-task'

const kindOf = (mimeType: string) => (mimeType.startsWith('video/') ? 'video' : 'image')

/** Metadata keeps the client's name for people to read, minus control characters. */
const displayName = (name: string) =>
  name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255) || 'file'

export async function createMediaFromUpload(req: PayloadRequest, input: CreateMediaInput) {
  const key = input.objectPath.replace(/^\/+/, '')
  if (!isIssuedOriginalKey(req.payload.secret, key)) {
    throw badRequest('This object path was not issued by the server: request a new upload URL.')
  }
  if (kindOf(input.mimeType) !== input.fileType) {
    throw badRequest(`A ${input.mimeType} file cannot be registered as ${input.fileType === 'image' ? 'an image' : 'a video'}.`)
  }

  const existing = await req.payload.count({
    collection: 'media',
    where: { storageKey: { equals: key } },
    overrideAccess: true,
    req,
  })
  if (existing.totalDocs > 0) throw new HttpError(409, 'A media record already exists for this upload.')

  const object = await headObject(key)
  if (!object) throw badRequest('No file was uploaded at this object path.')
  if (object.size !== input.fileSize) {
    await deleteObject(key)
    throw badRequest(`The uploaded file has ${object.size} bytes, not the declared ${input.fileSize}: upload it again.`)
  }

  const uploadId = uploadIdOf(key)
  const doc = await req.payload.create({
    collection: 'media',
    data: {
      filename: `${uploadId.replace(/-/g, '').slice(0, 12)}-${sanitizeFilename(input.filename)}`,
      originalFilename: displayName(input.originalFilename ?? input.filename),
      fileType: input.fileType,
      mimeType: input.mimeType,
      filesize: object.size,
      originalFileSize: object.size,
      storageKey: key,
      status: 'pending',
      uploadedAt: new Date().toISOString(),
    } as never,
    // The caller is a checked admin; Payload drops `filename` from data unless access is overridden.
    overrideAccess: true,
    req,
  })
  await req.payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: String(doc.id) }, req })
  return doc
}
