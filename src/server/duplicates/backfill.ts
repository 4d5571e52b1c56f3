// Mirror and region hashes for media processed before ingest stored them (migration
// 20261123_015000): without them the scan predicts a mirror hash from the pHash and cannot
// match a captioned copy by its regions, nor doubt a whole-hash match its regions contradict.
// A job computes them from the stored original (an image) or poster (a video), the same bytes
// ingest hashed, and writes only those two columns, only where they are still empty: ingest
// running again meanwhile writes its own, and they are kept. Idempotent (a re-run, after a
// crash or kill, takes the rows still without hashes); queued at start-up when any row needs
// it and no backfill is waiting already. Installation-wide on purpose: it only fills two
// columns of each row, by the row's id, from that row's own bytes, and compares nothing, so
// no property's data ever meets another's (the scan, which compares, is per property).
import type { Payload } from 'payload'
import { checkpointsOf } from '../checkpoints'
import { poolOf } from '../db/pool'
import { standaloneSql } from '../db/transaction'
import { fillMissingHashes } from '../media/media-repository'
import { imageHashesOf } from '../media/phash'
import { readObject } from '../storage/read-object'
import { HASH_BACKFILL_TASK } from './scan-task'
import { queueBackfillWhenNeeded } from '../jobs/queue-backfill'

/** Rows read per query: each then costs one download and one decode. */
const BATCH = 16

/** Processed media without a mirror or region hashes, whose hashed bytes are stored. */
const NEEDS_HASHES = `status = 'ready' AND (mirror_hash IS NULL OR region_hashes IS NULL)
  AND CASE WHEN file_type = 'video' THEN poster_key IS NOT NULL ELSE storage_key IS NOT NULL END`

export type BackfillResult = { written: number; failed: number }

/** Computes the missing hashes, row after row (ascending id, so each row is tried once per run). */
export async function backfillDuplicateHashes(payload: Payload): Promise<BackfillResult> {
  const pool = poolOf(payload)
  const result: BackfillResult = { written: 0, failed: 0 }
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const { rows } = await pool.query<{ id: string; key: string }>(
      `SELECT id::text AS id, CASE WHEN file_type = 'video' THEN poster_key ELSE storage_key END AS key
         FROM media WHERE ${NEEDS_HASHES} AND id > $1::uuid ORDER BY id LIMIT ${BATCH}`,
      [after],
    )
    if (rows.length === 0) return result
    for (const { id, key } of rows) {
      after = id
      let hashes: { mirror: string; regions: string[] }
      try {
        const bytes = await readObject({ key })
        if (!bytes) throw new Error(`${key} is missing from the store`)
        const { mirror, regions } = await imageHashesOf(bytes)
        hashes = { mirror, regions }
      } catch (error) {
        // A missing or unreadable file: the scan goes on without these hashes for it.
        result.failed++
        payload.logger.warn({ err: error, msg: `No mirror or region hashes for media ${id}` })
        continue
      }
      await checkpointsOf(payload).reached('backfill:before-write', id)
      if (await fillMissingHashes(standaloneSql(payload), id, { mirrorHash: hashes.mirror, regionHashes: hashes.regions })) {
        result.written++
      }
    }
  }
}

/** Queues the backfill when a row needs it and none is queued or running; answers whether it queued one. */
export async function queueHashBackfill(payload: Payload): Promise<boolean> {
  return queueBackfillWhenNeeded(payload, HASH_BACKFILL_TASK, NEEDS_HASHES)
}
