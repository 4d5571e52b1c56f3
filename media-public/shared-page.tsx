// The server part of a share link's page (/s/{token}): the link of the property the request
// addresses, its photos with their files under the link's own path, and the page's title.
import { galleryPayload } from '@/server/http/gallery-runtime'
import { cache, type ReactNode } from 'react'
import { hrefFor } from '@/lib/api/property-base'
import type { MediaFile } from '@/lib/api/types'
import { objectPathUnder } from '@/lib/media-urls'
import { publicMediaFile, type PublicMediaFile } from '@/lib/public-media'
import { openShareLink } from '@/server/share-links/share-links'
import { requestDevice } from './initial-data'
import { loadProperty } from './property'
import { publicSnapshot } from './read-model'
import { SharedGallery } from './shared-gallery'
import { siteAddress } from './site-address'

/** A file's URLs under the link: /s/{token}/o/{filename}[/e{version}][/w{width}.webp | /poster.jpg]. */
function underLink(file: MediaFile, objects: string): PublicMediaFile {
  const objectPath = objectPathUnder(objects, file.objectPath)
  return { ...publicMediaFile(file), objectPath, thumbnailPath: file.thumbnailPath ? `${objectPath}/poster.jpg` : null }
}

export const sharedPage = cache(async (token: string): Promise<{ title: string; view: ReactNode } | null> => {
  const [payload, { scope, basePath }] = await Promise.all([galleryPayload(), siteAddress()])
  const opened = await openShareLink(payload, scope, token)
  if (opened.state !== 'live') return null
  const snapshot = await publicSnapshot(payload, scope)
  const property = await loadProperty(snapshot)
  const { link } = opened
  const section = snapshot.sections.find((candidate) => candidate.id === link.sectionId)
  const place = link.sectionId === 'hidden' ? 'Hidden photos' : (section?.name ?? null)
  const title = [place, link.room].filter(Boolean).join(' · ') || 'Shared photos'
  const objects = hrefFor(basePath, `/s/${token}/o`)
  const view = (
    <SharedGallery
      title={title}
      propertyName={property.info.name}
      media={opened.media.map((file) => underLink(file, objects))}
      expiresAt={link.expiresAt}
      device={await requestDevice()}
    />
  )
  return { title, view }
})
