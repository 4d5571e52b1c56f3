// The duplicate scan (spec §4 Duplicate scan; docs/architecture.md §9) as a run (src/server/runs):
// one scan runs at a time (a second start joins it), its progress is the engine's real count
// of files examined, and the groups it found replace the previous ones in one transaction.
// A scan belongs to its run's property: it examines that property's media only, and replaces
// that property's groups only (another property's groups stay as they are).
// Idempotent: a re-run of a scan's job (a worker killed mid-scan) computes the same groups,
// and a scan that is no longer running (finished, or given up as abandoned) writes nothing.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { DuplicateScanStatus } from '../../lib/api/types'
import { runPercent } from '../../lib/run-progress'
import { checkpointsOf } from '../checkpoints'
import { poolOf, withPoolTransaction } from '../db/pool'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { propertyScopeById } from '../properties/default-property'
import { failRun, finishRun, recordProgress } from '../runs/record-run'
import { findRun, latestRuns, type RunRecord } from '../runs/run'
import { startOrJoinRun } from '../runs/start-or-join-run'
import { findDuplicateGroupsAsync, type FoundGroup, type ScanRow } from './find-groups'
import { DUPLICATE_SCAN_TASK } from './scan-task'

export type ScanStatus = DuplicateScanStatus

/** Progress is written at most this often. */
const PROGRESS_WRITE_MS = 250

/** The dialog's view of a scan run: files examined, a percentage (100 only when done), the groups found. */
export function statusOf(run: RunRecord): ScanStatus {
  const groups = run.result?.duplicateGroups
  return {
    runId: run.id,
    status: run.status,
    processed: run.done,
    total: run.total,
    progress: runPercent(run),
    duplicateGroups: typeof groups === 'number' ? groups : null,
    error: run.error,
  }
}

/** The latest scan, running or not; null before the first. */
export async function latestScan(payload: Payload, propertyId: string): Promise<ScanStatus | null> {
  const [run] = await latestRuns(poolOf(payload), 'duplicates', propertyId, 1, { checkAbandoned: true })
  return run ? statusOf(run) : null
}

/** Starts a scan and queues its job, or answers the scan already running (two managers, two tabs, a double click: one scan runs). */
export async function startScan(
  payload: Payload,
  { propertyId, startedBy = null }: { propertyId: string; startedBy?: string | null },
): Promise<{ run: RunRecord; scan: ScanStatus; started: boolean }> {
  const started = await startOrJoinRun(poolOf(payload), {
    kind: 'duplicates',
    propertyId,
    startedBy,
    queue: async (client, runId) => {
      await client.query(
        `INSERT INTO payload_jobs (task_slug, input, queue, total_tried, created_at, updated_at)
         VALUES ($1, $2::jsonb, 'default', 0, now(), now())`,
        [DUPLICATE_SCAN_TASK, JSON.stringify({ runId })],
      )
      return 0
    },
  })
  // A scan always has work to queue (its one job), so a run is always started or joined.
  const { run, joined } = started!
  return { run, scan: statusOf(run), started: !joined }
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

/** What the engine needs of every processed media file of the property (hidden ones included: they are the manager's). */
export async function loadScanRows(payload: Payload, scope: PropertyScope): Promise<ScanRow[]> {
  // to_jsonb reads the embedding whether the column is jsonb or real[].
  const { rows } = await propertyDb(poolOf(payload), scope).query<MediaScanRecord>`
    SELECT id::text AS id, file_type::text AS "fileType",
           COALESCE(original_file_size, filesize)::float8 AS size,
           width::float8 AS width, height::float8 AS height,
           to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "uploadedAt",
           original_filename AS "originalFilename", sha256, perceptual_hash AS "perceptualHash",
           crop_hashes AS "cropHashes", mirror_hash AS "mirrorHash", region_hashes AS "regionHashes",
           to_jsonb(embedding) AS embedding
      FROM media WHERE property_id = ${scope} AND status = 'ready' ORDER BY uploaded_at, id`
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

/** The scope of the property a scan run belongs to; throws when the property is gone. */
async function scanScope(payload: Payload, run: RunRecord): Promise<PropertyScope> {
  const scope = await propertyScopeById(payload, run.propertyId)
  if (!scope) throw new Error(`The property of scan ${run.id} no longer exists.`)
  return scope
}

/** The scan job's work: find the groups of the run's property with real progress, then replace its stored groups. */
export async function runScan(payload: Payload, scanId: string): Promise<void> {
  const pool = poolOf(payload)
  const run = await findRun(pool, scanId)
  if (run?.kind !== 'duplicates' || run.status !== 'running') return
  const scope = await scanScope(payload, run)

  const rows = await loadScanRows(payload, scope)
  await recordProgress(pool, scanId, { done: 0, total: rows.length })
  let lastWrite = Date.now()
  const groups = await findDuplicateGroupsAsync(rows, async ({ done, total }) => {
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return
    lastWrite = Date.now()
    // Progress in files: the engine's total counts each file's probes once.
    const processed = total > 0 ? Math.round((done / total) * rows.length) : 0
    await recordProgress(pool, scanId, { done: processed })
  })
  await checkpointsOf(payload).reached('scan:before-results', scanId)

  await saveScanGroups(payload, scope, scanId, groups)
}

/**
 * Replaces the property's kept groups with a scan's, and marks the scan done, in one
 * transaction; only while the scan, a run of that property, is still running. Files deleted
 * since the scan read them (or not the property's) are left out, and a group left with fewer
 * than two files is not kept.
 */
export async function saveScanGroups(payload: Payload, scope: PropertyScope, scanId: string, groups: FoundGroup[]): Promise<void> {
  const pool = poolOf(payload)
  const groupRows = groups.map((group) => ({ id: crypto.randomUUID(), confidence: group.confidence, reason: group.reason }))
  const memberRows = groups.flatMap((group, index) =>
    group.memberIds.map((mediaId, position) => ({ group_id: groupRows[index].id, media_id: mediaId, position })),
  )
  await withPoolTransaction(pool, async (client, rollback) => {
    const db = propertyDb(client, scope)
    // Only the property's scan that is still running may write; its row is locked until the groups are in.
    const mine = await db.query`SELECT 1 FROM runs WHERE id = ${scanId} AND property_id = ${scope} AND status = 'running' FOR UPDATE`
    if (!mine.rowCount) return rollback()
    await db.query`DELETE FROM duplicate_groups WHERE property_id = ${scope}`
    await db.query`
      INSERT INTO duplicate_groups (id, property_id, scan_id, confidence, reason)
      SELECT x.id::uuid, ${scope}::uuid, ${scanId}::uuid, x.confidence, x.reason
        FROM jsonb_to_recordset(${JSON.stringify(groupRows)}::jsonb) AS x(id text, confidence int, reason text)`
    // A file deleted while the scan ran is simply left out (the join), never an error.
    await db.query`
      INSERT INTO duplicate_group_members (group_id, media_id, position)
      SELECT x.group_id::uuid, m.id, x.position
        FROM jsonb_to_recordset(${JSON.stringify(memberRows)}::jsonb) AS x(group_id text, media_id text, position int)
        JOIN media m ON m.id = x.media_id::uuid AND m.property_id = ${scope}`
    await db.query`
      DELETE FROM duplicate_groups g
       WHERE g.property_id = ${scope} AND (SELECT count(*) FROM duplicate_group_members m WHERE m.group_id = g.id) < 2`
    const { rows: kept } = await db.query<{ n: number }>`SELECT count(*)::int AS n FROM duplicate_groups WHERE property_id = ${scope}`
    await finishRun(client, scanId, { duplicateGroups: kept[0].n })
  })
}

export async function markScanFailed(payload: Payload, scanId: string, message: string): Promise<void> {
  await failRun(poolOf(payload), scanId, message.slice(0, 500))
}
