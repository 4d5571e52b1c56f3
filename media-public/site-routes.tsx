// The cached public site as an app mounts it (`app/…/site/[site]/…`, see the README): a layout and
// a page per public route, each reading its `site` segment first (src/server/properties/site-key.ts: the proxy rewrote
// the visitor's path to it). Nothing here reads the request, so Next renders each page once per
// key and serves it from its cache; the key changes when the property's read model does.
import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import {
  EmbedPage,
  embedMetadata,
  GalleryOverviewPage,
  pageMetadata,
  PublicBrowserPage,
  SectionGalleryPage,
  sectionMetadata,
} from './pages'
import { enterSite, sitePath } from './site-address'
import { SiteDocument } from './site-document'
import { siteMetadata } from './site-metadata'
import { SectionNotFound } from './section-gallery'

type Site = { params: Promise<{ site: string }> }
type SitePage<P = object> = { params: Promise<{ site: string } & P> }

export async function SiteLayout({ children, params }: Site & { children: ReactNode }) {
  const { basePath } = enterSite((await params).site)
  return <SiteDocument basePath={basePath}>{children}</SiteDocument>
}

export const siteViewport: Viewport = { width: 'device-width', initialScale: 1 }

/** Title template, description and link-preview tags from the property settings. */
export async function siteLayoutMetadata({ params }: Site): Promise<Metadata> {
  enterSite((await params).site)
  return siteMetadata()
}

/** `/` and `/public`: the browser; its canonical address is the property's home. */
export async function BrowserRoute({ params }: SitePage) {
  enterSite((await params).site)
  return <PublicBrowserPage />
}

export async function browserMetadata({ params }: SitePage): Promise<Metadata> {
  enterSite((await params).site)
  return pageMetadata('/')
}

/** `/gallery`. */
export async function OverviewRoute({ params }: SitePage) {
  enterSite((await params).site)
  return <GalleryOverviewPage />
}

export async function overviewMetadata({ params }: SitePage): Promise<Metadata> {
  enterSite((await params).site)
  return pageMetadata('/gallery', 'Gallery')
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

/** An unknown section (and an image under one): HTTP 404, "Section Not Found" and Back to Gallery (spec §2). */
export function SectionNotFoundRoute() {
  return <SectionNotFound />
}

export const sectionNotFoundMetadata: Metadata = { title: 'Section Not Found' }

/** Any other page of the site that is not there: "404 Page Not Found". */
export async function SiteNotFound() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, textAlign: 'center' }}>
      <div>
        <h1>404 Page Not Found</h1>
        <p>
          <a href={await sitePath('/gallery')}>Back to Gallery</a>
        </p>
      </div>
    </main>
  )
}

export const siteNotFoundMetadata: Metadata = { title: '404 Page Not Found' }
