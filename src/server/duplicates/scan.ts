// The duplicate scan (spec §4 Duplicate scan; ARCHITECTURE §8) as a job: one scan runs at a
// time (a partial unique index on running scans), its progress is the engine's real count
// of files examined, and the groups it found replace the previous ones in one transaction.
// Idempotent: a re-run of a scan's job (a worker killed mid-scan) computes the same groups,
// and a scan that is no longer running (finished, or given up as abandoned) writes nothing.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { pausePoint } from '../media/pause-points'
import { findDuplicateGroupsAsync, type FoundGroup, type ScanRow } from './find-groups'
import { DUPLICATE_SCAN_TASK } from './scan-task'

export type ScanStatus = {
  scanId: string
  status: 'running' | 'done' | 'failed'
  /** Files examined and files to examine (the engine's own count). */
  processed: number
  total: number
  /** 0–100, from processed/total; 100 only when done. */
  progress: number
  duplicateGroups: number | null
  error: string | null
}

type ScanRecord = {
  id: string
  status: ScanStatus['status']
  processed: number
  total: number
  duplicate_groups: number | null
  error: string | null
}

/** A running scan whose row nobody touched for this long lost its job (its worker and retries are gone). */
const ABANDONED_AFTER_S = 5 * 60
/** Progress is written at most this often: it doubles as the scan's heartbeat. */
const PROGRESS_WRITE_MS = 250

function statusOf(record: ScanRecord): ScanStatus {
  const done = record.status === 'done'
  return {
    scanId: record.id,
    status: record.status,
    processed: record.processed,
    total: record.total,
    progress: done ? 100 : record.total > 0 ? Math.min(99, Math.floor((100 * record.processed) / record.total)) : 0,
    duplicateGroups: record.duplicate_groups,
    error: record.error,
  }
}

const SCAN_COLUMNS = 'id::text AS id, status, processed, total, duplicate_groups, error'

export async function scanStatus(payload: Payload, scanId: string): Promise<ScanStatus | null> {
  const { rows } = await poolOf(payload).query<ScanRecord>(`SELECT ${SCAN_COLUMNS} FROM duplicate_scans WHERE id = $1`, [scanId])
  return rows[0] ? statusOf(rows[0]) : null
}

/** The latest scan, running or not; null before the first. */
export async function latestScan(payload: Payload): Promise<ScanStatus | null> {
  const { rows } = await poolOf(payload).query<ScanRecord>(
    `SELECT ${SCAN_COLUMNS} FROM duplicate_scans ORDER BY (status = 'running') DESC, started_at DESC LIMIT 1`,
  )
  return rows[0] ? statusOf(rows[0]) : null
}

/**
 * Starts a scan and queues its job, or answers the scan already running (two managers, two
 * tabs, a double click: one scan runs). A running scan untouched for ABANDONED_AFTER_S is
 * marked failed first, so a lost job never blocks scanning for good.
 */
export async function startScan(payload: Payload): Promise<{ scan: ScanStatus; started: boolean }> {
  const pool = poolOf(payload)
  await pool.query(
    `UPDATE duplicate_scans SET status = 'failed', error = 'The scan stopped answering and was given up.', finished_at = now()
      WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1)`,
    [ABANDONED_AFTER_S],
  )
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const inserted = await client.query<ScanRecord>(
      `INSERT INTO duplicate_scans (status) VALUES ('running') ON CONFLICT DO NOTHING RETURNING ${SCAN_COLUMNS}`,
    )
    if (!inserted.rows[0]) {
      await client.query('ROLLBACK')
      const running = await latestScan(payload)
      if (running?.status === 'running') return { scan: running, started: false }
      // The running scan finished between the insert and the read: start again.
      return startScan(payload)
    }
    const scan = statusOf(inserted.rows[0])
    // The job row is written in the same transaction: a scan row never exists without its job.
    await client.query(
      `INSERT INTO payload_jobs (task_slug, input, queue, total_tried, created_at, updated_at)
       VALUES ($1, $2::jsonb, 'default', 0, now(), now())`,
      [DUPLICATE_SCAN_TASK, JSON.stringify({ scanId: scan.scanId })],
    )
    await client.query('COMMIT')
    return { scan, started: true }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

type MediaScanRecord = {
  id: string
  fileType: 'image' | 'video'
  size: number | null
  width: number | null
  height: number | null
  uploadedAt: string | null
  originalFilename: string
  sha256: string | null
  perceptualHash: string | null
  cropHashes: unknown
  mirrorHash: string | null
  regionHashes: unknown
  embedding: unknown
}

/** What the engine needs of every processed media file (hidden ones included: they are the manager's). */
export async function loadScanRows(payload: Payload): Promise<ScanRow[]> {
  // to_jsonb reads the embedding whether the column is jsonb or real[].
  const { rows } = await poolOf(payload).query<MediaScanRecord>(`
    SELECT id::text AS id, file_type::text AS "fileType",
           COALESCE(original_file_size, filesize)::float8 AS size,
           width::float8 AS width, height::float8 AS height,
           to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "uploadedAt",
           original_filename AS "originalFilename", sha256, perceptual_hash AS "perceptualHash",
           crop_hashes AS "cropHashes", mirror_hash AS "mirrorHash", region_hashes AS "regionHashes",
           to_jsonb(embedding) AS embedding
      FROM media WHERE status = 'ready' ORDER BY uploaded_at, id`)
  return rows.map((row) => ({
    ...row,
    cropHashes: stringsOf(row.cropHashes),
    regionHashes: stringsOf(row.regionHashes),
    embedding:
      Array.isArray(row.embedding) && row.embedding.every((value) => typeof value === 'number') ? (row.embedding as number[]) : null,
  }))
}

const stringsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null

/** The scan job's work: find the groups with real progress, then replace the stored groups. */
export async function runScan(payload: Payload, scanId: string): Promise<void> {
  const pool = poolOf(payload)
  const current = await scanStatus(payload, scanId)
  if (current?.status !== 'running') return

  const rows = await loadScanRows(payload)
  await pool.query(`UPDATE duplicate_scans SET processed = 0, total = $2, updated_at = now() WHERE id = $1 AND status = 'running'`, [
    scanId,
    rows.length,
  ])
  let lastWrite = Date.now()
  const groups = await findDuplicateGroupsAsync(rows, async ({ done, total }) => {
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return
    lastWrite = Date.now()
    // Progress in files: the engine's total counts each file's probes once.
    const processed = total > 0 ? Math.round((done / total) * rows.length) : 0
    await pool.query(`UPDATE duplicate_scans SET processed = $2, updated_at = now() WHERE id = $1 AND status = 'running'`, [
      scanId,
      processed,
    ])
  })
  await pausePoint('scan:before-results')

  await saveScanGroups(payload, scanId, groups)
}

/**
 * Replaces the kept groups with a scan's, and marks the scan done, in one transaction; only
 * while the scan is still running. Files deleted since the scan read them are left out, and a
 * group left with fewer than two files is not kept.
 */
export async function saveScanGroups(payload: Payload, scanId: string, groups: FoundGroup[]): Promise<void> {
  const pool = poolOf(payload)
  const groupRows = groups.map((group) => ({ id: crypto.randomUUID(), confidence: group.confidence, reason: group.reason }))
  const memberRows = groups.flatMap((group, index) =>
    group.memberIds.map((mediaId, position) => ({ group_id: groupRows[index].id, media_id: mediaId, position })),
  )
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    // Only the scan that is still running may write; its row is locked until the groups are in.
    const mine = await client.query(`SELECT 1 FROM duplicate_scans WHERE id = $1 AND status = 'running' FOR UPDATE`, [scanId])
    if (!mine.rowCount) {
      await client.query('ROLLBACK')
      return
    }
    await client.query('DELETE FROM duplicate_groups')
    await client.query(
      `INSERT INTO duplicate_groups (id, scan_id, confidence, reason)
       SELECT x.id::uuid, $2::uuid, x.confidence, x.reason FROM jsonb_to_recordset($1::jsonb) AS x(id text, confidence int, reason text)`,
      [JSON.stringify(groupRows), scanId],
    )
    // A file deleted while the scan ran is simply left out (the join), never an error.
    await client.query(
      `INSERT INTO duplicate_group_members (group_id, media_id, position)
       SELECT x.group_id::uuid, m.id, x.position
         FROM jsonb_to_recordset($1::jsonb) AS x(group_id text, media_id text, position int)
         JOIN media m ON m.id = x.media_id::uuid`,
      [JSON.stringify(memberRows)],
    )
    await client.query(
      `DELETE FROM duplicate_groups g WHERE (SELECT count(*) FROM duplicate_group_members m WHERE m.group_id = g.id) < 2`,
    )
    await client.query(
      `UPDATE duplicate_scans SET status = 'done', processed = total, finished_at = now(), updated_at = now(),
              duplicate_groups = (SELECT count(*) FROM duplicate_groups)
        WHERE id = $1`,
      [scanId],
    )
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

export async function markScanFailed(payload: Payload, scanId: string, message: string): Promise<void> {
  await poolOf(payload).query(
    `UPDATE duplicate_scans SET status = 'failed', error = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'running'`,
    [scanId, message.slice(0, 500)],
  )
}
