// Who writes which fields of a media record (ARCHITECTURE §4 "Writers own fields"), and
// the only two ways they write them: column-scoped SQL that changes the writer's own
// columns and nothing else, so two writers of one record never undo each other.
//
// - The pipeline (ingest now; analysis later) owns the processing state and results.
// - The manager (metadata and section calls, bulk assign, reorder, Payload's edit view)
//   owns organisation and words.
// - The upload (POST /api/media-files) sets the stored file's fields once, at creation.
//
// Every statement starts with an UPDATE of the media row, which takes the row's lock, so
// writes of one record (including the tags rows in media_texts, and Payload's own update,
// which locks the row before reading it: collections/media/hooks/keep-pipeline-fields.ts)
// happen one after the other, each on the latest row.
import { sql, type SQL } from 'drizzle-orm'
import type { SqlSession } from '../db/transaction'

type Column = { column: string; cast?: string; json?: boolean }

/** Pipeline fields → columns. Payload's own update never changes these (the media hook puts them back), but category. */
const PIPELINE_COLUMNS = {
  status: { column: 'status', cast: 'enum_media_status' },
  processingError: { column: 'processing_error' },
  width: { column: 'width' },
  height: { column: 'height' },
  duration: { column: 'duration' },
  derivatives: { column: 'derivatives', json: true },
  placeholder: { column: 'placeholder' },
  sha256: { column: 'sha256' },
  perceptualHash: { column: 'perceptual_hash' },
  cropHashes: { column: 'crop_hashes', json: true },
  mirrorHash: { column: 'mirror_hash' },
  regionHashes: { column: 'region_hashes', json: true },
  posterKey: { column: 'poster_key' },
  playbackKey: { column: 'playback_key' },
  optimizedFileSize: { column: 'optimized_file_size' },
  compressionRatio: { column: 'compression_ratio' },
  isOptimized: { column: 'is_optimized' },
  optimizedAt: { column: 'optimized_at', cast: 'timestamptz' },
  // Analysis (its results; it never writes the manager's words).
  category: { column: 'category' },
  isAnalyzed: { column: 'is_analyzed' },
  analyzedAt: { column: 'analyzed_at', cast: 'timestamptz' },
} satisfies Record<string, Column>

/**
 * Pipeline-owned fields written by their own code: arrays (media_texts rows with this
 * path) and the visual embedding (analysis writes its column with its own SQL).
 */
export const PIPELINE_ARRAYS = ['colors', 'objects', 'embedding'] as const

/**
 * Written by analysis, and the manager may correct it in Payload's edit view (the admin
 * screen filters by it); analysis must not overwrite a category the manager chose.
 */
const MANAGER_MAY_CORRECT = new Set(['category'])

/** Every field the pipeline owns, by Payload field name: Payload's own update never changes them. */
export const PIPELINE_FIELDS: readonly string[] = [...Object.keys(PIPELINE_COLUMNS), ...PIPELINE_ARRAYS].filter(
  (field) => !MANAGER_MAY_CORRECT.has(field),
)

const MANAGER_COLUMNS = {
  section: { column: 'section_id' },
  room: { column: 'room' },
  sortOrder: { column: 'sort_order' },
  isHidden: { column: 'is_hidden' },
  description: { column: 'description' },
  notes: { column: 'notes' },
} satisfies Record<string, Column>

/** Every field the manager owns, by Payload field name (tags live in media_texts). */
export const MANAGER_FIELDS: readonly string[] = [...Object.keys(MANAGER_COLUMNS), 'tags']

export type PipelineFields = Partial<{
  status: 'pending' | 'processing' | 'ready' | 'failed'
  processingError: string | null
  width: number | null
  height: number | null
  duration: number | null
  derivatives: unknown
  placeholder: string | null
  sha256: string | null
  perceptualHash: string | null
  cropHashes: unknown
  mirrorHash: string | null
  regionHashes: unknown
  posterKey: string | null
  playbackKey: string | null
  optimizedFileSize: number | null
  compressionRatio: number | null
  isOptimized: boolean
  optimizedAt: string | null
  category: string | null
  isAnalyzed: boolean
  analyzedAt: string | null
}>

export type ManagerFields = Partial<{
  section: string | null
  room: string | null
  sortOrder: number
  isHidden: boolean
  description: string | null
  notes: string | null
  tags: string[]
}>

function assignments(columns: Record<string, Column>, fields: Record<string, unknown>): SQL[] {
  const set: SQL[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const spec = columns[name]
    if (!spec) throw new Error(`"${name}" is not a field this writer owns.`)
    let param: SQL = spec.json ? sql`${value === null ? null : JSON.stringify(value)}::jsonb` : sql`${value}`
    if (spec.cast) param = sql`${param}::${sql.raw(spec.cast)}`
    set.push(sql`${sql.identifier(spec.column)} = ${param}`)
  }
  set.push(sql`updated_at = now()`)
  return set
}

const rowCount = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0

/** Writes pipeline fields of one record and nothing else; false when the record is gone. */
export async function writePipelineFields(db: SqlSession, id: string, fields: PipelineFields): Promise<boolean> {
  const result = await db.execute(
    sql`UPDATE media SET ${sql.join(assignments(PIPELINE_COLUMNS, fields), sql`, `)} WHERE id = ${id}`,
  )
  return rowCount(result) > 0
}

/**
 * Writes the manager's fields of one record and nothing else; false when the record is
 * gone. Run it in the request's transaction: tags are several statements.
 */
export async function writeManagerFields(db: SqlSession, id: string, fields: ManagerFields): Promise<boolean> {
  const { tags, ...columns } = fields
  const result = await db.execute(
    sql`UPDATE media SET ${sql.join(assignments(MANAGER_COLUMNS, columns), sql`, `)} WHERE id = ${id}`,
  )
  if (rowCount(result) === 0) return false
  if (tags !== undefined) {
    await db.execute(sql`DELETE FROM media_texts WHERE parent_id = ${id} AND path = 'tags'`)
    if (tags.length) {
      await db.execute(sql`
        INSERT INTO media_texts ("order", parent_id, path, text)
        SELECT t.position, ${id}::uuid, 'tags', t.tag
          FROM jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb) WITH ORDINALITY AS t(tag, position)`)
    }
  }
  return true
}
