// `/gallery/{sectionId}` (and an image of it) of the cached site (site-routes.tsx), and its 404.
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { loadSnapshot, requestDevice, sectionsOf } from './initial-data'
import { pageMetadata, StructuredData } from './pages'
import { loadProperty } from './property'
import { SectionGallery, SectionNotFound } from './section-gallery'
import { enterSite } from './site-address'
import type { SitePage } from './site-routes'
import { publicMediaFile } from '@/lib/public-media'

async function SectionGalleryPage({ sectionId }: { sectionId: string }) {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const media = snapshot.bySection.get(sectionId)
  // An unknown section answers 404 (its segment's not-found page shows "Section Not Found").
  if (!media) notFound()
  const property = await loadProperty(snapshot)
  return (
    <>
      <StructuredData snapshot={snapshot} pageMedia={media} />
      <SectionGallery
        sectionId={sectionId}
        initialSections={sectionsOf(snapshot)}
        initialMedia={media.map(publicMediaFile)}
        device={device}
        propertyName={property.info.name}
      />
    </>
  )
}

async function sectionMetadata(sectionId: string, imageId?: string): Promise<Metadata> {
  const section = (await loadSnapshot()).sections.find((candidate) => candidate.id === sectionId)
  if (!section) return { title: 'Section Not Found' }
  const path = `/gallery/${encodeURIComponent(sectionId)}${imageId ? `/${encodeURIComponent(imageId)}` : ''}`
  return pageMetadata(path, section.name)
}

/** `/gallery/{sectionId}` and `/gallery/{sectionId}/{imageId}` (the client opens the image's lightbox). */
export async function SectionRoute({ params }: SitePage<{ sectionId: string }>) {
  const { site, sectionId } = await params
  enterSite(site)
  return <SectionGalleryPage sectionId={decodeURIComponent(sectionId)} />
}

export async function sectionRouteMetadata({ params }: SitePage<{ sectionId: string; imageId?: string }>): Promise<Metadata> {
  const { site, sectionId, imageId } = await params
  enterSite(site)
  return sectionMetadata(decodeURIComponent(sectionId), imageId && decodeURIComponent(imageId))
}

/** An unknown section (and an image under one): HTTP 404, "Section Not Found" and Back to Gallery (spec §2). */
export function SectionNotFoundRoute() {
  return <SectionNotFound />
}

export const sectionNotFoundMetadata: Metadata = { title: 'Section Not Found' }
