// The admin's upload card (spec §2): drag and drop or Select Files, up to 200 files a
// batch, no size limit, straight to object storage. Uppy's Dashboard gives progress,
// pause, resume, retry and remove; each file's record is created once its bytes are stored.
'use client'
import AwsS3 from '@uppy/aws-s3'
import Uppy, { type Body } from '@uppy/core'
import Dashboard from '@uppy/react/dashboard'
import { useEffect, useState } from 'react'
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import { registerUpload, requestUploadUrl, type UploadGrant } from '@/lib/api/uploads'
import { ALLOWED_MIME_TYPES, MAX_FILES_PER_BATCH } from '@/lib/constants'

export const UPLOAD_NOTE = 'Supports: JPG, PNG, GIF, MP4, MOV - Max 200 files - No file size limit'

type Meta = { grant?: UploadGrant }

function createUploader(onRegistered: () => void) {
  const grants = new Map<string, UploadGrant>()
  const uppy = new Uppy<Meta, Body>({
    id: 'gallery-upload',
    autoProceed: false,
    restrictions: {
      maxNumberOfFiles: MAX_FILES_PER_BATCH,
      allowedFileTypes: [...ALLOWED_MIME_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp', '.mp4', '.mov'],
    },
  })
  uppy.use(AwsS3, {
    // The product's upload is a single PUT per file (spec §5); the server issues every key.
    shouldUseMultipart: false,
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const file = uppy.getFile(request.key)
      const type = file.type || 'application/octet-stream'
      const grant = await requestUploadUrl({ name: file.name ?? 'file', type, size: file.size ?? 0 })
      grants.set(file.id, grant)
      return { url: grant.uploadURL, key: grant.objectPath, headers: grant.headers }
    },
  })
  uppy.on('upload-success', async (file) => {
    const grant = file && grants.get(file.id)
    if (!file || !grant) return
    try {
      await registerUpload({ name: file.name ?? 'file', type: file.type || '', size: file.size ?? 0 }, grant)
      grants.delete(file.id)
      onRegistered()
    } catch (error) {
      uppy.info(`Failed to upload ${file.name}: ${error instanceof Error ? error.message : String(error)}`, 'error', 5000)
    }
  })
  return uppy
}

export function UploadCard({ onRegistered }: { onRegistered?: () => void }) {
  const [registered, setRegistered] = useState(0)
  const [uppy] = useState(() => createUploader(() => setRegistered((count) => count + 1)))
  useEffect(() => () => uppy.destroy(), [uppy])
  useEffect(() => {
    if (registered > 0) onRegistered?.()
  }, [registered, onRegistered])

  return (
    <section aria-labelledby="upload-card-title" style={{ marginBottom: 24 }}>
      <h2 id="upload-card-title" style={{ margin: '0 0 4px' }}>
        Upload Media
      </h2>
      <p style={{ margin: '0 0 12px', opacity: 0.8 }}>{UPLOAD_NOTE}</p>
      <Dashboard uppy={uppy} height={360} width="100%" proudlyDisplayPoweredByUppy={false} />
      {registered > 0 && (
        <p role="status" style={{ marginTop: 8 }}>
          {registered} {registered === 1 ? 'file' : 'files'} added to the gallery; processing runs in the background.
        </p>
      )}
    </section>
  )
}
