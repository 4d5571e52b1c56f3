// Creates a media record for an object the browser has just stored (PUT, POST form or
// multipart), after checking that the server issued that key, that the object is there with the declared
// size, and that no record points at it yet. Processing (ingest) is queued, not awaited.
// Answers the new record as the lists show it (read back through the media repository).
// The uploader registers its files in batches: what it stored while its last call was answered.
import { sql } from 'drizzle-orm'
import pLimit from 'p-limit'
import type { PayloadRequest } from 'payload'
import type { MediaFile, RegisteredUpload } from '../../lib/api/types'
import { sanitizeFilename } from '../../lib/filenames'
import type { CreateMediaInput } from '../../lib/schemas/upload'
import { scheduleUploadBackup } from '../backup/schedule'
import { poolOf } from '../db/pool'
import { requestScope } from '../properties/request-property'
import { inTransaction, transactionSql } from '../db/transaction'
import { HttpError, badRequest } from '../http/errors'
import { UNAVAILABLE_MESSAGES, unavailableService } from '../http/unavailable'
import { isIssuedOriginalKey, uploadIdOf } from '../storage/keys'
import { uploadOwner } from './upload-owner'
import { deleteObject } from '../storage/delete-object'
import { headObject } from '../storage/head-object'
import { INGEST_TASK } from './ingest-task'
import { readMediaFiles } from './media-repository'

const kindOf = (mimeType: string) => (mimeType.startsWith('video/') ? 'video' : 'image')

/** Metadata keeps the client's name for people to read, minus control characters. */
const displayName = (name: string) =>
  name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255) || 'file'

/** Registers one stored upload (POST /api/media-files). */
export async function createMediaFromUpload(req: PayloadRequest, input: CreateMediaInput): Promise<MediaFile> {
  const stored = await checkStoredUpload(req, input)
  const created = await inTransaction(req, async () => writeRecords(req, [stored]))
  await scheduleBackupAfterUpload(req)
  return created[0]
}

/**
 * Registers the uploads the uploader stored since its last call (POST /api/media-files/batch),
 * each answered on its own: one the server refuses (a key it did not issue, a size that differs,
 * a record that exists) gets its status and message, and the others are registered. The stored
 * objects are checked a few at a time, then the records and their jobs are written in one
 * transaction; should a record for one of the keys appear meanwhile, each is written on its own
 * instead. The upload backup is scheduled once for the batch.
 */
export async function createMediaBatch(req: PayloadRequest, inputs: CreateMediaInput[]): Promise<RegisteredUpload[]> {
  const results: RegisteredUpload[] = new Array(inputs.length)
  const refuse = (index: number, error: unknown) => {
    // A refusal belongs to its file; anything else (the database gone) answers for the call.
    if (!(error instanceof HttpError) || error.status >= 500) throw error
    results[index] = { objectPath: inputs[index].objectPath, status: error.status, message: error.message }
  }
  const registered = (index: number, file: MediaFile) => (results[index] = { objectPath: inputs[index].objectPath, status: 201, file })
  const checks = await pLimit(CHECKS_AT_ONCE).map(inputs, (input) =>
    checkStoredUpload(req, input).then(
      (stored) => ({ stored }),
      (error: unknown) => ({ error }),
    ),
  )
  const accepted: Array<{ index: number; stored: StoredUpload }> = []
  checks.forEach((check, index) => ('stored' in check ? accepted.push({ index, stored: check.stored }) : refuse(index, check.error)))
  if (!accepted.length) return results

  const together = await inTransaction(req, async () => writeRecords(req, accepted.map(({ stored }) => stored))).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 409) return null
    throw error
  })
  if (together) together.forEach((file, n) => registered(accepted[n].index, file))
  else {
    for (const { index, stored } of accepted) {
      await inTransaction(req, async () => writeRecords(req, [stored])).then(
        ([file]) => registered(index, file),
        (error: unknown) => {
          // A service lost half-way: the files written before it keep their 201, and each file
          // after it says why it was not, so the uploader reports exactly what is in the gallery.
          const service = unavailableService(error)
          if (service && results.some((result) => result?.status === 201)) {
            results[index] = { objectPath: inputs[index].objectPath, status: 503, message: UNAVAILABLE_MESSAGES[service] }
          } else refuse(index, error)
        },
      )
    }
  }
  if (results.some((result) => result.status === 201)) await scheduleBackupAfterUpload(req)
  return results
}

/** The store answers a HEAD in a few milliseconds; a batch checks this many of its objects at once. */
const CHECKS_AT_ONCE = 8

/** Spec §9 "backups created on each upload": debounced, so a 200-file batch makes one. */
async function scheduleBackupAfterUpload(req: PayloadRequest) {
  await scheduleUploadBackup(poolOf(req.payload), await requestScope(req)).catch((error: unknown) =>
    req.payload.logger.warn({ err: error, msg: 'Could not schedule the upload backup' }),
  )
}

type StoredUpload = { input: CreateMediaInput; key: string; size: number }

/** The key was issued by the server, the type is the record's, and the object is there with the declared size. */
async function checkStoredUpload(req: PayloadRequest, input: CreateMediaInput): Promise<StoredUpload> {
  const key = input.objectPath.replace(/^\/+/, '')
  if (!isIssuedOriginalKey(req.payload.secret, key, await uploadOwner(req))) {
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
  return { input, key, size: object.size }
}

/**
 * Writes the records, then their ingest jobs in one statement, in the caller's transaction
 * (written together or not at all), and answers the new records as the lists show them.
 */
async function writeRecords(req: PayloadRequest, uploads: StoredUpload[]): Promise<MediaFile[]> {
  const ids: string[] = []
  for (const upload of uploads) ids.push(await writeRecord(req, upload))
  // One statement for the batch's jobs rather than a Local API call each: two round trips to the
  // database fewer per file (a Payload job is a row; the queue's trigger wakes the worker).
  const db = await transactionSql(req)
  await db.execute(sql`
    INSERT INTO payload_jobs (input, task_slug)
    SELECT jsonb_build_object('mediaId', id), ${INGEST_TASK}::enum_payload_jobs_task_slug
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS ids (id, n)
     ORDER BY n`)
  return readCreated(req, ids)
}

/**
 * Writes the record, in the caller's transaction. A record for this key already (the storage
 * key is unique) is refused as a conflict, not a validation error. Answers the new record's id.
 */
async function writeRecord(req: PayloadRequest, { input, key, size }: StoredUpload): Promise<string> {
  const uploadId = uploadIdOf(key)
  const doc = await req.payload
    .create({
      collection: 'media',
      data: {
        filename: `${uploadId.replace(/-/g, '').slice(0, 12)}-${sanitizeFilename(input.filename)}`,
        originalFilename: displayName(input.originalFilename ?? input.filename),
        fileType: input.fileType,
        mimeType: input.mimeType,
        filesize: size,
        originalFileSize: size,
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
  return String(doc.id)
}

/** The new records as the lists show them, read in the transaction that wrote them. */
async function readCreated(req: PayloadRequest, ids: string[]): Promise<MediaFile[]> {
  const files = await readMediaFiles(await transactionSql(req), await requestScope(req), ids, { forAdmin: true })
  return ids.map((id) => files.get(id)!)
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
