// sitemap.xml of the public pages: the browser, the overview, every section and every
// visible photo's or video's own page. Built from the public read model, so hidden,
// unprocessed or failed media never appear in it.
import type { MetadataRoute } from 'next'
import { loadSnapshot } from '@media-public/initial-data'
import { sitemapEntries } from '@media-public/sitemap-entries'
import { siteOrigin } from '@media-public/site-metadata'

export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [snapshot, origin] = await Promise.all([loadSnapshot(), siteOrigin()])
  return sitemapEntries(snapshot, origin)
}
