// A section's gallery (spec §2, /gallery/{sectionId} and /gallery/{sectionId}/{imageId}):
// header with icon, name and photo count, previous/next section, grid/list toggle, the
// virtualised grid, back to the overview. The URL follows the lightbox: opening an image
// puts its id in the URL, closing returns to the section URL, and a deep link opens it.
// Moving to another section (previous/next, the section buttons) happens in place: the URL
// changes, the section's media load from the API with 12 skeletons meanwhile (spec §9),
// and sections seen before show at once from the query cache.
'use client'
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react'
import Link from 'next/link'
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { LazyLightbox as Lightbox } from '@/components/lightbox/lazy-lightbox'
import { VirtualGrid } from '@/components/virtual-grid'
import type { Section } from '@/lib/api/types'
import type { PublicMediaFile } from '@/lib/public-media'
import { SECTION_SKELETONS } from '@/lib/constants'
import type { DeviceClass } from '@/lib/device'
import { mediaCountLabel } from '@/lib/format'
import { captionOf, groupByRoom, roomAnchor } from '@/lib/rooms'
import { neighbourSections, orderSectionsForNavigation } from '@/lib/section-order'
import styles from './gallery.module.css'
import { MediaCard, MediaRow, Skeletons, ViewToggle, altTextOf, type View } from './media-views'
import { useSectionMedia, useSections } from './queries'
import { SectionNav } from './section-nav'
import { useAppPathname, useSiteHref } from './site-base'

type Props = {
  sectionId: string
  initialSections: Section[]
  initialMedia: PublicMediaFile[]
  device: DeviceClass
  /** The property's name (property settings), for the page title. */
  propertyName: string
}

const sectionPath = (sectionId: string) => `/gallery/${encodeURIComponent(sectionId)}`
const imagePath = (sectionId: string, imageId: string) => `${sectionPath(sectionId)}/${encodeURIComponent(imageId)}`

/** The image id in /gallery/{sectionId}/{imageId}, if any. */
function imageIdOf(pathname: string | null): string | null {
  const part = pathname?.split('/')[3]
  return part ? decodeURIComponent(part) : null
}

/** The section in /gallery/{sectionId}[/{imageId}]: the page's own, or one switched to in place. */
function sectionIdOf(pathname: string | null, pageSectionId: string): string {
  const [, root, part] = pathname?.split('/') ?? []
  return root === 'gallery' && part ? decodeURIComponent(part) : pageSectionId
}

/** A plain left click (not one asking for a new tab or window), which may be handled in place. */
const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

export function SectionGallery({ sectionId: pageSectionId, initialSections, initialMedia, device, propertyName }: Props) {
  const sections = orderSectionsForNavigation(useSections(initialSections).data ?? [])
  const pathname = useAppPathname()
  const href = useSiteHref()
  const sectionId = sectionIdOf(pathname, pageSectionId)
  // The page's own section comes with the server's first view; another one is fetched.
  const media = useSectionMedia(sectionId, sectionId === pageSectionId ? initialMedia : undefined)
  const [view, setView] = useState<View>('grid')
  const section = sections.find((candidate) => candidate.id === sectionId)
  const loaded = media.data
  // Photos grouped by room in the manager's order; the lightbox walks them in that same order.
  const groups = useMemo(() => groupByRoom(loaded ?? []), [loaded])
  const items = useMemo(() => groups.flatMap((group) => group.files), [groups])
  const openId = imageIdOf(pathname)
  const openIndex = openId ? items.findIndex((file) => file.id === openId) : -1

  // Whether this page pushed the image URL (then closing goes back), or it was a deep link.
  const pushed = useRef(false)
  const openAt = useCallback(
    (index: number) => {
      const file = items[index]
      if (!file) return
      // Next keeps its router (and usePathname) in step with the History API.
      if (openId) window.history.replaceState(null, '', href(imagePath(sectionId, file.id)))
      else {
        window.history.pushState(null, '', href(imagePath(sectionId, file.id)))
        pushed.current = true
      }
    },
    [items, openId, sectionId, href],
  )
  const close = useCallback(() => {
    if (pushed.current) {
      pushed.current = false
      window.history.back()
    } else window.history.replaceState(null, '', href(sectionPath(sectionId)))
  }, [sectionId, href])

  const showSection = useCallback((event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    pushed.current = false
    window.history.pushState(null, '', href(sectionPath(id)))
    window.scrollTo(0, 0)
  }, [href])
  useEffect(() => {
    if (section) document.title = `${section.name} · ${propertyName}`
  }, [section, propertyName])

  if (!section) return <SectionNotFound />
  const { previous, next } = neighbourSections(sections, sectionId)
  const alt = (file: PublicMediaFile, index: number) => altTextOf(file, index + 1, section.name)
  const caption = (file: PublicMediaFile, index: number) =>
    file.room?.trim() || file.description?.trim() ? captionOf(file, section.name) : alt(file, index)
  const byRoom = groups.length > 1 || (groups.length === 1 && groups[0].room !== null)
  const renderGrid = (files: PublicMediaFile[], offset: number, label: string, key: string) => (
    <VirtualGrid
      key={key}
      items={files}
      getKey={(file) => file.id}
      view={view}
      initialDevice={device}
      label={label}
      renderItem={(file, index, { priority }) =>
        view === 'grid' ? (
          <MediaCard
            file={file}
            alt={alt(file, offset + index)}
            priority={priority && offset === 0}
            onOpen={() => openAt(offset + index)}
          />
        ) : (
          <MediaRow file={file} alt={alt(file, offset + index)} onOpen={() => openAt(offset + index)} />
        )
      }
    />
  )
  let offset = 0
  const roomSections = groups.map((group) => {
    const start = offset
    offset += group.files.length
    const name = group.room ?? `More in ${section.name}`
    const id = roomAnchor(group.room)
    const videos = group.files.filter((file) => file.fileType === 'video').length
    return (
      <section key={`${sectionId}:${id}`} className={styles.room} aria-labelledby={id} data-room={group.room ?? ''}>
        <h2 id={id} className={styles.roomTitle}>
          {name} · {mediaCountLabel(group.files.length - videos, videos)}
        </h2>
        {renderGrid(group.files, start, `${name} media`, `${sectionId}:${id}:grid`)}
      </section>
    )
  })

  return (
    <>
      <SectionNav sections={sections} current={sectionId} onSectionClick={showSection} />
      <main className={styles.page}>
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>
              <span aria-hidden="true">{section.icon}</span> {section.name}
            </h1>
            <span className={styles.badge} data-testid="photo-count">
              {media.data
                ? mediaCountLabel(countImages(items), items.length - countImages(items))
                : mediaCountLabel(section.count, 0)}
            </span>
          </div>
          <div className={styles.toolbar}>
            <Link href={href('/gallery')} prefetch={false} className={styles.button}>
              <ArrowLeft size={16} /> Back to Overview
            </Link>
            {previous && (
              <Link
                href={href(sectionPath(previous.id))}
                prefetch={false}
                className={styles.button}
                aria-label={`Previous section: ${previous.name}`}
                onClick={(event) => showSection(event, previous.id)}
              >
                <ChevronLeft size={16} /> <span aria-hidden="true">{previous.icon}</span> {previous.name}
              </Link>
            )}
            {next && (
              <Link
                href={href(sectionPath(next.id))}
                prefetch={false}
                className={styles.button}
                aria-label={`Next section: ${next.name}`}
                onClick={(event) => showSection(event, next.id)}
              >
                <span aria-hidden="true">{next.icon}</span> {next.name} <ChevronRight size={16} />
              </Link>
            )}
            <ViewToggle view={view} onChange={setView} />
          </div>
        </header>

        {media.isPending ? (
          <Skeletons count={SECTION_SKELETONS} label={`Loading ${section.name}`} />
        ) : items.length === 0 ? (
          <div className={styles.empty}>
            <p>No photos in this section yet</p>
          </div>
        ) : byRoom ? (
          <>
            <nav className={styles.roomChips} aria-label="Rooms">
              {groups.map((group) => (
                <a key={roomAnchor(group.room)} className={styles.chip} href={`#${roomAnchor(group.room)}`}>
                  {group.room ?? `More in ${section.name}`} · {group.files.length}
                </a>
              ))}
            </nav>
            {roomSections}
          </>
        ) : (
          renderGrid(items, 0, `${section.name} media`, sectionId)
        )}
      </main>
      <Lightbox
        items={items}
        index={openIndex >= 0 ? openIndex : null}
        onIndexChange={openAt}
        onClose={close}
        altText={alt}
        caption={caption}
      />
    </>
  )
}

const countImages = (files: PublicMediaFile[]) => files.filter((file) => file.fileType === 'image').length

export function SectionNotFound() {
  const href = useSiteHref()
  return (
    <main className={styles.notFound}>
      <h1>Section Not Found</h1>
      <p>
        <Link href={href('/gallery')}>Back to Gallery</Link>
      </p>
    </main>
  )
}
