// The thumbnail Payload's own views (the edit view's file details, relationship pickers)
// show for a media file: our smallest rendition, or a video's poster, from the app's object
// delivery. Payload's default (/api/media/file/{filename}) names no object in our store,
// whose keys are originals/<id>/<name>, so it was a broken image.
import type { GetAdminThumbnail } from 'payload'
import { objectUrl, posterUrl, renditionUrl } from '../../src/lib/media-urls'

type ThumbnailDoc = {
  filename?: string | null
  status?: string | null
  fileType?: string | null
  posterKey?: string | null
  derivatives?: Array<{ width?: number | null }> | null
  renderedEditVersion?: number | null
}

export const mediaAdminThumbnail: GetAdminThumbnail = ({ doc }) => {
  const { filename, status, fileType, posterKey, derivatives, renderedEditVersion } = doc as ThumbnailDoc
  if (!filename || status !== 'ready') return null
  if (fileType === 'video') return posterKey ? posterUrl(filename) : null
  const widths = (derivatives ?? []).map((derivative) => derivative.width ?? 0).filter((width) => width > 0)
  return widths.length ? renditionUrl(objectUrl(filename, renderedEditVersion ?? 0), Math.min(...widths)) : null
}
