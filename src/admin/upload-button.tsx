// The upload button and modal (spec §2): a button opens a modal dashboard; manual start;
// a configurable file count (default 1) and an optional maximum size; files added by
// browsing, dropping, pasting or (on touch devices) the device camera, with progress, pause, resume, retry
// and remove. Same upload path as the upload card.
'use client'
import DashboardModal from '@uppy/react/dashboard-modal'
import { useEffect, useState } from 'react'
import '@uppy/core/css/style.min.css'
import '@uppy/dashboard/css/style.min.css'
import { UPLOAD_MODAL_DEFAULT_MAX_FILES } from '@/lib/constants'
import { useTouchDevice } from './gallery/use-media-query'
import { RegisteredStatus, useRegisteredCount } from './upload-card'
import { createUploader } from './uploader'

type Props = {
  label?: string
  maxNumberOfFiles?: number
  /** Bytes; no limit when absent. */
  maxFileSize?: number
  onRegistered?: () => void
  className?: string
}

export function UploadButton({
  label = 'Upload Files',
  maxNumberOfFiles = UPLOAD_MODAL_DEFAULT_MAX_FILES,
  maxFileSize,
  onRegistered,
  className,
}: Props) {
  const [open, setOpen] = useState(false)
  const touch = useTouchDevice()
  const [registered, countRegistered] = useRegisteredCount(onRegistered)
  const [uppy] = useState(() =>
    createUploader({ id: 'gallery-upload-modal', maxNumberOfFiles, maxFileSize, onRegistered: countRegistered }),
  )
  useEffect(() => () => uppy.destroy(), [uppy])

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      <DashboardModal
        uppy={uppy}
        open={open}
        onRequestClose={() => setOpen(false)}
        closeModalOnClickOutside
        thumbnailWidth={280}
        proudlyDisplayPoweredByUppy={false}
        showNativePhotoCameraButton={touch}
        showNativeVideoCameraButton={touch}
      />
      <RegisteredStatus count={registered} />
    </>
  )
}
