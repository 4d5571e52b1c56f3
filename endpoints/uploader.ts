// The uploader's calls (spec §7 "Uploader calls"), served by our API for the signed-in
// manager, so the browser's uploader talks to us instead of a companion server. The bytes
// still go straight to the store: a POST form for a file sent whole (GET s3/params), or
// presigned parts for a large file (s3/multipart…). Every key is issued here and checked
// on every later call, so these calls can only ever touch the manager's own uploads.
import type { PayloadRequest } from 'payload'
import {
  multipartCompleteSchema,
  multipartCreateSchema,
  multipartKeyQuerySchema,
  multipartParamsSchema,
  partParamsSchema,
  uploadParamsQuerySchema,
} from '../src/lib/schemas/upload'
import { endpoint, parseBody, parseParams, parseQuery, requireUser } from '../src/server/http/endpoint'
import { badRequest, notFound } from '../src/server/http/errors'
import { rateLimiter } from '../src/server/http/rate-limit'
import { uploadOwner } from '../src/server/media/upload-owner'
import { isIssuedOriginalKey, issueOriginalKey } from '../src/server/storage/keys'
import { abortMultipartUpload } from '../src/server/storage/abort-multipart-upload'
import { completeMultipartUpload } from '../src/server/storage/complete-multipart-upload'
import { createMultipartUpload } from '../src/server/storage/create-multipart-upload'
import { listParts } from '../src/server/storage/list-parts'
import { presignPost } from '../src/server/storage/presign-post'
import { presignUploadPart } from '../src/server/storage/presign-upload-part'
import { UPLOAD_URL_TTL_SECONDS } from './objects'

// A batch is up to 200 files; a 2 GB video is about 400 parts.
const startLimit = rateLimiter({ limit: 1000, windowMs: 60_000 })
const partLimit = rateLimiter({ limit: 5000, windowMs: 60_000 })

/** The upload's key, issued to this account in this property (a key issued to anyone else is refused as never issued). */
async function issuedKey(req: PayloadRequest) {
  const { key } = parseQuery(req, multipartKeyQuerySchema)
  if (!isIssuedOriginalKey(req.payload.secret, key, await uploadOwner(req))) throw badRequest('This object key was not issued by the server.')
  return key
}

const noSuchUpload = (uploadId: string) =>
  notFound(`Upload ${uploadId} was not found: it was completed, aborted or never started.`)

export const uploaderEndpoints = [
  endpoint('get', '/s3/params', 'upload', async (req) => {
    const user = requireUser(req)
    startLimit(req, String(user.id))
    const { filename, type, 'metadata[size]': size } = parseQuery(req, uploadParamsQuerySchema)
    const key = issueOriginalKey(req.payload.secret, filename, await uploadOwner(req))
    const { url, fields } = await presignPost({ key, contentType: type, size, expiresIn: UPLOAD_URL_TTL_SECONDS })
    return Response.json({ method: 'POST', url, fields, headers: {} })
  }),

  endpoint('post', '/s3/multipart', 'upload', async (req) => {
    const user = requireUser(req)
    startLimit(req, String(user.id))
    const { filename, type } = await parseBody(req, multipartCreateSchema)
    const key = issueOriginalKey(req.payload.secret, filename, await uploadOwner(req))
    const uploadId = await createMultipartUpload({ key, contentType: type })
    return Response.json({ uploadId, key })
  }),

  endpoint('get', '/s3/multipart/:uploadId', 'upload', async (req) => {
    const { uploadId } = parseParams(req, multipartParamsSchema)
    const parts = await listParts({ key: await issuedKey(req), uploadId })
    if (!parts) throw noSuchUpload(uploadId)
    return Response.json(parts)
  }),

  endpoint('get', '/s3/multipart/:uploadId/:partNumber', 'upload', async (req) => {
    const user = requireUser(req)
    partLimit(req, String(user.id))
    const { uploadId, partNumber } = parseParams(req, partParamsSchema)
    const key = await issuedKey(req)
    const url = await presignUploadPart({ key, uploadId, partNumber, expiresIn: UPLOAD_URL_TTL_SECONDS })
    return Response.json({ url, headers: {}, expires: UPLOAD_URL_TTL_SECONDS })
  }),

  endpoint('post', '/s3/multipart/:uploadId/complete', 'upload', async (req) => {
    const { uploadId } = parseParams(req, multipartParamsSchema)
    const key = await issuedKey(req)
    const { parts } = await parseBody(req, multipartCompleteSchema)
    const completed = await completeMultipartUpload({ key, uploadId, parts })
    if (!completed) throw noSuchUpload(uploadId)
    return Response.json(completed)
  }),

  endpoint('delete', '/s3/multipart/:uploadId', 'upload', async (req) => {
    const { uploadId } = parseParams(req, multipartParamsSchema)
    if (!(await abortMultipartUpload({ key: await issuedKey(req), uploadId }))) throw noSuchUpload(uploadId)
    return Response.json({ message: 'Upload aborted' })
  }),
]
