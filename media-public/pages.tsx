// What the public pages' server parts share: the JSON-LD every page carries and the canonical
// address of its metadata. Each page is a module of its own (browser-route.tsx, overview-route.tsx,
// section-route.tsx, embed-route.tsx), so a page loads its own view's client code only.
import type { Metadata } from 'next'
import { sectionNamesOf } from './initial-data'
import { loadProperty } from './property'
import { siteAddress, sitePath } from './site-address'
import { plainText, structuredData, jsonLdScript } from './structured-data'
import type { PublicSnapshot } from './read-model'
import type { MediaFile } from '@/lib/api/types'

/**
 * The page's JSON-LD (structured-data.ts): the property and the media the page shows, all from
 * the public snapshot (visible media only). Rendered on the server, escaped for a <script>.
 */
export async function StructuredData({ snapshot, pageMedia }: { snapshot: PublicSnapshot; pageMedia: MediaFile[] | null }) {
  const [{ origin, basePath }, property] = await Promise.all([siteAddress(), loadProperty(snapshot)])
  const data = structuredData({
    property: { id: snapshot.scope.id, name: property.info.name, tagline: property.info.tagline, about: plainText(property.about), cover: property.cover },
    origin: origin.origin,
    basePath,
    allMedia: snapshot.media,
    sectionNames: sectionNamesOf(snapshot),
    pageMedia,
  })
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
}

/** A page's canonical URL: its path under the property's base path, on the site's origin (site-metadata.ts). */
export async function pageMetadata(path: string, title?: string): Promise<Metadata> {
  return { ...(title ? { title } : {}), alternates: { canonical: await sitePath(path) } }
}
