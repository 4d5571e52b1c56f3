// Upload calls (spec §7): POST /api/objects/upload, then POST /api/media-files.
import type { MediaFile } from './types'
import { apiRequest } from './client'

export type UploadGrant = { uploadURL: string; headers: Record<string, string>; objectPath: string; uploadToken: string }

export async function requestUploadUrl(file: { name: string; type: string; size: number }): Promise<UploadGrant> {
  const response = await apiRequest('POST', '/api/objects/upload', {
    filename: file.name,
    contentType: file.type,
    size: file.size,
  })
  return (await response.json()) as UploadGrant
}

export async function registerUpload(file: { name: string; type: string; size: number }, grant: UploadGrant): Promise<MediaFile> {
  const response = await apiRequest('POST', '/api/media-files', {
    filename: file.name,
    originalFilename: file.name,
    fileType: file.type.startsWith('video/') ? 'video' : 'image',
    mimeType: file.type,
    fileSize: file.size,
    originalFileSize: file.size,
    objectPath: grant.objectPath,
    uploadToken: grant.uploadToken,
    isOptimized: 'false',
  })
  return (await response.json()) as MediaFile
}
