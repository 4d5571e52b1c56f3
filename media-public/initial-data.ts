// What each public page renders first, taken from the public read model on the server and
// handed to the client components as TanStack Query initial data. Only visible, processed
// media can be here: the snapshot never holds anything else.
import { galleryPayload } from '@/server/http/gallery-runtime'
import type { Section, SectionPreview } from '@/lib/api/types'
import { publicMediaFile, type PublicMediaFile } from '@/lib/public-media'
import { PREVIEW_SIZE } from '@/lib/constants'
import type { DeviceClass } from '@/lib/device'
import { publicSnapshot, sectionList, type PublicSnapshot } from './read-model'
import { siteAddress, siteDevice } from './site-address'

/** The read model of the property a page is of (site-address.ts). */
export async function loadSnapshot(): Promise<PublicSnapshot> {
  const [payload, { scope }] = await Promise.all([galleryPayload(), siteAddress()])
  return publicSnapshot(payload, scope)
}

export async function requestDevice(): Promise<DeviceClass> {
  return siteDevice()
}

export function sectionsOf(snapshot: PublicSnapshot): Section[] {
  return sectionList(snapshot)
}

/** Each section's name by its id (the lightbox's captions, the structured data). */
export function sectionNamesOf(snapshot: PublicSnapshot): Record<string, string> {
  return Object.fromEntries(snapshot.sections.map((section) => [section.id, section.name]))
}

/** The preview answer of GET /api/sections/{id}/preview, from the same snapshot. */
export function previewOf(snapshot: PublicSnapshot, sectionId: string): SectionPreview {
  const files = snapshot.bySection.get(sectionId) ?? []
  return { previewFiles: files.filter((file) => file.fileType === 'image').slice(0, PREVIEW_SIZE), totalCount: files.length }
}

/** The overview's first view, its photos and videos as the client components take them. */
export function overviewData(snapshot: PublicSnapshot) {
  const sections = sectionsOf(snapshot)
  const previews: Record<string, SectionPreview<PublicMediaFile>> = Object.fromEntries(
    sections.map((s) => {
      const { previewFiles, totalCount } = previewOf(snapshot, s.id)
      return [s.id, { previewFiles: previewFiles.map(publicMediaFile), totalCount }]
    }),
  )
  const videos = snapshot.media.filter((file) => file.fileType === 'video').map(publicMediaFile)
  const images = snapshot.media.filter((file) => file.fileType === 'image')
  return { sections, previews, videos, photoCount: images.length }
}
