// The public media browser (spec §2, routes / and /public): All/Photos/Videos filters with
// counts, grid/list toggle, Open in New Window, an item-count badge, the lightbox over the
// listed items, and the empty state.
'use client'
import { useMemo, useState } from 'react'
import { LazyLightbox as Lightbox } from '@/components/lightbox/lazy-lightbox'
import { VirtualGrid } from '@/components/virtual-grid'
import type { PublicMediaFile } from '@/lib/public-media'
import { PUBLIC_SKELETONS } from '@/lib/constants'
import type { DeviceClass } from '@/lib/device'
import { countLabel } from '@/lib/format'
import styles from './gallery.module.css'
import type { PropertyInfo } from '@/lib/property'
import { captionOf } from '@/lib/rooms'
import { MediaCard, MediaRow, Skeletons, ViewToggle, altTextOf, type View } from './media-views'
import { useMediaFiles } from './queries'

type Filter = 'all' | 'image' | 'video'

const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Photos' },
  { value: 'video', label: 'Videos' },
]

export function openInNewWindow() {
  window.open(window.location.href, '_blank', 'width=1200,height=800')
}

export function PublicBrowser({
  initialMedia,
  sectionNames,
  device,
  property,
}: {
  initialMedia: PublicMediaFile[]
  sectionNames: Record<string, string>
  property: PropertyInfo
  device: DeviceClass
}) {
  const media = useMediaFiles(initialMedia)
  const [filter, setFilter] = useState<Filter>('all')
  const [view, setView] = useState<View>('grid')
  const [open, setOpen] = useState<number | null>(null)

  const all = media.data ?? []
  const counts = useMemo(
    () => ({
      all: all.length,
      image: all.filter((file) => file.fileType === 'image').length,
      video: all.filter((file) => file.fileType === 'video').length,
    }),
    [all],
  )
  const listed = useMemo(() => (filter === 'all' ? all : all.filter((file) => file.fileType === filter)), [all, filter])
  const alt = (file: PublicMediaFile, index: number) => altTextOf(file, index + 1, file.section ? sectionNames[file.section] : null)

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{property.name}</h1>
          <span className={styles.badge} data-testid="item-count">
            {countLabel(all.length, 'item')}
          </span>
        </div>
        <div className={styles.toolbar}>
          <div className={styles.segmented} role="group" aria-label="Filter media">
            {FILTERS.map(({ value, label }) => (
              <button
                key={value}
                type="button"
                className={styles.segment}
                aria-pressed={filter === value}
                onClick={() => {
                  setFilter(value)
                  setOpen(null)
                }}
              >
                {label} <span className={styles.count}>{counts[value]}</span>
              </button>
            ))}
          </div>
          <ViewToggle view={view} onChange={setView} />
          <button type="button" className={styles.button} onClick={openInNewWindow}>
            Open in New Window
          </button>
        </div>
      </header>

      {media.isPending ? (
        <Skeletons count={PUBLIC_SKELETONS} />
      ) : listed.length === 0 ? (
        <div className={styles.empty}>
          <h2>No media available</h2>
          <p>Photos and videos will appear here when available.</p>
        </div>
      ) : (
        <VirtualGrid
          key={filter}
          items={listed}
          getKey={(file) => file.id}
          view={view}
          initialDevice={device}
          label="Media"
          renderItem={(file, index, { priority }) =>
            view === 'grid' ? (
              <MediaCard file={file} alt={alt(file, index)} priority={priority} onOpen={() => setOpen(index)} />
            ) : (
              <MediaRow file={file} alt={alt(file, index)} onOpen={() => setOpen(index)} />
            )
          }
        />
      )}

      <Lightbox
        items={listed}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        altText={alt}
        caption={(file, index) =>
          file.room?.trim() || file.description?.trim()
            ? captionOf(file, file.section ? (sectionNames[file.section] ?? null) : null)
            : alt(file, index)
        }
      />
    </main>
  )
}
