// Building blocks of the public media lists: the grid card (Video badge and play overlay
// for videos), the list row (filename, type, size, duration), the grid/list toggle and
// the skeletons shown while a list loads on the client.
'use client'
import { LayoutGrid, List, Play } from 'lucide-react'
import type { PublicMediaFile } from '@/lib/public-media'
import { MediaImage } from '@/components/media-image'
import { GRID_IMAGE_SIZES } from '@/components/virtual-grid'
import { formatDuration, formatFileSize } from '@/lib/format'
import { PANORAMA_BADGE } from '@/lib/panorama'
import styles from './gallery.module.css'

export type View = 'grid' | 'list'

/** Alt text: the description, else "Photo N of {section}" (spec: accessible names for every image). */
export function altTextOf(file: PublicMediaFile, position: number, sectionName?: string | null) {
  const description = file.description?.trim()
  if (description) return description
  const kind = file.fileType === 'video' ? 'Video' : 'Photo'
  return sectionName ? `${kind} ${position} of ${sectionName}` : `${kind} ${position}`
}

export function MediaCard({ file, alt, priority, onOpen }: { file: PublicMediaFile; alt: string; priority: boolean; onOpen(): void }) {
  const isVideo = file.fileType === 'video'
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-media-id={file.id}>
      <MediaImage file={file} alt={alt} sizes={GRID_IMAGE_SIZES} priority={priority} />
      {file.projection === 'equirectangular' && (
        <span className={styles.videoBadge} data-testid="panorama-badge">
          {PANORAMA_BADGE}
        </span>
      )}
      {isVideo && (
        <>
          <span className={styles.videoBadge}>Video</span>
          <span className={styles.playOverlay} aria-hidden="true" data-testid="play-overlay">
            <span className={styles.playIcon}>
              <Play size={20} fill="currentColor" />
            </span>
          </span>
        </>
      )}
    </button>
  )
}

export function MediaRow({ file, alt, onOpen }: { file: PublicMediaFile; alt: string; onOpen(): void }) {
  const isVideo = file.fileType === 'video'
  return (
    <button type="button" className={styles.row} onClick={onOpen} data-media-id={file.id}>
      <span className={styles.rowThumb}>
        <MediaImage file={file} alt={alt} sizes="64px" />
      </span>
      <span className={styles.rowName}>{file.originalFilename}</span>
      <span className={styles.rowMeta}>
        <span>{isVideo ? 'Video' : 'Image'}</span>
        {file.width && file.height ? (
          <span>
            {file.width} x {file.height}
          </span>
        ) : null}
        <span>{formatFileSize(file.fileSize)}</span>
        {isVideo && <span>{formatDuration(file.duration)}</span>}
      </span>
    </button>
  )
}

export function ViewToggle({ view, onChange }: { view: View; onChange(view: View): void }) {
  return (
    <div className={styles.segmented} role="group" aria-label="View">
      <button type="button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')} className={styles.segment}>
        <LayoutGrid size={16} /> Grid
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')} className={styles.segment}>
        <List size={16} /> List
      </button>
    </div>
  )
}

export function Skeletons({ count, label = 'Loading' }: { count: number; label?: string }) {
  return (
    <div className={styles.skeletonGrid} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.skeleton} data-testid="skeleton" />
      ))}
    </div>
  )
}
