// GET /api/duplicates: the groups the last scan kept, each with its files (best first) in
// the manager's MediaFile shape. Members reference their media rows, so a deleted file is
// already gone from its group and a group left with one file is gone altogether. Only the
// property's groups and files are read.
import type { Payload } from 'payload'
import type { DuplicateGroup } from '../../lib/api/types'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { mapMediaFile, type MediaRecord } from '../media/map-media-file'
import { ADMIN_COLUMNS, MEDIA_JOINS } from '../media/media-sql'

type GroupRow = { id: string; confidence: number; reason: string; members: string[] }

export async function listDuplicateGroups(payload: Payload, scope: PropertyScope): Promise<DuplicateGroup[]> {
  const db = propertyDb(poolOf(payload), scope)
  const { rows: groups } = await db.query<GroupRow>`
    SELECT g.id::text AS id, g.confidence, g.reason,
           array_agg(m.media_id::text ORDER BY m.position) AS members
      FROM duplicate_groups g JOIN duplicate_group_members m ON m.group_id = g.id
     WHERE g.property_id = ${scope}
     GROUP BY g.id HAVING count(*) > 1
     ORDER BY g.confidence DESC, g.created_at, g.id`
  if (!groups.length) return []
  const ids = groups.flatMap((group) => group.members)
  const { rows: media } = await db.query<MediaRecord>`
    SELECT ${raw(ADMIN_COLUMNS)} FROM media m ${raw(MEDIA_JOINS)} WHERE m.id = ANY(${ids}::uuid[]) AND m.property_id = ${scope}`
  const byId = new Map(media.map((record) => [String(record.id), mapMediaFile(record, { forAdmin: true })]))
  return groups.map((group) => ({
    id: group.id,
    confidence: group.confidence,
    duplicateReason: group.reason,
    files: group.members.flatMap((id) => byId.get(id) ?? []),
  }))
}
