// The gallery overview (spec §2, /gallery): section navigation, a header with the visible
// photo count and Start Tour, the video card, and one preview card per section.
'use client'
import { Play } from 'lucide-react'
import Link from 'next/link'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { LazyLightbox as Lightbox } from '@/components/lightbox/lazy-lightbox'
import { MediaImage } from '@/components/media-image'
import type { Section, SectionPreview } from '@/lib/api/types'
import type { PublicMediaFile } from '@/lib/public-media'
import { PREVIEW_SKELETONS } from '@/lib/constants'
import { readableTitle } from '@/lib/filenames'
import { formatDuration, mediaCountLabel } from '@/lib/format'
import type { PropertyInfo } from '@/lib/property'
import { captionOf, tourPosition } from '@/lib/rooms'
import { orderSectionsForNavigation } from '@/lib/section-order'
import styles from './gallery.module.css'
import { Skeletons, altTextOf } from './media-views'
import { useMediaFiles, useSectionPreview, useSections, useTourQuery } from './queries'
import { useSiteHref } from './site-base'
import { SectionNav } from './section-nav'

type Props = {
  initialSections: Section[]
  initialPreviews: Record<string, SectionPreview<PublicMediaFile>>
  initialVideos: PublicMediaFile[]
  /** Property settings: name, tagline, booking link; the cover photo (visible only) and the rendered about text. */
  property: PropertyInfo
  cover: PublicMediaFile | null
  about: ReactNode
}

const PREVIEW_SIZES = '(max-width: 639px) 45vw, (max-width: 1023px) 22vw, 150px'

export function GalleryOverview({ initialSections, initialPreviews, initialVideos, property, cover, about }: Props) {
  const sections = orderSectionsForNavigation(useSections(initialSections).data ?? [])
  const videos = useMediaFiles(initialVideos, 'video').data ?? []
  const queryClient = useQueryClient()
  const tourQuery = useTourQuery()
  const [tour, setTour] = useState<PublicMediaFile[]>([])
  const [tourIndex, setTourIndex] = useState<number | null>(null)
  const prefetchTour = () => void queryClient.prefetchQuery(tourQuery)
  // Start Tour: the tour list (fetched on first use), opened on its first image; nothing if empty.
  const startTour = async () => {
    const list = await queryClient.fetchQuery(tourQuery).catch(() => [])
    setTour(list)
    if (list.length > 0) setTourIndex(0)
  }
  const total = sections.reduce((sum, section) => sum + section.count, 0)
  const names = useMemo(() => Object.fromEntries(sections.map((s) => [s.id, s.name])), [sections])
  // Videos per section (every visible video is in the list), so counts say "12 photos · 1 video".
  const videosBySection = useMemo(() => {
    const counts: Record<string, number> = {}
    for (const video of videos)
      if (video.section && names[video.section]) counts[video.section] = (counts[video.section] ?? 0) + 1
    return counts
  }, [videos, names])
  const sectionVideos = Object.values(videosBySection).reduce((sum, count) => sum + count, 0)

  const tourAlt = (file: PublicMediaFile, index: number) => {
    const position = tour.slice(0, index + 1).filter((other) => other.section === file.section).length
    return altTextOf(file, position, file.section ? names[file.section] : null)
  }
  // Where the tour stands, then the room and description: "Upstairs · 2 of 3 · Master Bedroom — King bed".
  const tourCaption = (file: PublicMediaFile, index: number) => {
    const where = tourPosition(tour, index, file.section ? (names[file.section] ?? null) : null)
    const details = captionOf(file, null)
    return details ? `${where}${file.room?.trim() ? ' · ' : ' — '}${details}` : where
  }

  return (
    <>
      <SectionNav sections={sections} current={null} />
      <main className={styles.page}>
        <header className={styles.header}>
          <div className={styles.headline}>
            <div className={styles.titleRow}>
              <h1 className={styles.title}>{property.name}</h1>
              <span className={styles.badge} data-testid="photo-count">
                {mediaCountLabel(total - sectionVideos, sectionVideos)}
              </span>
            </div>
            {property.tagline && (
              <p className={styles.tagline} data-testid="property-tagline">
                {property.tagline}
              </p>
            )}
          </div>
          <div className={styles.toolbar}>
            {property.bookingUrl && (
              <a className={styles.button} href={property.bookingUrl} target="_blank" rel="noopener noreferrer">
                Contact &amp; Booking
              </a>
            )}
            <button
              type="button"
              className={`${styles.button} ${styles.primary}`}
              onClick={startTour}
              onPointerEnter={prefetchTour}
              onFocus={prefetchTour}
            >
              <Play size={16} fill="currentColor" /> Start Tour
            </button>
          </div>
        </header>

        {(cover || about) && (
          <section className={styles.about} aria-label={`About ${property.name}`}>
            {cover && (
              <div className={styles.cover}>
                <MediaImage
                  file={cover}
                  alt={altTextOf(cover, 1, property.name)}
                  sizes="(max-width: 767px) 100vw, 640px"
                  priority
                />
              </div>
            )}
            {about && (
              <div className={styles.aboutText} data-testid="property-about">
                {about}
              </div>
            )}
          </section>
        )}

        {videos.length > 0 && (
          <VideoCard
            video={videos[0]}
            more={videos.length - 1}
            sectionName={videos[0].section ? (names[videos[0].section] ?? null) : null}
            onWatch={() => {
              setTour(videos)
              setTourIndex(0)
            }}
          />
        )}

        <div className={styles.previewCards}>
          {sections.map((section, index) => (
            <PreviewCard
              key={section.id}
              section={section}
              videoCount={videosBySection[section.id] ?? 0}
              initialData={initialPreviews[section.id]}
              priority={index === 0}
            />
          ))}
        </div>
      </main>
      <Lightbox
        items={tour}
        index={tourIndex}
        onIndexChange={setTourIndex}
        onClose={() => setTourIndex(null)}
        altText={tourAlt}
        caption={tourCaption}
      />
    </>
  )
}

function VideoCard({
  video,
  more,
  sectionName,
  onWatch,
}: {
  video: PublicMediaFile
  more: number
  sectionName: string | null
  onWatch(): void
}) {
  // The description, else a readable name ("Walkthrough", not "walkthrough.mp4").
  const title = video.description?.trim() || readableTitle(video.originalFilename)
  const details = [video.duration ? formatDuration(video.duration) : null, sectionName, video.room?.trim() || null].filter(
    Boolean,
  )
  return (
    <section className={styles.videoCard} aria-labelledby="video-card-title">
      <div className={styles.videoThumb}>
        <MediaImage file={video} alt={`Video: ${title}`} sizes="(max-width: 767px) 100vw, 480px" />
        <a
          className={styles.videoPlay}
          href={video.objectPath}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Play video ${title} (opens in a new tab)`}
        >
          <span aria-hidden="true">
            <Play size={24} fill="currentColor" />
          </span>
        </a>
      </div>
      <div className={styles.videoBody}>
        <h2 id="video-card-title" className={styles.cardTitle}>
          {title}
        </h2>
        {details.length > 0 && (
          <p className={styles.muted} data-testid="video-details">
            {details.join(' · ')}
          </p>
        )}
        <div className={styles.progress} aria-hidden="true" data-testid="video-progress">
          <div className={styles.progressFill} />
        </div>
        <div className={styles.toolbar}>
          <button type="button" className={styles.button} onClick={onWatch}>
            <Play size={16} fill="currentColor" /> Watch here
          </button>
          {more > 0 && <span className={styles.muted}>{`+${more} more ${more === 1 ? 'video' : 'videos'}`}</span>}
        </div>
      </div>
    </section>
  )
}

function PreviewCard({
  section,
  videoCount,
  initialData,
  priority,
}: {
  section: Section
  videoCount: number
  initialData?: SectionPreview<PublicMediaFile>
  priority: boolean
}) {
  const preview = useSectionPreview(section.id, initialData)
  const href = useSiteHref()
  const files = preview.data?.previewFiles ?? []
  const titleId = `preview-${section.id}`
  return (
    <section className={styles.previewCard} aria-labelledby={titleId} data-section-id={section.id}>
      <div className={styles.previewHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          <span aria-hidden="true">{section.icon}</span> {section.name}
        </h2>
        <span className={styles.badge}>
          {mediaCountLabel(Math.max(0, (preview.data?.totalCount ?? section.count) - videoCount), videoCount)}
        </span>
      </div>
      {preview.isPending ? (
        <Skeletons count={PREVIEW_SKELETONS} label={`Loading ${section.name}`} />
      ) : files.length === 0 ? (
        <p className={styles.muted}>No photos in this section yet</p>
      ) : (
        <ul className={styles.previewGrid}>
          {files.map((file, index) => (
            <li key={file.id} className={styles.previewItem}>
              <Link href={href(`/gallery/${section.id}/${file.id}`)} prefetch={false} className={styles.previewLink}>
                <MediaImage
                  file={file}
                  alt={altTextOf(file, index + 1, section.name)}
                  sizes={PREVIEW_SIZES}
                  priority={priority}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link href={href(`/gallery/${section.id}`)} prefetch={false} className={styles.viewAll}>
        View All<span className={styles.visuallyHidden}> {section.name}</span>
      </Link>
    </section>
  )
}
