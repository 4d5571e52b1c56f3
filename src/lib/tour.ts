// Start Tour (spec §2 Gallery overview): up to 3 visible images from each of main_level,
// upstairs, downstairs, backyard and outdoors, in that order. Within a section: sortOrder
// ascending (missing last), then those with a description first, then higher
// compressionRatio, then larger fileSize.
import type { MediaFile } from './api/types'
import { TOUR_IMAGES_PER_SECTION, TOUR_SECTIONS } from './constants'

type TourCandidate = Pick<MediaFile, 'fileType' | 'isHidden' | 'section' | 'description' | 'compressionRatio' | 'fileSize'> & {
  sortOrder?: number | null
}

const hasDescription = (file: TourCandidate) => Boolean(file.description?.trim())

export function compareTourOrder(a: TourCandidate, b: TourCandidate): number {
  const aOrder = a.sortOrder ?? Number.POSITIVE_INFINITY
  const bOrder = b.sortOrder ?? Number.POSITIVE_INFINITY
  if (aOrder !== bOrder) return aOrder < bOrder ? -1 : 1
  if (hasDescription(a) !== hasDescription(b)) return hasDescription(a) ? -1 : 1
  if (a.compressionRatio !== b.compressionRatio) return b.compressionRatio - a.compressionRatio
  return b.fileSize - a.fileSize
}

export function selectTour<T extends TourCandidate>(files: T[]): T[] {
  const visibleImages = files.filter((file) => file.fileType === 'image' && file.isHidden !== 'true')
  return TOUR_SECTIONS.flatMap((section) =>
    visibleImages
      .filter((file) => file.section === section)
      .sort(compareTourOrder)
      .slice(0, TOUR_IMAGES_PER_SECTION),
  )
}
