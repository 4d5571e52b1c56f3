// Quality codes for media processed before ingest measured them (migration quality_issues), or
// measured by an earlier measure (quality.ts QUALITY_VERSION: before `tilted` and the suggested
// edits, a library's photos would never be found tilted or given their fixes): until a row has
// them, `quality_issues` is NULL and the manager's answers carry none. A job, queued at start-up
// when a row needs it, like the public copy backfill. It writes the codes'
// suggested edits with them, as ingest does (analysis's own entries stay: media-repository.ts).
//
// A photo is measured from its stored rendition nearest QUALITY_SIDE (quality.ts), not its
// original: the rendition is what ingest's own measure reads, a tenth of the download, and
// upright. The size codes come from the record's own (upright) width and height. A video gets
// no codes (the codes are about photos listing sites take). Each row is written only while its
// codes are still missing or older (ingest running again meanwhile writes its own): idempotent, and safe
// under kill -9 (the next run takes the rows not yet written; ../jobs/backfill.ts runs it). Each
// row is measured from its own bytes, within its property.
import { standaloneSql } from '../db/transaction'
import { readObject } from '../storage/read-object'
import type { Derivative } from './map-media-file'
import { fillMissingQuality, NEEDS_QUALITY } from './media-repository'
import { assessQualityOfFile, QUALITY_SIDE } from './quality'
import type { Backfill } from '../jobs/backfill'
import type { QualityIssue, SuggestedEdit } from '../../lib/quality-issues'

/** The stored rendition the measures read: the narrowest at least QUALITY_SIDE wide, else the widest. */
export function qualityRenditionKey(derivatives: readonly Derivative[] | null): string | null {
  const list = [...(derivatives ?? [])].filter((d) => d?.key).sort((a, b) => a.width - b.width)
  return (list.find((d) => d.width >= QUALITY_SIDE) ?? list[list.length - 1])?.key ?? null
}

export const QUALITY_BACKFILL: Backfill<'written' | 'failed'> = {
  task: 'backfillQualityIssues',
  label: 'Measure the quality codes of older photos',
  needs: NEEDS_QUALITY,
  columns: 'file_type, width::float8 AS width, height::float8 AS height, derivatives',
  // Each row costs one rendition download and a few ms of pixels.
  batch: 32,
  outcomes: ['written', 'failed'],
  async each(payload, row) {
    let quality = { qualityIssues: [] as QualityIssue[], qualityNote: null as string | null, suggestedEdits: [] as SuggestedEdit[] }
    if (row.file_type !== 'video') {
      try {
        const key = qualityRenditionKey(row.derivatives as Derivative[] | null)
        const bytes = key ? await readObject({ key }) : null
        if (!bytes) throw new Error('The photo has no stored rendition')
        const width = row.width as number | null
        const height = row.height as number | null
        const assessed = await assessQualityOfFile(bytes, width && height ? { width, height } : undefined)
        quality = { qualityIssues: assessed.issues, qualityNote: assessed.notJudged.join('; ') || null, suggestedEdits: assessed.suggestions }
      } catch (error) {
        // Left unmeasured: answers carry no codes for it, and the next start tries again.
        payload.logger.warn({ err: error, msg: `No quality codes for media ${row.id}` })
        return 'failed'
      }
    }
    return (await fillMissingQuality(standaloneSql(payload), row.scope, row.id, quality)) ? 'written' : 'skipped'
  },
  report: ({ written, failed }) => (written + failed > 0 ? `Quality backfill: ${written} media files measured, ${failed} unreadable` : null),
}
