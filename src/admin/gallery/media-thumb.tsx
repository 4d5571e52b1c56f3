// A media file's picture with the spec's fallbacks (§2 Image load error): on error retry
// from the file's own path (/public-objects/{filename}), then hide the image and show an "Image Error" box.
// Videos show their poster (falling back the same way) or a "Video" placeholder.
'use client'
import { useState } from 'react'
import type { MediaFile } from '@/lib/api/types'
import { renditionUrl } from '@/lib/media-urls'
import { placeholderUrl } from '@/components/media-image'
import styles from './gallery.module.css'

/** The smallest rendition at least `width` wide, else the largest, else the original. */
function imageSource(file: MediaFile, width: number) {
  if (file.fileType === 'video') return file.thumbnailPath
  const widths = [...file.variantWidths].sort((a, b) => a - b)
  const chosen = widths.find((w) => w >= width) ?? widths.at(-1)
  return chosen ? renditionUrl(file.objectPath, chosen) : file.objectPath
}

export function MediaThumb({ file, width = 400 }: { file: MediaFile; width?: number }) {
  if (file.status && file.status !== 'ready') {
    return <div className={styles.thumbFallback}>{file.status === 'failed' ? 'Processing failed' : 'Processing…'}</div>
  }
  // Keyed by its source: a card on screen while its video was processed had no poster then;
  // once the list brings one, the picture starts again from it instead of keeping the fallback.
  const first = imageSource(file, width)
  return <ThumbImage key={first ?? ''} file={file} first={first} />
}

function ThumbImage({ file, first }: { file: MediaFile; first: string | null }) {
  const [attempt, setAttempt] = useState<'first' | 'retry' | 'failed'>(first ? 'first' : 'failed')
  const blur = placeholderUrl(file.placeholder)
  if (attempt === 'failed') {
    return <div className={styles.thumbFallback}>{file.fileType === 'video' ? 'Video' : 'Image Error'}</div>
  }
  const src = attempt === 'first' ? first! : file.objectPath
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our own responsive renditions, not Next's optimiser
    <img
      key={src}
      className={styles.thumb}
      src={src}
      alt={file.description ?? file.originalFilename}
      loading="lazy"
      decoding="async"
      draggable={false}
      style={blur ? { backgroundImage: `url(${blur})`, backgroundSize: 'cover' } : undefined}
      onError={() => setAttempt((current) => (current === 'first' && src !== file.objectPath ? 'retry' : 'failed'))}
    />
  )
}
