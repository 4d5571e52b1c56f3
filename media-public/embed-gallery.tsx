// The embed view (`/embed`, `/embed/{sectionId}`): the gallery or one section as a bare grid with
// the lightbox, for a property's own web site to show in an <iframe>. No header, navigation or
// links out: the framing page is the site. It tells the page framing it how tall it is
// (`{ type: 'gallery-embed-height', height }` by postMessage) when it loads and whenever its
// content changes size, so the snippet the admin shows can size the frame to fit.
'use client'
import { useEffect, useRef, useState } from 'react'
import { LazyLightbox as Lightbox } from '@/components/lightbox/lazy-lightbox'
import { VirtualGrid } from '@/components/virtual-grid'
import type { PublicMediaFile } from '@/lib/public-media'
import type { DeviceClass } from '@/lib/device'
import { EMBED_HEIGHT_MESSAGE } from '@/lib/embed-snippet'
import { captionOf } from '@/lib/rooms'
import styles from './gallery.module.css'
import { MediaCard, altTextOf } from './media-views'

/** Reports the element's height to the framing page, on load and on every change of size. */
function useReportHeight(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current
    if (!element || window.parent === window) return
    let last = -1
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height)
      if (height === last) return
      last = height
      // The height is no secret, and only the listed origins can frame this page at all.
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*')
    }
    report()
    const observer = new ResizeObserver(report)
    observer.observe(element)
    window.addEventListener('load', report)
    window.addEventListener('resize', report)
    return () => {
      observer.disconnect()
      window.removeEventListener('load', report)
      window.removeEventListener('resize', report)
    }
  }, [root])
}

export function EmbedGallery({
  media,
  sectionNames,
  title,
  device,
}: {
  media: PublicMediaFile[]
  sectionNames: Record<string, string>
  /** What the grid is (the property's name, or the section's), for its accessible name. */
  title: string
  device: DeviceClass
}) {
  const root = useRef<HTMLElement>(null)
  const [open, setOpen] = useState<number | null>(null)
  useReportHeight(root)
  const place = (file: PublicMediaFile) => (file.section ? (sectionNames[file.section] ?? null) : null)
  const alt = (file: PublicMediaFile, index: number) => altTextOf(file, index + 1, place(file))

  return (
    <main ref={root} className={styles.embed} data-testid="gallery-embed">
      {media.length === 0 ? (
        <div className={styles.empty}>
          <h2>No media available</h2>
          <p>Photos and videos will appear here when available.</p>
        </div>
      ) : (
        <VirtualGrid
          items={media}
          getKey={(file) => file.id}
          view="grid"
          initialDevice={device}
          label={title}
          renderItem={(file, index, { priority }) => (
            <MediaCard file={file} alt={alt(file, index)} priority={priority} onOpen={() => setOpen(index)} />
          )}
        />
      )}
      <Lightbox
        items={media}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        altText={alt}
        caption={(file, index) => (file.room?.trim() || file.description?.trim() ? captionOf(file, place(file)) : alt(file, index))}
      />
    </main>
  )
}
