// The sitemap's entries from a public snapshot (visible media only): pure, so a unit test
// can hold a snapshot with hidden media and check none of them is listed. The paths are under the
// property's base path (`/p/{slug}/gallery` when its site was reached by the prefix).
import type { MetadataRoute } from 'next'
import { hrefFor, type PropertyBasePath } from '../src/lib/api/property-base'
import type { PublicSnapshot } from './read-model'

const latest = (dates: string[]) => dates.reduce<string | undefined>((max, date) => (!max || date > max ? date : max), undefined)

export function sitemapEntries(
  snapshot: Pick<PublicSnapshot, 'sections' | 'bySection' | 'media'>,
  origin: URL,
  basePath: PropertyBasePath = '',
) {
  const url = (path: string) => new URL(hrefFor(basePath, path), origin).toString()
  const newest = latest(snapshot.media.map((file) => file.uploadedAt))
  const entries: MetadataRoute.Sitemap = [
    { url: url('/'), lastModified: newest },
    { url: url('/gallery'), lastModified: newest },
  ]
  for (const section of snapshot.sections) {
    const files = snapshot.bySection.get(section.id) ?? []
    const sectionPath = `/gallery/${encodeURIComponent(section.id)}`
    entries.push({ url: url(sectionPath), lastModified: latest(files.map((file) => file.uploadedAt)) })
    for (const file of files) {
      entries.push({ url: url(`${sectionPath}/${encodeURIComponent(file.id)}`), lastModified: file.uploadedAt })
    }
  }
  return entries
}
