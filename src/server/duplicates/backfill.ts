// Mirror and region hashes for media processed before ingest stored them (migration
// 20261123_015000): without them the scan predicts a mirror hash from the pHash and cannot
// match a captioned copy by its regions, nor doubt a whole-hash match its regions contradict.
// A job computes them from the stored original (an image) or poster (a video), the same bytes
// ingest hashed, and writes only those two columns, only where they are still empty: ingest
// running again meanwhile writes its own, and they are kept. Idempotent (a re-run, after a
// crash or kill, takes the rows still without hashes); queued at start-up when any row needs
// it and no backfill is waiting already (../jobs/backfill.ts runs it). It only fills two columns
// of each row, within the row's property, from that row's own bytes, and compares nothing, so no
// property's data ever meets another's (the scan, which compares, is per property).
import { checkpointsOf } from '../checkpoints'
import { standaloneSql } from '../db/transaction'
import type { Backfill } from '../jobs/backfill'
import { fillMissingHashes } from '../media/media-repository'
import { imageHashesOf } from '../media/phash'
import { readObject } from '../storage/read-object'
import { HASH_BACKFILL_TASK } from './scan-task'

export const HASH_BACKFILL: Backfill<'written' | 'failed'> = {
  task: HASH_BACKFILL_TASK,
  label: 'Compute mirror and region hashes of older media files',
  // Processed media without a mirror or region hashes, whose hashed bytes are stored.
  needs: `status = 'ready' AND (mirror_hash IS NULL OR region_hashes IS NULL)
    AND CASE WHEN file_type = 'video' THEN poster_key IS NOT NULL ELSE storage_key IS NOT NULL END`,
  columns: `CASE WHEN file_type = 'video' THEN poster_key ELSE storage_key END AS key`,
  // Each row costs one download and one decode.
  batch: 16,
  outcomes: ['written', 'failed'],
  async each(payload, { id, scope, key }) {
    let hashes: { mirror: string; regions: string[] }
    try {
      const bytes = await readObject({ key: String(key) })
      if (!bytes) throw new Error(`${key} is missing from the store`)
      hashes = await imageHashesOf(bytes)
    } catch (error) {
      // A missing or unreadable file: the scan goes on without these hashes for it.
      payload.logger.warn({ err: error, msg: `No mirror or region hashes for media ${id}` })
      return 'failed'
    }
    await checkpointsOf(payload).reached('backfill:before-write', id)
    const written = await fillMissingHashes(standaloneSql(payload), scope, id, { mirrorHash: hashes.mirror, regionHashes: hashes.regions })
    return written ? 'written' : 'skipped'
  },
  report: ({ written, failed }) => (written + failed > 0 ? `Duplicate hash backfill: ${written} media files hashed, ${failed} unreadable` : null),
}
