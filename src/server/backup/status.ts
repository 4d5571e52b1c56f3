// The Backup panel's status (spec §3): a real database round trip, whether the scheduler
// has ticked on some instance lately (its heartbeat row), the media count and the time of
// the last complete backup. Also the list of kept backups. All of one property: its media,
// its backups (another property's backup is not found, as an unknown id is not).
import type { Pool } from 'pg'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { SCHEDULER_HEARTBEAT_STALE_MS } from './schedule'

export type BackupStatus = {
  databaseConnected: boolean
  backupSystemActive: boolean
  mediaFilesCount: number
  lastBackupTime: string | null
}

export async function backupStatus(pool: Pool, scope: PropertyScope): Promise<BackupStatus> {
  try {
    const { rows } = await propertyDb(pool, scope).query<{ media: string; last: Date | null; active: boolean }>`
      SELECT (SELECT count(*) FROM media WHERE property_id = ${scope})::text AS media,
             (SELECT max(completed_at) FROM backups WHERE status = 'complete' AND property_id = ${scope}) AS last,
             coalesce((SELECT beat_at > now() - make_interval(secs => ${SCHEDULER_HEARTBEAT_STALE_MS / 1000})
                         FROM backup_scheduler_heartbeat WHERE id = 1), false) AS active`
    const row = rows[0]
    return {
      databaseConnected: true,
      backupSystemActive: row.active,
      mediaFilesCount: Number(row.media),
      lastBackupTime: row.last ? row.last.toISOString() : null,
    }
  } catch {
    return { databaseConnected: false, backupSystemActive: false, mediaFilesCount: 0, lastBackupTime: null }
  }
}

export type BackupListItem = {
  id: string
  file: string
  kind: string
  createdAt: string
  mediaCount: number
  sectionCount: number
  objectCount: number
  bytes: number
  sha256: string
}

/** The property's kept backups, newest first (only complete ones: an interrupted or failed one is never listed). */
export async function listBackups(pool: Pool, scope: PropertyScope): Promise<BackupListItem[]> {
  const { rows } = await propertyDb(pool, scope).query<{
    id: string
    file: string
    kind: string
    completed_at: Date
    media_count: number
    section_count: number
    object_count: number
    bytes: string
    sha256: string
  }>`
    SELECT id, file, kind, completed_at, media_count, section_count, object_count, bytes::text AS bytes, sha256
      FROM backups WHERE status = 'complete' AND property_id = ${scope} ORDER BY completed_at DESC`
  return rows.map((row) => ({
    id: row.id,
    file: row.file,
    kind: row.kind,
    createdAt: row.completed_at.toISOString(),
    mediaCount: row.media_count,
    sectionCount: row.section_count,
    objectCount: row.object_count,
    bytes: Number(row.bytes),
    sha256: row.sha256,
  }))
}

/** One of the property's kept backups' object key and name, for download; null when there is none. */
export async function findBackup(pool: Pool, scope: PropertyScope, id: string) {
  const { rows } = await propertyDb(pool, scope).query<{ file: string; object_key: string; bytes: string }>`
    SELECT file, object_key, bytes::text AS bytes FROM backups WHERE status = 'complete' AND id = ${id} AND property_id = ${scope}`
  return rows[0] ?? null
}
