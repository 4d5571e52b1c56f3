// The photos a listing channel gets from a property: its public photos (visible and ready,
// the one visibility rule) in tour order — sections in the manager's order, each section's
// photos grouped by room as the public pages show them — narrowed to the manager's choice for
// the channel and led by the channel's cover. Readiness checks this set; an export writes it.
import type { Pool } from 'pg'
import type { MediaFile } from '../../lib/api/types'
import type { Channel } from '../../lib/listing-rules'
import { sortSectionMedia } from '../../lib/media-order'
import { groupByRoom } from '../../lib/rooms'
import { roomTypeOf, type RoomType } from '../../lib/room-types'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { mapMediaFile, type MediaRecord } from '../media/map-media-file'
import { ADMIN_COLUMNS, MEDIA_JOINS, PUBLIC_MEDIA_SQL } from '../media/media-sql'
import { readChannelChoice, type ChannelChoice } from './choices'

/** A photo going to a channel: its manager's answer, its room type, and the object an export reads. */
export type ChannelPhoto = MediaFile & { roomType: RoomType | null; sourceKey: string }

export type ChannelPhotos = {
  photos: ChannelPhoto[]
  /** Every room the property names on any photo, hidden ones too, with those photos. */
  rooms: Array<{ name: string; mediaIds: string[] }>
  /** The duplicate engine's open groups, ids best first. */
  duplicateGroups: string[][]
  choice: ChannelChoice
  /** 360° panoramas left out because the manager did not choose them (photos or cover). */
  panoramasLeftOut: string[]
}

type Row = MediaRecord & { sectionPosition: number; sourceKey: string | null }

export async function channelPhotos(
  pool: Pool,
  scope: PropertyScope,
  channel: Channel,
  { sectionKeys }: { sectionKeys?: string[] } = {},
): Promise<ChannelPhotos> {
  const db = propertyDb(pool, scope)
  const [{ rows }, { rows: roomRows }, { rows: groupRows }, choice] = await Promise.all([
    db.query<Row>`
      SELECT ${raw(ADMIN_COLUMNS)}, sec.position::float8 AS "sectionPosition", coalesce(m.public_key, m.storage_key) AS "sourceKey"
        FROM media m ${raw(MEDIA_JOINS)}
       WHERE m.property_id = ${scope} AND ${raw(PUBLIC_MEDIA_SQL)} AND m.file_type = 'image' AND sec.key IS NOT NULL
         AND (${sectionKeys ?? null}::text[] IS NULL OR sec.key = ANY(${sectionKeys ?? null}::text[]))`,
    db.query<{ name: string; media_ids: string[] }>`
      SELECT min(btrim(room)) AS name, array_agg(id::text ORDER BY sort_order, id) AS media_ids FROM media
       WHERE property_id = ${scope} AND btrim(coalesce(room, '')) <> '' GROUP BY lower(btrim(room)) ORDER BY 1`,
    db.query<{ members: string[] }>`
      SELECT array_agg(gm.media_id::text ORDER BY gm.position) AS members
        FROM duplicate_groups g JOIN duplicate_group_members gm ON gm.group_id = g.id
       WHERE g.property_id = ${scope} GROUP BY g.id HAVING count(*) > 1`,
    readChannelChoice(pool, scope, channel),
  ])
  const bySection = new Map<string, { position: number; files: ChannelPhoto[] }>()
  for (const row of rows) {
    if (!row.sourceKey) continue
    const file = mapMediaFile(row, { forAdmin: true })
    const photo: ChannelPhoto = { ...file, qualityIssues: file.qualityIssues ?? [], roomType: roomTypeOf(file), sourceKey: row.sourceKey }
    const section = bySection.get(file.section!) ?? { position: row.sectionPosition, files: [] }
    section.files.push(photo)
    bySection.set(file.section!, section)
  }
  const tour = [...bySection.entries()]
    .sort(([aKey, a], [bKey, b]) => a.position - b.position || (aKey < bKey ? -1 : 1))
    .flatMap(([, section]) => groupByRoom(sortSectionMedia(section.files) as ChannelPhoto[]).flatMap((group) => group.files))
  const chosen = choice.mediaIds ? new Set(choice.mediaIds) : null
  // A 360° panorama is an equirectangular sphere: a channel shows it as a distorted wide photo.
  // It goes only where the manager chose it (the channel's photos, or its cover).
  const panoramasLeftOut = chosen
    ? []
    : tour.filter((photo) => photo.projection === 'equirectangular' && photo.id !== choice.coverId).map((photo) => photo.id)
  const leftOut = new Set(panoramasLeftOut)
  const photos = tour.filter((photo) => (chosen ? chosen.has(photo.id) : !leftOut.has(photo.id)))
  const cover = choice.coverId ? photos.findIndex((photo) => photo.id === choice.coverId) : -1
  if (cover > 0) photos.unshift(...photos.splice(cover, 1))
  return {
    photos,
    rooms: roomRows.map((row) => ({ name: row.name, mediaIds: row.media_ids })),
    duplicateGroups: groupRows.map((row) => row.members),
    choice,
    panoramasLeftOut,
  }
}
