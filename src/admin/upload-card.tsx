// The admin's upload card (spec §2): drag and drop or Select Files, up to 200 files a
// batch, no size limit, straight to object storage. Uppy's Dashboard gives progress,
// pause, resume, retry and remove; each file's record is created once its bytes are stored.
'use client'
import Dashboard from '@uppy/react/dashboard'
import { useEffect, useState } from 'react'
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import { MAX_FILES_PER_BATCH } from '@/lib/constants'
import { createUploader } from './uploader'

export const UPLOAD_NOTE = 'Supports: JPG, PNG, GIF, MP4, MOV - Max 200 files - No file size limit'

/** How many files of this page's uploads have become media records. */
export function useRegisteredCount(onRegistered?: () => void) {
  const [registered, setRegistered] = useState(0)
  useEffect(() => {
    if (registered > 0) onRegistered?.()
  }, [registered, onRegistered])
  return [registered, () => setRegistered((count) => count + 1)] as const
}

export function RegisteredStatus({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p role="status" style={{ marginTop: 8 }}>
      {count} {count === 1 ? 'file' : 'files'} added to the gallery; processing runs in the background.
    </p>
  )
}

export function UploadCard({ onRegistered }: { onRegistered?: () => void }) {
  const [registered, countRegistered] = useRegisteredCount(onRegistered)
  const [uppy] = useState(() =>
    createUploader({ id: 'gallery-upload', maxNumberOfFiles: MAX_FILES_PER_BATCH, onRegistered: countRegistered }),
  )
  useEffect(() => () => uppy.destroy(), [uppy])

  return (
    <section aria-labelledby="upload-card-title" style={{ marginBottom: 24 }}>
      <h2 id="upload-card-title" style={{ margin: '0 0 4px' }}>
        Upload Media
      </h2>
      <p style={{ margin: '0 0 12px', opacity: 0.8 }}>{UPLOAD_NOTE}</p>
      <Dashboard
        uppy={uppy}
        height={360}
        width="100%"
        proudlyDisplayPoweredByUppy={false}
        showNativePhotoCameraButton
        showNativeVideoCameraButton
      />
      <RegisteredStatus count={registered} />
    </section>
  )
}
