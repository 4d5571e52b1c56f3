// One uploader set-up for the upload card and the upload modal (spec §2, §4 Upload): files
// go straight to the object store through the uploader calls our API serves (a POST form
// for a file sent whole, parts for one above 100 MiB, with resume and a server-side abort);
// once a file's bytes are stored its record is created (with the others stored meanwhile) and
// the lists refresh.
import AwsS3 from '@uppy/aws-s3'
import Uppy, { type Body, type Meta } from '@uppy/core'
import { ApiError, apiUrl } from '@/lib/api/client'
import { registerUploads, type StoredUpload } from '@/lib/api/uploads'
import { ALLOWED_MIME_TYPES, MAX_FILES_PER_BATCH, MULTIPART_THRESHOLD_BYTES, UPLOADER_SLOTS } from '@/lib/constants'

// By name too: some browsers give a .heic file no type at all.
const ALLOWED_TYPES = [...ALLOWED_MIME_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.heif', '.mp4', '.mov']

export type UploaderOptions = {
  id: string
  maxNumberOfFiles: number
  /** Bytes; no limit when absent (spec §5). */
  maxFileSize?: number
  /** How many files became media records. */
  onRegistered: (count: number) => void
}

export function createUploader({ id, maxNumberOfFiles, maxFileSize, onRegistered }: UploaderOptions) {
  const uppy = new Uppy<Meta & { size?: number }, Body>({
    id,
    autoProceed: false,
    restrictions: { maxNumberOfFiles, maxFileSize: maxFileSize ?? null, allowedFileTypes: ALLOWED_TYPES },
  })
  uppy.use(AwsS3, {
    // Our API answers the uploader calls (GET /api/s3/params, /api/s3/multipart…) for the signed-in
    // manager, under the property's base like every call of the screen.
    companionEndpoint: apiUrl('/api'),
    shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES,
    limit: UPLOADER_SLOTS,
  })
  // The POST form is bound to the exact size: the server needs it with the other metadata.
  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { size: file.size ?? 0 }))
  const register = registrationQueue(uppy, onRegistered)
  uppy.on('upload-success', (file, response) => {
    const key = (response.body as { key?: string } | undefined)?.key
    if (file && key) register({ name: file.name ?? 'file', type: file.type || '', size: file.size ?? 0, objectPath: key })
  })
  return uppy
}

/**
 * Registers stored files in batches without holding any back: the first is sent at once, and
 * those stored while a call is answered go together in the next, so a 200-file upload makes a
 * few calls instead of 200 while the store goes on receiving bytes.
 */
function registrationQueue(uppy: Uppy<Meta & { size?: number }, Body>, onRegistered: (count: number) => void) {
  const waiting: StoredUpload[] = []
  let sending = false
  const failed = (upload: StoredUpload, reason: string) => uppy.info(`Failed to upload ${upload.name}: ${reason}`, 'error', 5000)

  async function send() {
    sending = true
    while (waiting.length) {
      const batch = waiting.splice(0, MAX_FILES_PER_BATCH)
      try {
        const answers = await registerUploads(batch)
        const created = answers.filter((answer) => answer.status === 201).length
        answers.forEach((answer, index) => 'message' in answer && failed(batch[index], answer.message))
        if (created) onRegistered(created)
      } catch (error) {
        const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)
        for (const upload of batch) failed(upload, reason)
      }
    }
    sending = false
  }

  return (upload: StoredUpload) => {
    waiting.push(upload)
    if (!sending) void send()
  }
}
