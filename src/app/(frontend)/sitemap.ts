// sitemap.xml of the public pages: the browser, the overview, every section and every
// visible photo's or video's own page. Built from the public read model, so hidden,
// unprocessed or failed media never appear in it. Each property has its own: /sitemap.xml on its
// domain, /p/{slug}/sitemap.xml under its prefix.
import type { MetadataRoute } from 'next'
import { loadSnapshot } from '@media-public/initial-data'
import { sitemapEntries } from '@media-public/sitemap-entries'
import { siteAddress } from '@media-public/site-address'

export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [snapshot, { origin, basePath }] = await Promise.all([loadSnapshot(), siteAddress()])
  return sitemapEntries(snapshot, origin, basePath)
}
