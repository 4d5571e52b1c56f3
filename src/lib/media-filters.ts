// Filters over media lists, shared by the API and the screens (spec §4 Filters).
import type { MediaFile } from './api/types'

/** The public filter: all, image or video. */
export const filterByType = (files: MediaFile[], type?: 'image' | 'video') =>
  type ? files.filter((file) => file.fileType === type) : files
