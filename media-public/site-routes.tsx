// The cached public site as an app mounts it (`app/…/site/[site]/…`, see the README): its layout
// and 404 page here, and a module per page (browser-route.tsx, overview-route.tsx,
// section-route.tsx, embed-route.tsx), so that each page loads its own view's client code only.
// Each reads its `site` segment first (src/server/properties/site-key.ts: the proxy rewrote the
// visitor's path to it). Nothing reads the request, so Next renders each page once per key and
// serves it from its cache; the key changes when the property's read model does.
import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { enterSite, sitePath } from './site-address'
import { SiteDocument } from './site-document'
import { siteMetadata } from './site-metadata'

export type Site = { params: Promise<{ site: string }> }
export type SitePage<P = object> = { params: Promise<{ site: string } & P> }

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
