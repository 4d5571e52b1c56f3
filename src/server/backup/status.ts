// The Backup panel's status (spec §3): a real database round trip, whether the scheduler
// has ticked on some instance lately (its heartbeat row), the media count and the time of
// the last complete backup. Also the list of kept backups.
import type { Pool } from 'pg'
import { SCHEDULER_HEARTBEAT_STALE_MS } from './schedule'

export type BackupStatus = {
  databaseConnected: boolean
  backupSystemActive: boolean
  mediaFilesCount: number
  lastBackupTime: string | null
}

export async function backupStatus(pool: Pool): Promise<BackupStatus> {
  try {
    const { rows } = await pool.query<{ media: string; last: Date | null; active: boolean }>(
      `SELECT (SELECT count(*) FROM media)::text AS media,
              (SELECT max(completed_at) FROM backups WHERE status = 'complete') AS last,
              coalesce((SELECT beat_at > now() - make_interval(secs => $1) FROM backup_scheduler_heartbeat WHERE id = 1), false) AS active`,
      [SCHEDULER_HEARTBEAT_STALE_MS / 1000],
    )
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

/** Kept backups, newest first (only complete ones: an interrupted or failed one is never listed). */
export async function listBackups(pool: Pool): Promise<BackupListItem[]> {
  const { rows } = await pool.query<{
    id: string
    file: string
    kind: string
    completed_at: Date
    media_count: number
    section_count: number
    object_count: number
    bytes: string
    sha256: string
  }>(
    `SELECT id, file, kind, completed_at, media_count, section_count, object_count, bytes::text AS bytes, sha256
       FROM backups WHERE status = 'complete' ORDER BY completed_at DESC`,
  )
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

/** One kept backup's object key and name, for download; null when there is none. */
export async function findBackup(pool: Pool, id: string) {
  const { rows } = await pool.query<{ file: string; object_key: string; bytes: string }>(
    `SELECT file, object_key, bytes::text AS bytes FROM backups WHERE status = 'complete' AND id = $1`,
    [id],
  )
  return rows[0] ?? null
}
