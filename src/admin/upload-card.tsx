// The admin's upload card (spec §2): drag and drop or Select Files, up to 200 files a
// batch, no size limit, straight to object storage. Uppy's Dashboard gives progress,
// pause, resume, retry and remove; each file's record is created once its bytes are stored.
// Once the gallery has media the card shrinks to a slim drop zone (it grows back while files
// are queued), so the grid is not pushed below the fold; the header's Upload Files stays.
// The device camera is offered on touch devices only.
'use client'
import Dashboard from '@uppy/react/dashboard'
import { useEffect, useState } from 'react'
import { useTouchDevice } from './gallery/use-media-query'
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import { MAX_FILES_PER_BATCH } from '@/lib/constants'
import { createUploader } from './uploader'

export const UPLOAD_NOTE = 'Supports: JPG, PNG, GIF, HEIC, MP4, MOV - Max 200 files - No file size limit'

/** How many files of this page's uploads have become media records. */
export function useRegisteredCount(onRegistered?: () => void) {
  const [registered, setRegistered] = useState(0)
  useEffect(() => {
    if (registered > 0) onRegistered?.()
  }, [registered, onRegistered])
  return [registered, (count: number) => setRegistered((total) => total + count)] as const
}

export function RegisteredStatus({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p role="status" style={{ marginTop: 8 }}>
      {count} {count === 1 ? 'file' : 'files'} added to the gallery; processing runs in the background.
    </p>
  )
}

/** The card's height: the full dashboard, or the slim drop zone once media exist. */
const FULL_HEIGHT = 360
const SLIM_HEIGHT = 150

export function UploadCard({ onRegistered, slim = false }: { onRegistered?: () => void; slim?: boolean }) {
  const touch = useTouchDevice()
  const [registered, countRegistered] = useRegisteredCount(onRegistered)
  const [uppy] = useState(() =>
    createUploader({ id: 'gallery-upload', maxNumberOfFiles: MAX_FILES_PER_BATCH, onRegistered: countRegistered }),
  )
  useEffect(() => () => uppy.destroy(), [uppy])
  // Queued files need the full dashboard (progress, pause, retry) until the batch is cleared.
  const [queued, setQueued] = useState(0)
  useEffect(() => {
    const update = () => setQueued(uppy.getFiles().length)
    const events = ['file-added', 'file-removed', 'cancel-all', 'complete'] as const
    for (const event of events) uppy.on(event, update)
    return () => {
      for (const event of events) uppy.off(event, update)
    }
  }, [uppy])
  const compact = slim && queued === 0

  return (
    // A stacking context of its own: Uppy layers its dashboard's parts up to z-index 2000, which
    // would otherwise rise over the screen's floating layers (the Backup panel, notices).
    <section
      aria-labelledby="upload-card-title"
      style={{ marginBottom: compact ? 16 : 24, isolation: 'isolate' }}
      data-testid="upload-card"
      data-compact={compact}
    >
      <h2 id="upload-card-title" style={{ margin: '0 0 4px' }}>
        Upload Media
      </h2>
      <p style={{ margin: '0 0 12px', opacity: 0.8 }}>{UPLOAD_NOTE}</p>
      <Dashboard
        uppy={uppy}
        height={compact ? SLIM_HEIGHT : FULL_HEIGHT}
        width="100%"
        proudlyDisplayPoweredByUppy={false}
        showNativePhotoCameraButton={touch}
        showNativeVideoCameraButton={touch}
      />
      <RegisteredStatus count={registered} />
    </section>
  )
}
