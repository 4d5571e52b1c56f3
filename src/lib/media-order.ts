// Display order of media inside a section: the manager's manual order (sortOrder
// ascending) first, newest first among equals.
import type { MediaFile } from './api/types'

export function compareSectionOrder(a: MediaFile, b: MediaFile): number {
  return (
    a.sortOrder - b.sortOrder ||
    (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

export function sortSectionMedia(files: MediaFile[]): MediaFile[] {
  return [...files].sort(compareSectionOrder)
}
