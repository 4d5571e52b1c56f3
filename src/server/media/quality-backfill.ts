// Quality codes for media processed before ingest measured them (migration quality_issues):
// until a row has them, `quality_issues` is NULL and the manager's answers carry none. A job,
// queued at start-up when a row needs it, like the public copy backfill.
//
// A photo is measured from its stored rendition nearest QUALITY_SIDE (quality.ts), not its
// original: the rendition is what ingest's own measure reads, a tenth of the download, and
// upright. The size codes come from the record's own (upright) width and height. A video gets
// no codes (the codes are about photos listing sites take). Each row is written only while its
// codes are still NULL (ingest running again meanwhile writes its own): idempotent, and safe
// under kill -9 (the next run takes the rows not yet written). Installation-wide on purpose,
// like the hash backfill: each row is measured from its own bytes, by its id.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { standaloneSql } from '../db/transaction'
import { readObject } from '../storage/read-object'
import type { Derivative } from './map-media-file'
import { fillMissingQuality } from './media-repository'
import { assessQualityOfFile, QUALITY_SIDE } from './quality'
import { queueBackfillOnce } from '../jobs/queue-backfill'

export const QUALITY_BACKFILL_TASK = 'backfillQualityIssues' as const

/** Rows read per query: each then costs one rendition download and a few ms of pixels. */
const BATCH = 32

const NEEDS_QUALITY = `status = 'ready' AND quality_issues IS NULL`

export type QualityBackfillResult = { written: number; failed: number }

/** The stored rendition the measures read: the narrowest at least QUALITY_SIDE wide, else the widest. */
export function qualityRenditionKey(derivatives: readonly Derivative[] | null): string | null {
  const list = [...(derivatives ?? [])].filter((d) => d?.key).sort((a, b) => a.width - b.width)
  return (list.find((d) => d.width >= QUALITY_SIDE) ?? list[list.length - 1])?.key ?? null
}

/** Measures the unmeasured rows, one after the other (ascending id, so each row is tried once per run). */
export async function backfillQualityIssues(payload: Payload): Promise<QualityBackfillResult> {
  const pool = poolOf(payload)
  const result: QualityBackfillResult = { written: 0, failed: 0 }
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const { rows } = await pool.query<{ id: string; file_type: string; width: number | null; height: number | null; derivatives: Derivative[] | null }>(
      `SELECT id::text AS id, file_type, width::float8 AS width, height::float8 AS height, derivatives FROM media
        WHERE ${NEEDS_QUALITY} AND id > $1::uuid ORDER BY id LIMIT ${BATCH}`,
      [after],
    )
    if (rows.length === 0) return result
    for (const row of rows) {
      after = row.id
      let quality = { qualityIssues: [] as Awaited<ReturnType<typeof assessQualityOfFile>>['issues'], qualityNote: null as string | null }
      if (row.file_type !== 'video') {
        try {
          const key = qualityRenditionKey(row.derivatives)
          const bytes = key ? await readObject({ key }) : null
          if (!bytes) throw new Error('The photo has no stored rendition')
          const size = row.width && row.height ? { width: row.width, height: row.height } : undefined
          const assessed = await assessQualityOfFile(bytes, size)
          quality = { qualityIssues: assessed.issues, qualityNote: assessed.notJudged.join('; ') || null }
        } catch (error) {
          // Left unmeasured: answers carry no codes for it, and the next start tries again.
          result.failed++
          payload.logger.warn({ err: error, msg: `No quality codes for media ${row.id}` })
          continue
        }
      }
      if (await fillMissingQuality(standaloneSql(payload), row.id, quality)) result.written++
    }
  }
}

/** Queues the backfill when a row needs it and none is queued or running; answers whether it queued one. */
export async function queueQualityBackfill(payload: Payload): Promise<boolean> {
  return queueBackfillOnce(payload, { task: QUALITY_BACKFILL_TASK, needs: NEEDS_QUALITY })
}
