// The property as the public pages render it (collections/properties), read once per read-model
// version (a change to the property bumps it): name, tagline, booking link, the about text's
// rich-text state, and the cover photo only while it is a visible, processed image.
import { galleryPayload } from '@/server/http/gallery-runtime'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { MediaFile } from '@/lib/api/types'
import { DEFAULT_PROPERTY_NAME, isBookingUrl, type PropertyInfo } from '@/lib/property'
import { PropertyCaches } from '@/server/cache/read-version'
import type { PublicSnapshot } from './read-model'

export type PublicProperty = {
  info: PropertyInfo
  about: SerializedEditorState | null
  cover: MediaFile | null
}

type Stored = {
  name?: string | null
  tagline?: string | null
  about?: SerializedEditorState | null
  coverPhoto?: string | { id: string } | null
  bookingUrl?: string | null
}

const caches = new PropertyCaches()

/** True when the about text has any words (an emptied editor keeps an empty paragraph). */
function hasText(state: SerializedEditorState | null | undefined): state is SerializedEditorState {
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false
    const { text, children } = node as { text?: unknown; children?: unknown }
    if (typeof text === 'string' && text.trim()) return true
    return Array.isArray(children) && children.some(visit)
  }
  return visit(state?.root)
}

export async function loadProperty(snapshot: PublicSnapshot): Promise<PublicProperty> {
  return caches.of(snapshot.scope).get(snapshot.version, 'property', async () => {
    const payload = await galleryPayload()
    const { docs } = await payload.find({
      collection: 'properties',
      where: { id: { equals: snapshot.scope.id } },
      depth: 0,
      limit: 1,
      pagination: false,
      overrideAccess: true,
    })
    const stored: Stored = docs[0] ?? {}
    const coverId = typeof stored.coverPhoto === 'object' ? stored.coverPhoto?.id : stored.coverPhoto
    const cover = coverId ? (snapshot.media.find((file) => file.id === coverId && file.fileType === 'image') ?? null) : null
    const bookingUrl = stored.bookingUrl?.trim()
    return {
      info: {
        name: stored.name?.trim() || DEFAULT_PROPERTY_NAME,
        tagline: stored.tagline?.trim() || null,
        bookingUrl: bookingUrl && isBookingUrl(bookingUrl) ? bookingUrl : null,
      },
      about: hasText(stored.about) ? stored.about : null,
      cover,
    }
  })
}
