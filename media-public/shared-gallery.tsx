// A share link's page (/s/{token}): exactly the photos the link shows, in tour order, in the
// gallery's grid and lightbox, and how long the link works. Its files come from the link's own
// URLs (the server gives each file its objectPath under /s/{token}/o/), so a hidden photo the
// link includes is reachable here and nowhere public.
'use client'
import { useState } from 'react'
import { LazyLightbox as Lightbox } from '@/components/lightbox/lazy-lightbox'
import { VirtualGrid } from '@/components/virtual-grid'
import type { PublicMediaFile } from '@/lib/public-media'
import type { DeviceClass } from '@/lib/device'
import { mediaCountLabel } from '@/lib/format'
import { captionOf } from '@/lib/rooms'
import styles from './gallery.module.css'
import { MediaCard, altTextOf } from './media-views'

type Props = {
  title: string
  propertyName: string
  media: PublicMediaFile[]
  expiresAt: string
  device: DeviceClass
}

const images = (files: PublicMediaFile[]) => files.filter((file) => file.fileType === 'image').length

export function SharedGallery({ title, propertyName, media, expiresAt, device }: Props) {
  const [open, setOpen] = useState<number | null>(null)
  const until = new Date(expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  return (
    <>
      <main className={styles.page}>
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{title}</h1>
            <span className={styles.badge} data-testid="photo-count">
              {mediaCountLabel(images(media), media.length - images(media))}
            </span>
          </div>
          <p className={styles.muted}>
            Shared from {propertyName}. This link works until {until}.
          </p>
        </header>
        {media.length === 0 ? (
          <div className={styles.empty}>
            <p>No photos here yet</p>
          </div>
        ) : (
          <VirtualGrid
            items={media}
            getKey={(file) => file.id}
            view="grid"
            initialDevice={device}
            label={`${title} media`}
            renderItem={(file, index, { priority }) => (
              <MediaCard file={file} alt={altTextOf(file, index + 1)} priority={priority} onOpen={() => setOpen(index)} />
            )}
          />
        )}
      </main>
      <Lightbox
        items={media}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        altText={(file, index) => altTextOf(file, index + 1)}
        caption={(file, index) => captionOf(file, null) || altTextOf(file, index + 1)}
      />
    </>
  )
}
