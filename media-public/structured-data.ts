// Structured data (JSON-LD) of the public pages, built from what the page shows: the property as
// a schema.org VacationRental, each photo of the page as an ImageObject and each video as a
// VideoObject. Pure: the page hands in its property, its absolute site URL and its media (taken
// from the public snapshot, which only ever holds visible, processed media), and gets one object
// back; jsonLdScript() makes it safe to put inside a <script> element.
// Which properties are filled follows Google's vacation rental, image metadata and video
// structured data documentation (docs/listings.md "Structured data"); what the product does not know
// (address, coordinates, occupancy) is left out rather than made up.
import type { MediaFile } from '../src/lib/api/types'
import { posterUrl } from '../src/lib/media-urls'
import { captionOf } from '../src/lib/rooms'
import { selectTour } from '../src/lib/tour'
import { categoryOfRoom } from '../src/lib/category-rules'

/** How many pictures the VacationRental names (Google asks for at least 8 when there are). */
export const PROPERTY_IMAGE_COUNT = 8
/** How many videos the overview and browser pages describe (a section page describes all of its own). */
export const OVERVIEW_VIDEO_COUNT = 10
/** The longest description taken from the about text. */
const DESCRIPTION_MAX = 500
/** Categories that count as a common area of the home. */
const COMMON_AREAS = new Set(['living room', 'kitchen', 'dining room'])

export type StructuredProperty = {
  id: string
  name: string
  tagline: string | null
  /** The about text as plain words, or null. */
  about: string | null
  /** The cover photo while it is visible. */
  cover: MediaFile | null
}

export type StructuredPage = {
  property: StructuredProperty
  /** The page's origin, as the canonical URL uses it (`https://seaview.example`). */
  origin: string
  /** The property's base path: '' or `/p/{slug}`. */
  basePath: string
  /** Every visible media file of the property (the snapshot's), newest first. */
  allMedia: MediaFile[]
  /** Section names by id, for captions ("Upstairs · Master Bedroom — …"). */
  sectionNames: Record<string, string>
  /** The media the page shows; null for the overview and browser pages (the property's chosen pictures and its videos). */
  pageMedia: MediaFile[] | null
}

type JsonLd = Record<string, unknown>

/** What a photo shows: the manager's room when it names one, else analysis's category. */
function placeOf(file: MediaFile): string | null {
  return categoryOfRoom(file.room) ?? file.category?.trim().toLowerCase() ?? null
}

/**
 * The property's pictures: the cover, then a bedroom, a bathroom and a common area when rooms
 * or categories say a photo shows one, then the tour's order (spec's Start Tour), then the rest,
 * up to PROPERTY_IMAGE_COUNT, each once.
 */
export function propertyImages(property: Pick<StructuredProperty, 'cover'>, allMedia: MediaFile[]): MediaFile[] {
  const images = allMedia.filter((file) => file.fileType === 'image' && file.isHidden !== 'true')
  const chosen: MediaFile[] = []
  const add = (file: MediaFile | null | undefined) => {
    if (file && chosen.length < PROPERTY_IMAGE_COUNT && !chosen.some((other) => other.id === file.id)) chosen.push(file)
  }
  if (property.cover && images.some((file) => file.id === property.cover!.id)) add(property.cover)
  const tour = selectTour(images)
  const inOrder = [...tour, ...images.filter((file) => !tour.includes(file))]
  const isKind = (kind: (place: string) => boolean) => (file: MediaFile) => {
    const place = placeOf(file)
    return place !== null && kind(place)
  }
  if (!chosen.some(isKind((place) => place === 'bedroom'))) add(inOrder.find(isKind((place) => place === 'bedroom')))
  if (!chosen.some(isKind((place) => place === 'bathroom'))) add(inOrder.find(isKind((place) => place === 'bathroom')))
  if (!chosen.some(isKind((place) => COMMON_AREAS.has(place)))) add(inOrder.find(isKind((place) => COMMON_AREAS.has(place))))
  for (const file of inOrder) add(file)
  return chosen
}

/** Seconds as an ISO-8601 duration: 65.4 → "PT1M5S", 3725 → "PT1H2M5S", 0 → "PT0S". */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = total % 60
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || (!hours && !minutes) ? `${rest}S` : ''}`
  return `PT${parts}`
}

function siteUrl(origin: string, basePath: string): string {
  return `${origin.replace(/\/+$/, '')}${basePath}`
}

function describe(property: StructuredProperty): string | undefined {
  const words = property.tagline?.trim() || property.about?.trim()
  if (!words) return undefined
  return words.length > DESCRIPTION_MAX ? `${words.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : words
}

function imageObject(file: MediaFile, page: StructuredPage, absolute: (path: string) => string): JsonLd {
  const caption = captionOf(file, file.section ? (page.sectionNames[file.section] ?? null) : null)
  return {
    '@type': 'ImageObject',
    contentUrl: absolute(file.objectPath),
    ...(caption ? { caption } : {}),
    ...(file.width ? { width: file.width } : {}),
    ...(file.height ? { height: file.height } : {}),
    // Google's image metadata asks for one of creator, creditText, copyrightNotice or license:
    // the property publishes its own photos.
    creditText: page.property.name,
  }
}

function videoObject(file: MediaFile, page: StructuredPage, absolute: (path: string) => string): JsonLd {
  const place = file.section ? (page.sectionNames[file.section] ?? null) : null
  const caption = captionOf(file, place)
  return {
    '@type': 'VideoObject',
    name: caption || `Video of ${page.property.name}`,
    description: file.description?.trim() || caption || `A video of ${page.property.name}.`,
    thumbnailUrl: absolute(posterUrl(file.filename)),
    uploadDate: new Date(file.uploadedAt).toISOString(),
    ...(file.duration != null ? { duration: isoDuration(file.duration) } : {}),
    contentUrl: absolute(file.objectPath),
    ...(file.width ? { width: file.width } : {}),
    ...(file.height ? { height: file.height } : {}),
  }
}

/** The page's structured data: one JSON-LD document with a graph of the property and the page's media. */
export function structuredData(page: StructuredPage): JsonLd {
  const origin = page.origin.replace(/\/+$/, '')
  const absolute = (path: string) => `${origin}${path}`
  const url = siteUrl(origin, page.basePath)
  const chosen = propertyImages(page.property, page.allMedia)
  const description = describe(page.property)
  const rental: JsonLd = {
    '@type': 'VacationRental',
    '@id': `${url}#property`,
    identifier: page.property.id,
    name: page.property.name,
    ...(description ? { description } : {}),
    url,
    image: chosen.map((file) => absolute(file.objectPath)),
  }
  const shown =
    page.pageMedia ?? [...chosen, ...page.allMedia.filter((file) => file.fileType === 'video').slice(0, OVERVIEW_VIDEO_COUNT)]
  const media = shown
    .filter((file) => file.isHidden !== 'true')
    .map((file) => (file.fileType === 'video' ? videoObject(file, page, absolute) : imageObject(file, page, absolute)))
  return { '@context': 'https://schema.org', '@graph': [rental, ...media] }
}

/**
 * JSON for the inside of a <script> element: `<` is written as `\u003c`, so no text (a caption
 * holding "</script>") can end the element or open a comment; U+2028/U+2029 are escaped too.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The words of a rich-text (Lexical) state, paragraphs joined by a space. */
export function plainText(state: unknown): string | null {
  const words: string[] = []
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return
    const { text, children } = node as { text?: unknown; children?: unknown }
    if (typeof text === 'string') words.push(text)
    if (Array.isArray(children)) {
      for (const child of children) visit(child)
      words.push(' ')
    }
  }
  visit((state as { root?: unknown } | null)?.root)
  const joined = words.join('').replace(/\s+/g, ' ').trim()
  return joined || null
}
