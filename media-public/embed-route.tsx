// `/embed` and `/embed/{sectionId}` of the cached site (site-routes.tsx).
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { EmbedGallery } from './embed-gallery'
import { loadSnapshot, requestDevice, sectionNamesOf } from './initial-data'
import { pageMetadata } from './pages'
import { loadProperty } from './property'
import { enterSite } from './site-address'
import type { SitePage } from './site-routes'
import { publicMediaFile } from '@/lib/public-media'

/**
 * The embed view (`/embed`, `/embed/{sectionId}`): the property's visible media, or one section's
 * in its display order, as a bare grid with the lightbox. Which sites may frame it is the host's
 * decision (src/server/http/security-headers.ts, sent by the proxy).
 */
async function EmbedPage({ sectionId }: { sectionId?: string }) {
  const [snapshot, device] = await Promise.all([loadSnapshot(), requestDevice()])
  const media = sectionId ? snapshot.bySection.get(sectionId) : snapshot.media
  if (!media) notFound()
  const property = await loadProperty(snapshot)
  const sectionNames = sectionNamesOf(snapshot)
  const title = sectionId ? `${sectionNames[sectionId]} · ${property.info.name}` : property.info.name
  return <EmbedGallery media={media.map(publicMediaFile)} sectionNames={sectionNames} title={title} device={device} />
}

/** The embed view is a copy of the gallery for other sites' pages: not indexed, its canonical is the gallery page. */
async function embedMetadata(sectionId?: string): Promise<Metadata> {
  const path = sectionId ? `/gallery/${encodeURIComponent(sectionId)}` : '/gallery'
  return { ...(await pageMetadata(path)), robots: { index: false, follow: false } }
}

/** `/embed` and `/embed/{sectionId}`: the bare grid another site may frame. */
export async function EmbedRoute({ params }: SitePage<{ sectionId?: string }>) {
  const { site, sectionId } = await params
  enterSite(site)
  return <EmbedPage sectionId={sectionId && decodeURIComponent(sectionId)} />
}

export async function embedRouteMetadata({ params }: SitePage<{ sectionId?: string }>): Promise<Metadata> {
  const { site, sectionId } = await params
  enterSite(site)
  return embedMetadata(sectionId && decodeURIComponent(sectionId))
}
