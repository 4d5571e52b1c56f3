// Object delivery (docs/architecture.md §6): /public-objects/{filename} (the image, or the
// playable video), /public-objects/{filename}/w{width}.webp (a rendition; .avif for its AVIF one, once made) and
// /public-objects/{filename}/poster.jpg. The bucket stays private; this is the only way
// out. The file's own path serves its public copy (no location, device or owner metadata:
// docs/architecture.md §14 Privacy), never the uploaded original: until a photo processed before
// public copies existed has its copy (the backfill, public-copy-backfill.ts), that path serves
// its widest rendition, and such a video answers 404. /public-objects/{filename}/original is
// the untouched original, for signed-in accounts of the file's property only, never cached;
// /public-objects/{filename}/unedited.webp the same people's small upright copy of it, what the
// photo editor previews edits on (an unedited photo's nearest rendition). Visitors get ready, visible media only; a signed-in account that may see hidden media in
// the file's property also gets hidden ones.
// Unknown, hidden, unprocessed or failed media answer 404. ETag/304 and Range come from the store.
// Renditions and posters are written once per key (and sent as immutable), so the small ones
// are also kept in memory: the grid's images skip the store's round trip; visibility is still
// checked on every request.
import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import { userFromHeaders } from '../src/server/auth/request-user'
import { actorOf, may } from '../src/server/auth/access'
import { poolOf } from '../src/server/db/pool'
import { visibleToVisitors } from '../src/server/media/visibility'
import { getObject } from '../src/server/storage/get-object'
import { publicCopyContentType, UNEDITED_PREVIEW_WIDTH, uneditedPreviewKey } from '../src/server/storage/keys'

type Target = {
  filename: string
  variant:
    | { kind: 'public' }
    | { kind: 'original' }
    | { kind: 'unedited' }
    | { kind: 'rendition'; width: number; avif: boolean }
    | { kind: 'poster' }
}

type StoredObject = {
  id: string
  rendered_edit_version: number
  status: string
  is_hidden: boolean
  property_id: string
  mime_type: string | null
  file_type: string
  storage_key: string | null
  playback_key: string | null
  public_key: string | null
  poster_key: string | null
  derivatives: Array<{ width: number; key: string }> | null
  avif_renditions: Array<{ width: number; key: string }> | null
}

const YEAR = 365 * 24 * 60 * 60

/** Grid renditions (w400, w800) and posters are tens of kB; larger objects are streamed. */
const CACHED_OBJECT_MAX_BYTES = 512 * 1024
type CachedObject = { body: Buffer; etag?: string }
const immutableObjects = new LRUCache<string, CachedObject>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.body.length),
})

export function parseObjectPath(parts: string[]): Target | null {
  // An edited photo's paths name the edit version they were made for (/e{version}): the record's
  // current objects answer them.
  const [filename, variant, ...rest] = /^e\d{1,9}$/.test(parts[1] ?? '') ? [parts[0], ...parts.slice(2)] : parts
  if (!filename || rest.length) return null
  if (!variant) return { filename, variant: { kind: 'public' } }
  if (variant === 'original') return { filename, variant: { kind: 'original' } }
  if (variant === 'unedited.webp') return { filename, variant: { kind: 'unedited' } }
  if (variant === 'poster.jpg') return { filename, variant: { kind: 'poster' } }
  const rendition = /^w(\d{2,4})\.(webp|avif)$/.exec(variant)
  return rendition ? { filename, variant: { kind: 'rendition', width: Number(rendition[1]), avif: rendition[2] === 'avif' } } : null
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })

/**
 * `sharedWith`: the filenames a live share link shows (object-routes.ts) — its
 * own URLs serve those files, hidden ones included, privately, and nothing else.
 */
export async function deliverObject(
  payload: Payload,
  request: Request,
  parts: string[],
  { sharedWith }: { sharedWith?: ReadonlySet<string> } = {},
): Promise<Response> {
  const target = parseObjectPath(parts)
  if (!target) return notFound()
  if (sharedWith && !sharedWith.has(target.filename)) return notFound()
  const { rows } = await poolOf(payload).query<StoredObject>(
    `SELECT id::text AS id, COALESCE(rendered_edit_version, 0)::int AS rendered_edit_version, status, is_hidden, mime_type, file_type, storage_key, playback_key, public_key, poster_key, derivatives, avif_renditions, property_id::text AS property_id
       FROM media WHERE filename = $1`,
    [target.filename],
  )
  const media = rows[0]
  if (!media || media.status !== 'ready') return notFound()
  // A shared file is sent privately (not kept by shared caches), whatever its visibility; the
  // untouched original (its camera data included) is only ever its own property's people's.
  const original = target.variant.kind === 'original' || target.variant.kind === 'unedited'
  let signedIn = Boolean(sharedWith) && !original
  if (!signedIn && (!visibleToVisitors(media) || original)) {
    // A hidden file, and any untouched original, is its own property's people's only.
    signedIn = may(actorOf(await userFromHeaders(payload, request.headers)), 'view-hidden', media.property_id)
    if (!signedIn) return notFound()
  }

  const chosen = chooseObject(media, target)
  if (!chosen) return notFound()
  const range = request.headers.get('range') ?? undefined
  const cacheable = chosen.immutable && !range
  const cached = cacheable ? immutableObjects.get(chosen.key) : undefined
  if (cached) return cachedResponse(request, cached, chosen.contentType, signedIn)
  const object = await getObject({ key: chosen.key, range, ifNoneMatch: request.headers.get('if-none-match') ?? undefined })
  if (!object) return notFound()
  if (cacheable && object.Body && object.ContentLength !== undefined && object.ContentLength <= CACHED_OBJECT_MAX_BYTES) {
    const entry = { body: Buffer.from(await object.Body.transformToByteArray()), etag: object.ETag }
    immutableObjects.set(chosen.key, entry)
    return cachedResponse(request, entry, chosen.contentType, signedIn)
  }

  const headers = deliveryHeaders(chosen.contentType, signedIn, chosen.immutable)
  // The original keeps the camera's position and serial number: no cache keeps a copy.
  if (original) headers.set('Cache-Control', 'private, no-store')
  if (object.ETag) headers.set('ETag', object.ETag)
  if (object.notModified) return new Response(null, { status: 304, headers })
  if (object.ContentLength !== undefined) headers.set('Content-Length', String(object.ContentLength))
  if (object.ContentRange) headers.set('Content-Range', object.ContentRange)
  const body = request.method === 'HEAD' ? null : (object.Body!.transformToWebStream() as ReadableStream<Uint8Array>)
  return new Response(body, { status: object.ContentRange ? 206 : 200, headers })
}

function deliveryHeaders(contentType: string, signedIn: boolean, immutable: boolean) {
  return new Headers({
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': signedIn
      ? 'private, max-age=3600'
      : immutable
        ? `public, max-age=${YEAR}, immutable`
        : 'public, max-age=3600',
  })
}

function cachedResponse(request: Request, { body, etag }: CachedObject, contentType: string, signedIn: boolean) {
  const headers = deliveryHeaders(contentType, signedIn, true)
  if (etag) headers.set('ETag', etag)
  const ifNoneMatch = request.headers.get('if-none-match')
  if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers })
  headers.set('Content-Length', String(body.length))
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
}

function chooseObject(media: StoredObject, { variant }: Target) {
  if (variant.kind === 'poster')
    return media.poster_key ? { key: media.poster_key, contentType: 'image/jpeg', immutable: true } : null
  if (variant.kind === 'rendition') {
    const rendition = (variant.avif ? media.avif_renditions : media.derivatives)?.find((d) => d.width === variant.width)
    return rendition ? { key: rendition.key, contentType: variant.avif ? 'image/avif' : 'image/webp', immutable: true } : null
  }
  if (variant.kind === 'unedited') {
    if (media.file_type !== 'image') return null
    if (media.rendered_edit_version > 0) return { key: uneditedPreviewKey(media.id), contentType: 'image/webp', immutable: false }
    const widths = (media.derivatives ?? []).map((d) => d.width).sort((a, b) => a - b)
    const width = widths.find((candidate) => candidate >= UNEDITED_PREVIEW_WIDTH) ?? widths.at(-1)
    const rendition = media.derivatives?.find((d) => d.width === width)
    return rendition ? { key: rendition.key, contentType: 'image/webp', immutable: false } : null
  }
  if (variant.kind === 'original') {
    return media.storage_key
      ? { key: media.storage_key, contentType: media.mime_type ?? 'application/octet-stream', immutable: false }
      : null
  }
  if (media.file_type === 'video') {
    const key = media.playback_key ?? media.public_key
    return key ? { key, contentType: 'video/mp4', immutable: false } : null
  }
  if (media.public_key) {
    return { key: media.public_key, contentType: publicCopyContentType(media.public_key), immutable: false }
  }
  // Not yet backfilled: the widest rendition carries no metadata either.
  const widest = media.derivatives?.reduce<{ width: number; key: string } | null>(
    (best, d) => (best && best.width >= d.width ? best : d),
    null,
  )
  return widest ? { key: widest.key, contentType: 'image/webp', immutable: false } : null
}
