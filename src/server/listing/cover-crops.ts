// A listing channel's cover crops (Airbnb shows the cover 1:1 in search results and 16:9 on the
// listing page): the frame of each, as the manager set it by dragging it in the readiness panel,
// or else a content-aware one (sharp's `attention` strategy: the region with the most luminance
// detail, saturated colour and skin tones), shown as such. Export packs write each crop.
//
// The manager's frames are kept with the photo and edit version they were set on
// (listing_channels.cover_crops): another cover, or the same photo edited again, gets the
// content-aware frames until the manager frames it anew — a frame set on other pixels would be off.
import type { Pool } from 'pg'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import { LISTING_RULES, type Channel } from '../../lib/listing-rules'
import type { CoverCrop, Frame } from '../../lib/schemas/listing'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { badRequest, notFound } from '../http/errors'
import { PUBLIC_MEDIA_SQL } from '../media/visibility'
import { readObject } from '../storage/read-object'


type Stored = { mediaId: string; editVersion: number; crops: Record<string, Frame> }

/** Content-aware frames found, by photo, edit version and shape: readiness is read at every change of the list. */
const contentFrames = new LRUCache<string, Frame>({ max: 2_000 })

/** The rendition the content-aware frame is found on: the narrowest at least this wide. */
const ATTENTION_WIDTH = 800
/** A manager's frame may differ from its crop's shape by this much (rounding of a dragged frame). */
const SHAPE_TOLERANCE = 0.02

type CoverRow = { version: number; width: number | null; height: number | null; derivatives: Array<{ width: number; key: string }> | null }

async function coverRow(pool: Pool, scope: PropertyScope, mediaId: string, { visible = false } = {}): Promise<CoverRow | null> {
  const { rows } = await propertyDb(pool, scope).query<CoverRow>`
    SELECT COALESCE(m.rendered_edit_version, 0)::int AS version, m.width::float8 AS width, m.height::float8 AS height, m.derivatives
      FROM media m WHERE m.id = ${mediaId}::uuid AND m.property_id = ${scope} AND m.file_type = 'image'
       AND (${!visible} OR ${raw(PUBLIC_MEDIA_SQL)})`
  return rows[0] ?? null
}

async function readStored(pool: Pool, scope: PropertyScope, channel: Channel): Promise<Stored | null> {
  const { rows } = await propertyDb(pool, scope).query<{ cover_crops: Stored | null }>`
    SELECT cover_crops FROM listing_channels WHERE property_id = ${scope} AND channel = ${channel}`
  return rows[0]?.cover_crops ?? null
}

/** The channel's cover crops of this cover photo: the manager's frames where set on it as it is now, else content-aware ones. */
export async function coverCropsOf(pool: Pool, scope: PropertyScope, channel: Channel, mediaId: string): Promise<CoverCrop[]> {
  const crops = LISTING_RULES[channel].coverCrops?.crops ?? []
  if (!crops.length) return []
  const [row, stored] = await Promise.all([coverRow(pool, scope, mediaId), readStored(pool, scope, channel)])
  if (!row) return []
  const own = stored && stored.mediaId === mediaId && stored.editVersion === row.version ? stored.crops : {}
  let rendition: Promise<Buffer | null> | null = null
  return Promise.all(
    crops.map(async (crop): Promise<CoverCrop> => {
      const set = own[crop.name]
      if (set) return { ...crop, frame: set, source: 'manager' }
      // A photo's renditions never change for an edit version: its content-aware frames neither.
      const key = `${mediaId}:${row.version}:${crop.ratio}`
      let frame = contentFrames.get(key)
      if (!frame) {
        rendition ??= readRendition(row)
        const bytes = await rendition
        if (!bytes) return { ...crop, frame: centredFrame(row, crop.ratio), source: 'content-aware' }
        frame = await attentionFrame(bytes, crop.ratio)
        contentFrames.set(key, frame)
      }
      return { ...crop, frame, source: 'content-aware' }
    }),
  )
}

/** Saves the manager's frames of a cover photo (null: back to the content-aware frame); answers the crops as they now are. */
export async function writeCoverCrops(
  pool: Pool,
  scope: PropertyScope,
  channel: Channel,
  { mediaId, crops }: { mediaId: string; crops: Record<string, Frame | null> },
): Promise<CoverCrop[]> {
  const shapes = new Map((LISTING_RULES[channel].coverCrops?.crops ?? []).map((crop) => [crop.name, crop.ratio]))
  const row = await coverRow(pool, scope, mediaId, { visible: true })
  if (!row) throw notFound(`No visible photo ${mediaId} in this property.`)
  for (const [name, frame] of Object.entries(crops)) {
    const ratio = shapes.get(name)
    if (ratio === undefined) {
      const known = [...shapes.keys()]
      throw badRequest('The crops are invalid.', [
        { path: `crops.${name}`, message: known.length ? `${LISTING_RULES[channel].name} crops its cover ${known.join(' and ')} only.` : `${LISTING_RULES[channel].name} does not crop its cover.` },
      ])
    }
    if (frame && row.width && row.height) {
      const shape = (frame.width * row.width) / (frame.height * row.height)
      if (Math.abs(shape / ratio - 1) > SHAPE_TOLERANCE) {
        throw badRequest('The crops are invalid.', [{ path: `crops.${name}`, message: `The ${name} frame must have the shape ${name}.` }])
      }
    }
  }
  // One statement: the frames given join those already set on this photo and version (two managers
  // framing two crops at once keep both); on another photo or version they start afresh. A null
  // frame removes its crop's (jsonb_strip_nulls).
  const id = mediaId.toLowerCase()
  const given = JSON.stringify(crops)
  await propertyDb(pool, scope).query`
    INSERT INTO listing_channels (property_id, channel, cover_crops, updated_at)
    VALUES (${scope}, ${channel}, jsonb_build_object('mediaId', ${id}::text, 'editVersion', ${row.version}::int, 'crops', jsonb_strip_nulls(${given}::jsonb)), now())
    ON CONFLICT (property_id, channel) DO UPDATE SET
      cover_crops = jsonb_build_object('mediaId', ${id}::text, 'editVersion', ${row.version}::int, 'crops', jsonb_strip_nulls(
        CASE WHEN listing_channels.cover_crops->>'mediaId' = ${id}::text AND (listing_channels.cover_crops->>'editVersion')::int = ${row.version}::int
             THEN COALESCE(listing_channels.cover_crops->'crops', '{}'::jsonb) ELSE '{}'::jsonb END || ${given}::jsonb)),
      updated_at = now()`
  return coverCropsOf(pool, scope, channel, id)
}

async function readRendition(row: CoverRow): Promise<Buffer | null> {
  const renditions = [...(row.derivatives ?? [])].sort((a, b) => a.width - b.width)
  const chosen = renditions.find((rendition) => rendition.width >= ATTENTION_WIDTH) ?? renditions.at(-1)
  return chosen ? readObject({ key: chosen.key }) : null
}

/** The largest frame of `ratio` in the picture, where sharp's attention strategy puts it. */
export async function attentionFrame(picture: Buffer, ratio: number): Promise<Frame> {
  const { width = 1, height = 1 } = await sharp(picture).metadata()
  const frameWidth = ratio >= width / height ? width : Math.max(1, Math.round(height * ratio))
  const frameHeight = ratio >= width / height ? Math.max(1, Math.round(width / ratio)) : height
  const { info } = await sharp(picture)
    .resize(frameWidth, frameHeight, { fit: 'cover', position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true })
  // sharp answers where the frame starts as negative offsets.
  const left = -(info.cropOffsetLeft ?? 0)
  const top = -(info.cropOffsetTop ?? 0)
  return { x: left / width, y: top / height, width: frameWidth / width, height: frameHeight / height }
}

/** A centred frame, when no rendition can be read. */
function centredFrame(row: CoverRow, ratio: number): Frame {
  const shape = row.width && row.height ? row.width / row.height : ratio
  const width = ratio >= shape ? 1 : ratio / shape
  const height = ratio >= shape ? shape / ratio : 1
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height }
}
