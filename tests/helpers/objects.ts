// Reading what the product stored and serves, for integration tests that follow a file through
// processing: a media record as stored, a /public-objects path as a visitor (no cookie) or a
// signed-in account gets it, and the camera tags left in some bytes.
import exifr from 'exifr'
import type { Payload } from 'payload'
import { deliverObject } from '../../media-public/object-delivery'
import { ORIGIN, type Session } from './api'

export const mediaRecord = async (payload: Payload, id: string) =>
  (await payload.findByID({ collection: 'media', id, overrideAccess: true, depth: 0 })) as Record<string, any>

/** A GET of a /public-objects path, as a visitor (no cookie) or as the session's account. */
export async function fetchObject(payload: Payload, objectPath: string, session?: Session) {
  const headers: Record<string, string> = session?.cookie ? { cookie: session.cookie, origin: ORIGIN } : {}
  const response = await deliverObject(
    payload,
    new Request(`http://localhost:3000${objectPath}`, { headers }),
    objectPath.split('/').slice(2).map(decodeURIComponent),
  )
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Every tag exifr finds in a JPEG's (or PNG's, HEIC's) EXIF, GPS, XMP and IPTC; {} when there are none. */
export const tagsOf = async (bytes: Buffer) =>
  ((await exifr.parse(bytes, { tiff: true, exif: true, gps: true, xmp: true, iptc: true, ifd1: true, interop: true })) ?? {}) as Record<
    string,
    unknown
  >
