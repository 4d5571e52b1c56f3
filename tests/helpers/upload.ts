// The browser's upload path, step by step: ask for an upload URL, PUT the bytes straight
// to the store, register the record. Jobs are then run by the test (as the worker would).
import type { Payload } from 'payload'
import type { Session } from './api'

type UploadOptions = { filename: string; contentType: string; declaredSize?: number; fileType?: 'image' | 'video' }

export async function requestUpload(session: Session, filename: string, contentType: string) {
  return session.json<{ uploadURL: string; objectPath: string; headers: Record<string, string> }>(
    'POST',
    '/api/objects/upload',
    { body: { filename, contentType } },
  )
}

export async function putBytes(uploadURL: string, contentType: string, bytes: Buffer) {
  const response = await fetch(uploadURL, {
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    body: new Uint8Array(bytes),
  })
  if (!response.ok) throw new Error(`PUT to the store failed: ${response.status} ${await response.text()}`)
}

export async function uploadFile(session: Session, bytes: Buffer, options: UploadOptions) {
  const grant = await requestUpload(session, options.filename, options.contentType)
  if (grant.status !== 200) throw new Error(`No upload URL: ${JSON.stringify(grant.body)}`)
  await putBytes(grant.body.uploadURL, options.contentType, bytes)
  const created = await session.json('POST', '/api/media-files', {
    body: {
      filename: options.filename,
      originalFilename: options.filename,
      fileType: options.fileType ?? (options.contentType.startsWith('video/') ? 'video' : 'image'),
      mimeType: options.contentType,
      fileSize: options.declaredSize ?? bytes.length,
      originalFileSize: bytes.length,
      objectPath: grant.body.objectPath,
      isOptimized: 'false',
      compressionRatio: 85,
    },
  })
  return { ...created, objectPath: grant.body.objectPath }
}

/** Runs queued jobs until none remain (the app's worker does this every 2 s). */
export async function runJobs(payload: Payload) {
  for (let round = 0; round < 10; round++) {
    const result = await payload.jobs.run({ limit: 10 })
    if (result.noJobsRemaining) return
  }
}
