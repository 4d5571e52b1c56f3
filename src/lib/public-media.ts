// What a public page hands its client components of each photo and video: the fields the grids
// and the lightbox read, not the whole record the API answers with (the Start Tour, fetched when
// asked for, is chosen from the API's records). A gallery of 200 photos carried about 220 kB of
// props in every page's HTML with all of them; the projection is made on the server, once per
// cached page.
import type { MediaFile } from './api/types'

export const PUBLIC_MEDIA_FIELDS = [
  'id',
  'originalFilename',
  'fileType',
  'fileSize',
  'width',
  'height',
  'duration',
  'objectPath',
  'thumbnailPath',
  'description',
  'section',
  'room',
  'variantWidths',
  'avifWidths',
  'placeholder',
  'projection',
] as const satisfies ReadonlyArray<keyof MediaFile>

/** A photo or video as a public page's client components see it (the API's answers carry more). */
export type PublicMediaFile = Pick<MediaFile, (typeof PUBLIC_MEDIA_FIELDS)[number]>

export function publicMediaFile(file: MediaFile): PublicMediaFile {
  return Object.fromEntries(PUBLIC_MEDIA_FIELDS.map((field) => [field, file[field]])) as PublicMediaFile
}
