// URLs under which our app serves media objects (the bucket itself stays private).
const BASE = '/public-objects'

const encode = (filename: string) => encodeURIComponent(filename)

/** The image itself (or the playable video): the spec's fallback path. */
export const objectUrl = (filename: string) => `${BASE}/${encode(filename)}`
/** A rendition under a file's object path (its /public-objects/{filename}, or a share link's own path for it). */
export const renditionUrl = (objectPath: string, width: number) => `${objectPath}/w${width}.webp`
/** The AVIF rendition of the same width, where the file has one (its avifWidths). */
export const avifUrl = (objectPath: string, width: number) => `${objectPath}/w${width}.avif`
/** A responsive WebP rendition of an image. */
export const variantUrl = (filename: string, width: number) => renditionUrl(objectUrl(filename), width)
/** A video's poster frame. */
export const posterUrl = (filename: string) => `${BASE}/${encode(filename)}/poster.jpg`
