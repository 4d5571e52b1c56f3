// The admin media grid (spec §2, §9): virtualised rows with @tanstack/react-virtual over
// the window's scroll (2 overscan rows), columns by viewport width, 12 skeleton cards while
// loading. The list view shows one row per file, virtualised the same way.
'use client'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react'
import type { MediaFile } from '@/lib/api/types'
import { formatDuration, formatFileSize } from '@/lib/format'
import { FileName } from './file-name'
import styles from './gallery.module.css'
import { MediaActions, MediaCard } from './media-card'
import { MediaThumb } from './media-thumb'
import { placementOf, SectionBadge, type SectionInfo } from './ui'
import { useGridColumns } from './use-media-query'
import { ADMIN_SKELETON_CARDS, GRID_OVERSCAN_ROWS } from '@/lib/constants'

const LIST_ROW_HEIGHT = 61

type Props = {
  files: MediaFile[] | undefined
  view: 'grid' | 'list'
  sections: SectionInfo[]
  selectMode: boolean
  selected: ReadonlySet<string>
  onActivate: (file: MediaFile, event: MouseEvent) => void
  onEditTags: (file: MediaFile) => void
  onEditPhoto: (file: MediaFile) => void
  onDelete: (file: MediaFile) => void
  /** Whether the gallery holds any media at all (else the empty state says how to start). */
  hasMedia?: boolean
}

/** The grid's distance from the top of the document, kept current as content above it changes. */
function useScrollMargin() {
  const ref = useRef<HTMLDivElement>(null)
  const [margin, setMargin] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setMargin(element.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  return [ref, margin] as const
}

export function MediaGrid({ files, view, hasMedia = true, ...rest }: Props) {
  const columns = useGridColumns()
  if (!files) {
    return (
      <div className={styles.gridRow} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} aria-busy>
        {Array.from({ length: ADMIN_SKELETON_CARDS }, (_, index) => (
          <div key={index} className={styles.skeleton} data-testid="media-skeleton" />
        ))}
      </div>
    )
  }
  if (!files.length)
    return (
      <p className={styles.emptyState}>
        {hasMedia
          ? 'No media match these filters.'
          : 'No media yet. Drop photos and videos on the upload area above, or use Upload Files, to start your gallery.'}
      </p>
    )
  return view === 'grid' ? <VirtualGrid files={files} columns={columns} {...rest} /> : <VirtualList files={files} {...rest} />
}

function VirtualGrid({
  files,
  columns,
  sections,
  selectMode,
  selected,
  onActivate,
  onEditTags,
  onEditPhoto,
  onDelete,
}: Omit<Props, 'view'> & { files: MediaFile[]; columns: number }) {
  const [ref, scrollMargin] = useScrollMargin()
  const rows = Math.ceil(files.length / columns)
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => 320,
    overscan: GRID_OVERSCAN_ROWS,
    scrollMargin,
  })
  return (
    <div ref={ref} data-testid="media-grid" data-total={files.length}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={styles.gridRow}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {files.slice(row.index * columns, row.index * columns + columns).map((file) => (
              <MediaCard
                key={file.id}
                file={file}
                sections={sections}
                selectMode={selectMode}
                selected={selected.has(file.id)}
                onActivate={onActivate}
                onEditTags={onEditTags}
                onEditPhoto={onEditPhoto}
                onDelete={onDelete}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}

function VirtualList({
  files,
  sections,
  selectMode,
  selected,
  onActivate,
  onEditTags,
  onEditPhoto,
  onDelete,
}: Omit<Props, 'view'> & { files: MediaFile[] }) {
  const [ref, scrollMargin] = useScrollMargin()
  const virtualizer = useWindowVirtualizer({
    count: files.length,
    estimateSize: () => LIST_ROW_HEIGHT,
    overscan: GRID_OVERSCAN_ROWS * 4,
    scrollMargin,
  })
  return (
    <div ref={ref} data-testid="media-list" data-total={files.length}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const file = files[item.index]
          const isSelected = selected.has(file.id)
          return (
            <div
              key={file.id}
              className={`${styles.listRow} ${isSelected ? styles.cardSelected : ''}`}
              data-testid="media-card"
              data-id={file.id}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: LIST_ROW_HEIGHT,
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <button
                type="button"
                className={styles.listThumb}
                aria-label={selectMode ? `Select ${file.originalFilename}` : `View ${file.originalFilename}`}
                aria-pressed={selectMode ? isSelected : undefined}
                onClick={(event) => onActivate(file, event)}
              >
                <MediaThumb file={file} width={400} />
              </button>
              <div style={{ minWidth: 0 }}>
                <FileName name={file.originalFilename} />
                <p className={`${styles.meta} ${styles.listMeta}`} data-testid="list-meta">
                  {file.fileType === 'video' ? 'Video' : 'Image'}
                  {file.width && file.height ? ` · ${file.width} x ${file.height}` : ''} · {formatFileSize(file.fileSize)}
                  {file.fileType === 'video' && file.duration ? ` · ${formatDuration(file.duration)}` : ''}
                </p>
              </div>
              <div className={`${styles.toolbar} ${styles.listActions}`}>
                <span className={styles.listBadge}>
                  <SectionBadge section={placementOf(file, sections)} />
                </span>
                <MediaActions file={file} onEditTags={onEditTags} onEditPhoto={onEditPhoto} onDelete={onDelete} />
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}
