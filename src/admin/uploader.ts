// One uploader set-up for the upload card and the upload modal (spec §2, §4 Upload): files
// go straight to the object store through the uploader calls our API serves (a POST form
// for a file sent whole, parts for one above 100 MiB, with resume and a server-side abort);
// once a file's bytes are stored its record is created and the lists refresh.
import AwsS3 from '@uppy/aws-s3'
import Uppy, { type Body, type Meta } from '@uppy/core'
import { ApiError, apiUrl } from '@/lib/api/client'
import { registerUpload } from '@/lib/api/uploads'
import { ALLOWED_MIME_TYPES, MULTIPART_THRESHOLD_BYTES } from '@/lib/constants'

// By name too: some browsers give a .heic file no type at all.
const ALLOWED_TYPES = [...ALLOWED_MIME_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.heif', '.mp4', '.mov']

export type UploaderOptions = {
  id: string
  maxNumberOfFiles: number
  /** Bytes; no limit when absent (spec §5). */
  maxFileSize?: number
  onRegistered: () => void
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
  })
  // The POST form is bound to the exact size: the server needs it with the other metadata.
  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { size: file.size ?? 0 }))
  uppy.on('upload-success', async (file, response) => {
    const key = (response.body as { key?: string } | undefined)?.key
    if (!file || !key) return
    try {
      await registerUpload({ name: file.name ?? 'file', type: file.type || '', size: file.size ?? 0 }, key)
      onRegistered()
    } catch (error) {
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)
      uppy.info(`Failed to upload ${file.name}: ${reason}`, 'error', 5000)
    }
  })
  return uppy
}
