// Share links (guests issue, item 2): a link made by a manager shows a section, a room or chosen
// photos of one property to whoever holds it, until it expires or is revoked. Hidden photos come
// with it only when the manager chose so, and then only through the link's own URLs
// (/s/{token}/…: the proxy's gate, src/server/http/gallery-proxy.ts, and media-public/object-routes.ts): the public routes never serve them.
// The token is 32 random bytes: the link is the secret, as with any "anyone with the link" share.
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import type { LiveShareLink, MediaFile } from '../../lib/api/types'
import type { CreateShareLinkInput } from '../../lib/schemas/share-links'
import { poolOf } from '../db/pool'
import { propertyDb, raw, type PropertyScope } from '../db/property-db'
import { badRequest, notFound } from '../http/errors'
import { mapMediaFile, type MediaRecord } from '../media/map-media-file'
import { ADMIN_COLUMNS, MEDIA_JOINS } from '../media/media-sql'

/** The pseudo-section of the hidden photos (spec §3): shared only with includeHidden. */
const HIDDEN = 'hidden'

/** A link as the server keeps it: the answer's fields but its URL, and the token the URL is made of. */
export type ShareLink = Omit<LiveShareLink, 'url'> & { token: string }

type Row = {
  id: string
  token: string
  section_key: string | null
  room: string | null
  media_ids: string[] | null
  include_hidden: boolean
  expires_at: Date
  revoked_at: Date | null
  created_at: Date
  opens: number
  property_id: string
}

const LINK_COLUMNS = raw(
  `id::text AS id, token, section_key, room, media_ids::text[] AS media_ids, include_hidden, expires_at, revoked_at, created_at, opens, property_id::text AS property_id`,
)

const linkOf = (row: Row): ShareLink => ({
  id: row.id,
  token: row.token,
  sectionId: row.section_key,
  room: row.room,
  mediaIds: row.media_ids,
  includeHidden: row.include_hidden,
  expiresAt: row.expires_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  opens: row.opens,
})

/** A new link's token: 32 random bytes, URL-safe. */
export const newShareToken = () => randomBytes(32).toString('base64url')

export async function createShareLink(
  payload: Payload,
  scope: PropertyScope,
  { input, expiresAt, createdBy }: { input: CreateShareLinkInput; expiresAt: Date; createdBy: string | null },
): Promise<ShareLink> {
  const db = propertyDb(poolOf(payload), scope)
  const includeHidden = input.includeHidden ?? false
  const sectionKey = input.sectionId ?? null
  if (sectionKey === HIDDEN && !includeHidden) throw badRequest('Sharing the hidden photos needs includeHidden: true.')
  if (sectionKey !== null && sectionKey !== HIDDEN) {
    const { rows } = await db.query`SELECT 1 FROM gallery_sections WHERE property_id = ${scope} AND key = ${sectionKey}`
    if (!rows.length) throw notFound(`There is no section "${sectionKey}".`)
  }
  const mediaIds = input.mediaIds ? [...new Set(input.mediaIds.map((id) => id.toLowerCase()))] : null
  if (mediaIds) {
    // Every photo named must be this property's: another property's id is no photo here.
    const { rows } = await db.query<{ id: string }>`
      SELECT id::text AS id FROM media WHERE property_id = ${scope} AND id = ANY(${mediaIds}::uuid[])`
    const found = new Set(rows.map((row) => row.id))
    const missing = mediaIds.filter((id) => !found.has(id))
    if (missing.length) throw notFound(`No media file ${missing[0]}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''} in this property.`)
  }
  const token = newShareToken()
  const { rows } = await db.query<Row>`
    INSERT INTO share_links (property_id, token, section_key, room, media_ids, include_hidden, expires_at, created_by_id)
    VALUES (${scope}, ${token}, ${sectionKey}, ${input.room ?? null}, ${mediaIds}::uuid[], ${includeHidden}, ${expiresAt}, ${createdBy})
    RETURNING ${LINK_COLUMNS}`
  return linkOf(rows[0])
}

/** The property's links that still work, soonest to expire first. */
export async function liveShareLinks(payload: Payload, scope: PropertyScope): Promise<ShareLink[]> {
  const { rows } = await propertyDb(poolOf(payload), scope).query<Row>`
    SELECT ${LINK_COLUMNS} FROM share_links
     WHERE property_id = ${scope} AND revoked_at IS NULL AND expires_at > now()
     ORDER BY expires_at, id`
  return rows.map(linkOf)
}

/** Revokes one of the property's links; false when it has no such link (another property's included). */
export async function revokeShareLink(payload: Payload, scope: PropertyScope, id: string): Promise<boolean> {
  const { rowCount } = await propertyDb(poolOf(payload), scope).query`
    UPDATE share_links SET revoked_at = coalesce(revoked_at, now()) WHERE property_id = ${scope} AND id = ${id}`
  return Boolean(rowCount)
}

type EndedLink = { state: 'missing' } | { state: 'expired' | 'revoked'; link: ShareLink }
export type FoundLink = EndedLink | { state: 'live'; link: ShareLink }
export type OpenedLink = EndedLink | { state: 'live'; link: ShareLink; media: MediaFile[] }

/** The link a token names within the property the request addresses, and whether it still works. */
export async function findShareLink(payload: Payload, scope: PropertyScope, token: string): Promise<FoundLink> {
  const { rows } = await propertyDb(poolOf(payload), scope).query<Row>`
    SELECT ${LINK_COLUMNS} FROM share_links WHERE property_id = ${scope} AND token = ${token}`
  const row = rows[0]
  if (!row) return { state: 'missing' }
  const link = linkOf(row)
  if (row.revoked_at) return { state: 'revoked', link }
  return { state: row.expires_at.getTime() <= Date.now() ? 'expired' : 'live', link }
}

/**
 * A live link's photos: ready ones only, hidden ones only when the link includes them, in tour
 * order. `filename`: only that one (a request for one of its files), none if the link does not show it.
 */
export async function sharedMedia(
  payload: Payload,
  scope: PropertyScope,
  link: ShareLink,
  { filename = null }: { filename?: string | null } = {},
): Promise<MediaFile[]> {
  const hiddenOnly = link.sectionId === HIDDEN
  const sectionKey = hiddenOnly ? null : link.sectionId
  const { rows } = await propertyDb(poolOf(payload), scope).query<MediaRecord>`
    SELECT ${raw(ADMIN_COLUMNS)} FROM media m ${raw(MEDIA_JOINS)}
     WHERE m.property_id = ${scope} AND m.status = 'ready'
       AND (${link.includeHidden}::boolean OR m.is_hidden IS NOT TRUE)
       AND (${hiddenOnly}::boolean IS NOT TRUE OR m.is_hidden IS TRUE)
       AND (${sectionKey}::text IS NULL OR sec.key = ${sectionKey})
       AND (${link.room}::text IS NULL OR m.room = ${link.room})
       AND (${link.mediaIds}::uuid[] IS NULL OR m.id = ANY(${link.mediaIds}::uuid[]))
       AND (${filename}::text IS NULL OR m.filename = ${filename})
     ORDER BY sec.position NULLS LAST, m.sort_order NULLS LAST, m.uploaded_at, m.id`
  return rows.map((record) => mapMediaFile(record))
}

/** The link a token names, with its photos when it is live (the link's page). */
export async function openShareLink(payload: Payload, scope: PropertyScope, token: string): Promise<OpenedLink> {
  const found = await findShareLink(payload, scope, token)
  return found.state === 'live' ? { ...found, media: await sharedMedia(payload, scope, found.link) } : found
}

/** Counts an opening of a live link's page (the admin lists how often each was opened). */
export async function countShareLinkOpen(payload: Payload, scope: PropertyScope, id: string): Promise<void> {
  await propertyDb(poolOf(payload), scope).query`UPDATE share_links SET opens = opens + 1 WHERE property_id = ${scope} AND id = ${id}`
}
