// The public pages' shared metadata from the property settings: the title template
// ("Upstairs · Seaview Cottage"), the description (the tagline), and Open Graph / Twitter
// tags so a shared link previews with the name, tagline and cover photo. Absolute URLs use the
// page's origin (site-address.ts: the property's domain, SERVER_URL, or the request's host).
import type { Metadata } from 'next'
import { renditionUrl } from '@/lib/media-urls'
import { loadSnapshot } from './initial-data'
import { loadProperty } from './property'
import { siteAddress } from './site-address'

const FALLBACK_DESCRIPTION = 'Photos and videos of the property, room by room.'
/** The cover's rendition for link previews: wide enough for large cards, small enough to fetch. */
const PREVIEW_WIDTH = 1600

export async function siteMetadata(): Promise<Metadata> {
  const { info, cover } = await loadProperty(await loadSnapshot())
  const description = info.tagline ?? FALLBACK_DESCRIPTION
  const widths = cover ? [...cover.variantWidths].sort((a, b) => a - b) : []
  const width = widths.filter((candidate) => candidate <= PREVIEW_WIDTH).at(-1) ?? widths[0]
  const image =
    cover && width
      ? {
          url: renditionUrl(cover.objectPath, width),
          width,
          height: cover.width && cover.height ? Math.round((cover.height * width) / cover.width) : undefined,
          alt: cover.description?.trim() || info.name,
        }
      : undefined
  return {
    metadataBase: (await siteAddress()).origin,
    title: { default: info.name, template: `%s · ${info.name}` },
    description,
    openGraph: {
      type: 'website',
      siteName: info.name,
      title: info.name,
      description,
      images: image ? [image] : undefined,
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title: info.name,
      description,
      images: image ? [image.url] : undefined,
    },
  }
}
