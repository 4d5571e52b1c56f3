// The public read model of a property: everything a visitor may see, prepared once per
// read-model version of that property and reused (as objects and as serialised JSON) until its
// media or sections change. Every query here carries PUBLIC_MEDIA_SQL (it can never return
// hidden or unprocessed media) and the property (it can never return another property's).
import type { Payload } from 'payload'
import { PreparedJson } from '../src/server/http/prepared-json'
import type { MediaFile, MediaStats, Section } from '../src/lib/api/types'
import { PropertyCaches, readVersion, scopedVersion } from '../src/server/cache/read-version'
import { poolOf } from '../src/server/db/pool'
import { type PropertyScope, propertyDb, raw } from '../src/server/db/property-db'
import { mapMediaFile, type MediaRecord } from '../src/server/media/map-media-file'
import { LIST_ORDER_SQL, MEDIA_JOINS, MEDIA_COLUMNS, PUBLIC_MEDIA_SQL } from '../src/server/media/media-sql'
import { sortSectionMedia } from '../src/lib/media-order'

/** A section as the API names it: `id` is its key (the spec's section id). */
export type SectionRow = { id: string; name: string; icon: string; colour: string; position: number }

export type PublicSnapshot = {
  /** The property it is of. */
  scope: PropertyScope
  /** The property's read-model version (also names the property: ETags never match across properties). */
  version: string
  sections: SectionRow[]
  /** Visible media, newest first. */
  media: MediaFile[]
  /** Visible media per section id, in the section's display order. */
  bySection: Map<string, MediaFile[]>
}

const caches = new PropertyCaches()

export async function publicSnapshot(payload: Payload, scope: PropertyScope): Promise<PublicSnapshot> {
  const version = scopedVersion(scope, await readVersion(payload, scope))
  return caches.of(scope).get(version, 'snapshot', () => buildSnapshot(payload, scope, version))
}

/** A serialised answer for the property's current version, built at most once per version. */
export async function publicJson(payload: Payload, scope: PropertyScope, key: string, build: (snapshot: PublicSnapshot) => unknown) {
  const snapshot = await publicSnapshot(payload, scope)
  const body = await caches.of(scope).get(snapshot.version, `json:${key}`, async () => new PreparedJson(build(snapshot)))
  return { version: snapshot.version, body }
}

/**
 * GET /api/sections: the sections and their visible media counts for the current version, from
 * one small counting query rather than the whole snapshot. Every open public page polls it, and
 * while analysis runs the version moves with each photo it finishes (its words are public): a
 * snapshot rebuilt for each poll would read every media record several times a second. The
 * answer equals sectionList(publicSnapshot()) of the same state.
 */
export async function publicSectionsJson(payload: Payload, scope: PropertyScope) {
  const version = scopedVersion(scope, await readVersion(payload, scope))
  const body = await caches.of(scope).get(version, 'json:sections', async () => new PreparedJson(await countSections(payload, scope)))
  return { version, body }
}

async function countSections(payload: Payload, scope: PropertyScope): Promise<Section[]> {
  const { rows } = await propertyDb(poolOf(payload), scope).query<SectionRow & { count: number }>`
    SELECT s.key AS id, s.name, s.icon, s.colour, s.position::float8 AS position,
           (SELECT count(*) FROM media m WHERE m.section_id = s.id AND ${raw(PUBLIC_MEDIA_SQL)})::int AS count
      FROM gallery_sections s WHERE s.property_id = ${scope} ORDER BY s.position, s.key`
  return rows.map(({ id, name, icon, colour, count }) => ({ id, name, icon, colour, count }))
}

async function buildSnapshot(payload: Payload, scope: PropertyScope, version: string): Promise<PublicSnapshot> {
  const db = propertyDb(poolOf(payload), scope)
  const [sections, media] = await Promise.all([
    db.query<SectionRow>`
      SELECT key AS id, name, icon, colour, position::float8 AS position FROM gallery_sections
       WHERE property_id = ${scope} ORDER BY position, key`,
    db.query<MediaRecord>`
      SELECT ${raw(MEDIA_COLUMNS)} FROM media m ${raw(MEDIA_JOINS)}
       WHERE m.property_id = ${scope} AND ${raw(PUBLIC_MEDIA_SQL)} ORDER BY ${raw(LIST_ORDER_SQL)}`,
  ])
  const files = media.rows.map((row) => mapMediaFile(row))
  const bySection = new Map<string, MediaFile[]>(sections.rows.map((section) => [section.id, []]))
  for (const file of files) if (file.section) bySection.get(file.section)?.push(file)
  for (const [id, list] of bySection) bySection.set(id, sortSectionMedia(list))
  return { scope, version, sections: sections.rows, media: files, bySection }
}

export function sectionList(snapshot: PublicSnapshot): Section[] {
  return snapshot.sections.map((section) => ({
    id: section.id,
    name: section.name,
    icon: section.icon,
    colour: section.colour,
    count: snapshot.bySection.get(section.id)?.length ?? 0,
  }))
}

export function statsOf(media: MediaFile[], avgLoadTime: number): MediaStats {
  const optimized = media.filter((file) => file.isOptimized === 'true')
  const avgOptimization = optimized.length
    ? optimized.reduce((sum, file) => sum + file.compressionRatio, 0) / optimized.length
    : 0
  return {
    totalFiles: media.length,
    imageCount: media.filter((file) => file.fileType === 'image').length,
    videoCount: media.filter((file) => file.fileType === 'video').length,
    avgOptimization: Math.round(avgOptimization * 10) / 10,
    avgLoadTime,
    // The originals' bytes, each file once (DECISIONS.md "Total Size": renditions and posters are not counted).
    totalSize: media.reduce((sum, file) => sum + file.fileSize, 0),
  }
}
