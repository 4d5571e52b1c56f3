// URLs under which our app serves media objects (the bucket itself stays private).
const BASE = '/public-objects'

const encode = (filename: string) => encodeURIComponent(filename)

/**
 * The image itself (or the playable video): the spec's fallback path. An edited photo's carries
 * the edit version its renditions show (/e{version}), so browsers and caches, which keep
 * renditions for a year, fetch the new ones after an edit.
 */
export const objectUrl = (filename: string, editVersion = 0) => `${BASE}/${encode(filename)}${editVersion > 0 ? `/e${editVersion}` : ''}`
/** A file's object path under another base (a share link's /s/{token}/o). */
export const objectPathUnder = (base: string, objectPath: string) => `${base}${objectPath.slice(BASE.length)}`
/** A rendition under a file's object path (its /public-objects/{filename}, or a share link's own path for it). */
export const renditionUrl = (objectPath: string, width: number) => `${objectPath}/w${width}.webp`
/** The AVIF rendition of the same width, where the file has one (its avifWidths). */
export const avifUrl = (objectPath: string, width: number) => `${objectPath}/w${width}.avif`
/** A video's poster frame. */
export const posterUrl = (filename: string) => `${BASE}/${encode(filename)}/poster.jpg`
