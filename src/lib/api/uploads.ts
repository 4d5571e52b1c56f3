// Upload calls (spec §7). The browser's uploader sends the bytes straight to the store
// through the uploader calls (s3/params, s3/multipart…) served by our API, then registers
// each stored object with POST /api/media-files.
import type { MediaFile } from './types'
import { apiRequest } from './client'

export async function registerUpload(file: { name: string; type: string; size: number }, objectPath: string): Promise<MediaFile> {
  const response = await apiRequest('POST', '/api/media-files', {
    filename: file.name,
    originalFilename: file.name,
    fileType: file.type.startsWith('video/') ? 'video' : 'image',
    mimeType: file.type,
    fileSize: file.size,
    originalFileSize: file.size,
    objectPath,
    isOptimized: 'false',
  })
  return (await response.json()) as MediaFile
}
