// Creates a media record for an object the browser has just stored (PUT, POST form or
// multipart), after checking that the server issued that key, that the object is there with the declared
// size, and that no record points at it yet. Processing (ingest) is queued, not awaited.
// Answers the new record as the lists show it (read back through the media repository).
// The uploader registers its files in batches: what it stored while its last call was answered.
import type { PayloadRequest } from 'payload'
import type { MediaFile, RegisteredUpload } from '../../lib/api/types'
import { sanitizeFilename } from '../../lib/filenames'
import type { CreateMediaInput } from '../../lib/schemas/upload'
import { scheduleUploadBackup } from '../backup/schedule'
import { poolOf } from '../db/pool'
import { requestScope } from '../properties/request-property'
import { inTransaction, transactionSql } from '../db/transaction'
import { HttpError, badRequest } from '../http/errors'
import { isIssuedOriginalKey, uploadIdOf } from '../storage/keys'
import { deleteObject } from '../storage/delete-object'
import { headObject } from '../storage/head-object'
import { INGEST_TASK } from './ingest-task'
import { readMediaFile } from './media-repository'

const kindOf = (mimeType: string) => (mimeType.startsWith('video/') ? 'video' : 'image')

/** Metadata keeps the client's name for people to read, minus control characters. */
const displayName = (name: string) =>
  name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255) || 'file'

/** Registers one stored upload (POST /api/media-files). */
export async function createMediaFromUpload(req: PayloadRequest, input: CreateMediaInput): Promise<MediaFile> {
  const created = await registerUpload(req, input)
  await scheduleBackupAfterUpload(req)
  return created
}

/**
 * Registers the uploads the uploader stored since its last call (POST /api/media-files/batch),
 * each on its own: one the server refuses (a key it did not issue, a size that differs, a record
 * that exists) is answered with its status and message, and the others are registered. The
 * upload backup is scheduled once for the batch.
 */
export async function createMediaBatch(req: PayloadRequest, inputs: CreateMediaInput[]): Promise<RegisteredUpload[]> {
  const results: RegisteredUpload[] = []
  for (const input of inputs) {
    try {
      results.push({ objectPath: input.objectPath, status: 201, file: await registerUpload(req, input) })
    } catch (error) {
      // A refusal belongs to its file; anything else (the database gone) answers for the call.
      if (!(error instanceof HttpError) || error.status >= 500) throw error
      results.push({ objectPath: input.objectPath, status: error.status, message: error.message })
    }
  }
  if (results.some((result) => result.status === 201)) await scheduleBackupAfterUpload(req)
  return results
}

/** Spec §9 "backups created on each upload": debounced, so a 200-file batch makes one. */
async function scheduleBackupAfterUpload(req: PayloadRequest) {
  await scheduleUploadBackup(poolOf(req.payload), await requestScope(req)).catch((error: unknown) =>
    req.payload.logger.warn({ err: error, msg: 'Could not schedule the upload backup' }),
  )
}

async function registerUpload(req: PayloadRequest, input: CreateMediaInput): Promise<MediaFile> {
  const key = input.objectPath.replace(/^\/+/, '')
  if (!isIssuedOriginalKey(req.payload.secret, key)) {
    throw badRequest('This object path was not issued by the server: request a new upload URL.')
  }
  if (kindOf(input.mimeType) !== input.fileType) {
    throw badRequest(`A ${input.mimeType} file cannot be registered as ${input.fileType === 'image' ? 'an image' : 'a video'}.`)
  }

  const object = await headObject({ key })
  if (!object) throw badRequest('No file was uploaded at this object path.')
  if (object.size !== input.fileSize) {
    // The object is removed only when no record has it (a second create for a stored upload keeps it).
    if (await hasRecord(req, key)) throw alreadyRegistered()
    await deleteObject({ key })
    throw badRequest(`The uploaded file has ${object.size} bytes, not the declared ${input.fileSize}: upload it again.`)
  }

  const uploadId = uploadIdOf(key)
  // The record and its ingest job are written together or not at all. A record for this key
  // already (the storage key is unique) is refused as a conflict, not a validation error.
  return inTransaction(req, async () => {
    const doc = await req.payload
      .create({
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
        // The answer is read back below: Payload's copy of the new record is not needed.
        select: { fileType: true },
        req,
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyRegistered() : error
      })
    await req.payload.jobs.queue({ task: INGEST_TASK, input: { mediaId: String(doc.id) }, req })
    return (await readMediaFile(await transactionSql(req), String(doc.id), { forAdmin: true }))!
  })
}

const alreadyRegistered = () => new HttpError(409, 'A media record already exists for this upload.')

async function hasRecord(req: PayloadRequest, key: string) {
  const { totalDocs } = await req.payload.count({
    collection: 'media',
    where: { storageKey: { equals: key } },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}

/**
 * Payload reports a unique-constraint violation as a ValidationError naming the field (matched
 * by name: the error may come from the bundled copy of Payload, not this module's).
 */
function isUniqueViolation(error: unknown) {
  const { name, data } = (error ?? {}) as { name?: string; data?: { errors?: Array<{ path?: string }> } }
  if (name !== 'ValidationError') return false
  return (data?.errors ?? []).some((issue) => issue.path === 'storageKey' || issue.path === 'filename')
}
