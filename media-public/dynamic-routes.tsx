// The gallery's pages rendered per request, as an app mounts them beside the cached site
// (site-routes.tsx): the layout they share, the sign-in page (`/login`), a share link's page
// (`/s/[token]`, let through by the proxy only while the link is live) and `sitemap.xml`. Each reads
// the property the proxy stamped on the request (site-address.ts).
import type { Metadata, MetadataRoute, Viewport } from 'next'
import { headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'
import type { ReactNode } from 'react'
import { NoticesProvider } from '@/components/notices'
import { galleryPayload } from '@/server/http/gallery-runtime'
import { loadSnapshot } from './initial-data'
import { LoginForm } from './login/login-form'
import { sharedPage } from './shared-page'
import { siteAddress } from './site-address'
import { SiteDocument } from './site-document'
import { siteMetadata } from './site-metadata'
import { sitemapEntries } from './sitemap-entries'

export const galleryViewport: Viewport = { width: 'device-width', initialScale: 1 }

/** Title template, description and link-preview tags from the property settings. */
export const galleryLayoutMetadata = (): Promise<Metadata> => siteMetadata()

/** Every page is of one property, and its links and reads keep its base path. */
export async function GalleryLayout({ children }: { children: ReactNode }) {
  const { basePath } = await siteAddress()
  return <SiteDocument basePath={basePath}>{children}</SiteDocument>
}

/** Only paths inside the admin are followed after sign-in. */
const safeNext = (next?: string) => (next && next.startsWith('/admin') && !next.startsWith('//') ? next : '/admin')

export const loginMetadata: Metadata = { title: 'Admin login' }

/** `/login` (spec §2): a signed-in account goes on to the admin. */
export async function LoginRoute({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const payload = await galleryPayload()
  const { user } = await payload.auth({ headers: await headers() })
  const next = safeNext((await searchParams).next)
  if (user) redirect(next)
  // The sign-in notices; the public pages have none, so the provider lives here, not in the layout.
  return (
    <NoticesProvider>
      <LoginForm next={next} />
    </NoticesProvider>
  )
}

type ShareLinkProps = { params: Promise<{ token: string }> }

export async function shareLinkMetadata({ params }: ShareLinkProps): Promise<Metadata> {
  const page = await sharedPage((await params).token)
  return { title: page ? page.title : 'Link Not Found', robots: { index: false, follow: false } }
}

/** A share link's page; one that stopped working since the proxy let it through is not found. */
export async function ShareLinkRoute({ params }: ShareLinkProps) {
  const page = await sharedPage((await params).token)
  if (!page) notFound()
  return page.view
}

/**
 * sitemap.xml of the public pages: the browser, the overview, every section and every visible
 * photo's or video's own page, from the public read model (hidden, unprocessed or failed media
 * never appear). Each property has its own: on its domain, and under its prefix.
 */
export async function gallerySitemap(): Promise<MetadataRoute.Sitemap> {
  const [snapshot, { origin, basePath }] = await Promise.all([loadSnapshot(), siteAddress()])
  return sitemapEntries(snapshot, origin, basePath)
}
