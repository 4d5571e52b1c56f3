// The public pages' server parts: each renders its first view from the public read model
// (real content in the HTML) and hands the same data to the client components.
import type { Metadata } from 'next'
import { RichText } from '@payloadcms/richtext-lexical/react'
import { notFound } from 'next/navigation'
import { EmbedGallery } from './embed-gallery'
import { GalleryOverview } from './gallery-overview'
import { loadSnapshot, overviewData, requestDevice, sectionsOf } from './initial-data'
import { loadProperty } from './property'
import { PublicBrowser } from './public-browser'
import { SectionGallery } from './section-gallery'
import { siteAddress, sitePath } from './site-address'
import { plainText, structuredData, jsonLdScript } from './structured-data'
import type { PublicSnapshot } from './read-model'
import type { MediaFile } from '@/lib/api/types'
import { publicMediaFile } from '@/lib/public-media'

/**
 * The page's JSON-LD (structured-data.ts): the property and the media the page shows, all from
 * the public snapshot (visible media only). Rendered on the server, escaped for a <script>.
 */
async function StructuredData({ snapshot, pageMedia }: { snapshot: PublicSnapshot; pageMedia: MediaFile[] | null }) {
  const [{ origin, basePath }, property] = await Promise.all([siteAddress(), loadProperty(snapshot)])
  const data = structuredData({
    property: { id: snapshot.scope.id, name: property.info.name, tagline: property.info.tagline, about: plainText(property.about), cover: property.cover },
    origin: origin.origin,
    basePath,
    allMedia: snapshot.media,
    sectionNames: Object.fromEntries(snapshot.sections.map((section) => [section.id, section.name])),
    pageMedia,
  })
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
}

export async function PublicBrowserPage() {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const property = await loadProperty(snapshot)
  const sectionNames = Object.fromEntries(snapshot.sections.map((section) => [section.id, section.name]))
  return (
    <>
      <StructuredData snapshot={snapshot} pageMedia={null} />
      <PublicBrowser initialMedia={snapshot.media.map(publicMediaFile)} sectionNames={sectionNames} device={device} property={property.info} />
    </>
  )
}

export async function GalleryOverviewPage() {
  const snapshot = await loadSnapshot()
  const [data, property] = [overviewData(snapshot), await loadProperty(snapshot)]
  return (
    <>
      <StructuredData snapshot={snapshot} pageMedia={null} />
      <GalleryOverview
      initialSections={data.sections}
      initialPreviews={data.previews}
      initialVideos={data.videos}
      property={property.info}
      cover={property.cover && publicMediaFile(property.cover)}
      // The about text is rendered here, on the server: the rich-text renderer never ships to guests.
      about={property.about ? <RichText data={property.about} disableContainer /> : null}
      />
    </>
  )
}

export async function SectionGalleryPage({ sectionId }: { sectionId: string }) {
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

/**
 * The embed view (`/embed`, `/embed/{sectionId}`): the property's visible media, or one section's
 * in its display order, as a bare grid with the lightbox. Which sites may frame it is the host's
 * decision (src/server/http/security-headers.ts, sent by the proxy).
 */
export async function EmbedPage({ sectionId }: { sectionId?: string }) {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const media = sectionId ? snapshot.bySection.get(sectionId) : snapshot.media
  if (!media) notFound()
  const property = await loadProperty(snapshot)
  const sectionNames = Object.fromEntries(snapshot.sections.map((section) => [section.id, section.name]))
  const title = sectionId ? `${sectionNames[sectionId]} · ${property.info.name}` : property.info.name
  return <EmbedGallery media={media.map(publicMediaFile)} sectionNames={sectionNames} title={title} device={device} />
}

/** The embed view is a copy of the gallery for other sites' pages: not indexed, its canonical is the gallery page. */
export async function embedMetadata(sectionId?: string): Promise<Metadata> {
  const path = sectionId ? `/gallery/${encodeURIComponent(sectionId)}` : '/gallery'
  return { ...(await pageMetadata(path)), robots: { index: false, follow: false } }
}

/** A page's canonical URL: its path under the property's base path, on the site's origin (site-metadata.ts). */
export async function pageMetadata(path: string, title?: string): Promise<Metadata> {
  return { ...(title ? { title } : {}), alternates: { canonical: await sitePath(path) } }
}

export async function sectionMetadata(sectionId: string, imageId?: string): Promise<Metadata> {
  const section = (await loadSnapshot()).sections.find((candidate) => candidate.id === sectionId)
  if (!section) return { title: 'Section Not Found' }
  const path = `/gallery/${encodeURIComponent(sectionId)}${imageId ? `/${encodeURIComponent(imageId)}` : ''}`
  return pageMetadata(path, section.name)
}
