// POST /api/objects/upload (spec §7): a short-lived presigned PUT for a key the server
// generates, bound to the declared content type. The key itself carries the server's proof
// that it issued it, which POST /api/media-files checks. The server never sees the bytes.
import { uploadRequestSchema } from '../src/lib/schemas/upload'
import { endpoint, parseBody, requireUser } from '../src/server/http/endpoint'
import { rateLimiter } from '../src/server/http/rate-limit'
import { uploadOwner } from '../src/server/media/upload-owner'
import { issueOriginalKey } from '../src/server/storage/keys'
import { presignPut } from '../src/server/storage/presign-put'

/** Presigned URLs live at most 15 minutes (the transfer must start within that time). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60

// A batch is up to 200 files; leave room for retries.
const uploadUrlLimit = rateLimiter({ limit: 1000, windowMs: 60_000 })

export const objectsEndpoints = [
  endpoint('post', '/objects/upload', 'upload', async (req) => {
    const user = requireUser(req)
    uploadUrlLimit(req, String(user.id))
    const { filename, contentType } = await parseBody(req, uploadRequestSchema)
    const key = issueOriginalKey(req.payload.secret, filename, await uploadOwner(req))
    const uploadURL = await presignPut({ key, contentType, expiresIn: UPLOAD_URL_TTL_SECONDS })
    return Response.json({
      uploadURL,
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      objectPath: key,
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
    })
  }),
]
