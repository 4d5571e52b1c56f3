// Upload calls (spec §7). The browser's uploader sends the bytes straight to the store
// through the uploader calls (s3/params, s3/multipart…) served by our API, then registers
// the stored objects with POST /api/media-files/batch, several at once (each as POST /api/media-files would).
import type { RegisteredUpload } from './types'
import { apiRequest } from './client'

export type StoredUpload = { name: string; type: string; size: number; objectPath: string }

const createBody = ({ name, type, size, objectPath }: StoredUpload) => ({
  filename: name,
  originalFilename: name,
  fileType: type.startsWith('video/') ? 'video' : 'image',
  mimeType: type,
  fileSize: size,
  originalFileSize: size,
  objectPath,
  isOptimized: 'false',
})

/** Each upload's own answer, in the order given. */
export async function registerUploads(uploads: StoredUpload[]): Promise<RegisteredUpload[]> {
  const response = await apiRequest('POST', '/api/media-files/batch', { files: uploads.map(createBody) })
  return ((await response.json()) as { files: RegisteredUpload[] }).files
}
