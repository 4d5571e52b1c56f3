// The one door to a media record (docs/architecture.md §5 "Writers own fields"): its read by id, in
// the mapper's shape, and every write of a media row and of its tags, colours and objects
// (Payload keeps those in media_texts). Nothing else writes the media table, except
// Payload's own update (its edit view and REST), which collections/media/hooks keep off the
// fields below that editors do not own.
//
// Who writes what, each through its named functions here, each changing only its own fields:
// - the pipeline (ingest, the stranded-media sweep, the AVIF job and the backfills): PIPELINE_FIELDS;
// - analysis: ANALYSIS_FIELDS; of those, the manager's words (category, description) only while
//   the manager has not written them; its tags are its own list (machineTags), never the
//   manager's, and never one the manager removed (removedMachineTags, written with the manager's tags);
// - the manager (metadata and section calls, bulk assign, reorder, a deleted duplicate's
//   carry-over, Payload's edit view): MANAGER_FIELDS.
// One field has two writers, each owning its own entries: suggestedEdits, the edit that fixes each
// quality code, holds the pipeline's (its codes') and analysis's (ANALYSIS_QUALITY_ISSUES:
// `sideways`). Each replaces only its own, merged in its UPDATE from the row it locked, so neither
// puts back the other's from an earlier read. The edit job alone replaces them all: an edit
// changes the pixels every suggestion was measured on (analysis measures the edited photo again).
// Every write is column-scoped SQL that never puts back a value read earlier, and starts by
// taking the media row's lock (its UPDATE, or SELECT … FOR UPDATE before reading what it
// merges), so writes of one record, tags included, happen one after the other, each on the
// latest row. Payload's update takes the same lock before it reads (keep-pipeline-fields.ts).
// Every statement names the record's property (scopedSql): a caller passes the property it
// found the record in (the request's, or for a job the one its record belongs to), and an id of
// another property's record reads nothing and writes nothing.
import { sql, type SQL } from 'drizzle-orm'
import type { Payload } from 'payload'
import type { MediaFile } from '../../lib/api/types'
import type { Organisation } from '../../lib/duplicate-carry'
import { ANALYSIS_QUALITY_ISSUES, type QualityIssue, type SuggestedEdit } from '../../lib/quality-issues'
import type { CarriedField } from '../../lib/schemas/duplicates'
import type { Projection, ProjectionChoice } from '../../lib/panorama'
import type { Operation } from '../../lib/edits'
import { managerTagsChange, MAX_TAGS, mergeTags, normaliseTags, type TagsBySource } from '../../lib/tags'
import { raw, scopedSql, type PropertyScope } from '../db/property-db'
import { ownTransaction, type SqlSession } from '../db/transaction'
import type { AvifRecord } from './avif-renditions'
import { mapMediaFile, type MediaRecord } from './map-media-file'
import { ADMIN_COLUMNS, MEDIA_JOINS } from './media-sql'
import { QUALITY_VERSION } from './quality'

/** keepAnalysis: a list of suggested edits whose analysis entries the write keeps (see the header). */
type Column = { column: string; cast?: string; json?: boolean; keepAnalysis?: boolean }

const PIPELINE_COLUMNS = {
  status: { column: 'status', cast: 'enum_media_status' },
  processingError: { column: 'processing_error' },
  width: { column: 'width' },
  height: { column: 'height' },
  duration: { column: 'duration' },
  derivatives: { column: 'derivatives', json: true },
  avifRenditions: { column: 'avif_renditions', json: true },
  placeholder: { column: 'placeholder' },
  sha256: { column: 'sha256' },
  perceptualHash: { column: 'perceptual_hash' },
  cropHashes: { column: 'crop_hashes', json: true },
  mirrorHash: { column: 'mirror_hash' },
  regionHashes: { column: 'region_hashes', json: true },
  qualityIssues: { column: 'quality_issues', json: true },
  qualityNote: { column: 'quality_note' },
  qualityVersion: { column: 'quality_version' },
  suggestedEdits: { column: 'suggested_edits', keepAnalysis: true },
  posterKey: { column: 'poster_key' },
  playbackKey: { column: 'playback_key' },
  publicKey: { column: 'public_key' },
  optimizedFileSize: { column: 'optimized_file_size' },
  compressionRatio: { column: 'compression_ratio' },
  isOptimized: { column: 'is_optimized' },
  optimizedAt: { column: 'optimized_at', cast: 'timestamptz' },
  detectedProjection: { column: 'detected_projection', cast: 'enum_media_detected_projection' },
  panoramaShape: { column: 'panorama_shape' },
} satisfies Record<string, Column>

const MANAGER_COLUMNS = {
  section: { column: 'section_id' },
  room: { column: 'room' },
  sortOrder: { column: 'sort_order' },
  isHidden: { column: 'is_hidden' },
  description: { column: 'description' },
  notes: { column: 'notes' },
  projectionChoice: { column: 'projection_choice', cast: 'enum_media_projection_choice' },
} satisfies Record<string, Column>

/** The processing state and results ingest writes, by Payload field name. */
export const PIPELINE_FIELDS: readonly string[] = Object.keys(PIPELINE_COLUMNS)

/** What analysis writes, by Payload field name where there is one (the rest are its own columns). */
export const ANALYSIS_FIELDS: readonly string[] = [
  'category',
  'categoryConfidence',
  'embedding',
  'objects',
  'colors',
  'isAnalyzed',
  'analyzedAt',
  'analysisError',
  'description',
  'machineTags',
  'suggestedSection',
  'suggestedRoom',
  'suggestionConfidence',
  // Its own entries of the list only (the header): the pipeline owns the others.
  'suggestedEdits',
]

/** A photo's edits (src/lib/edits.ts): written only by the edits call and the job that renders them. */
export const EDIT_FIELDS: readonly string[] = ['editOperations', 'editVersion', 'renderedEditVersion', 'originalWidth', 'originalHeight']

/** The manager's organisation and words; category is analysis's suggestion, the manager's to correct. */
export const MANAGER_FIELDS: readonly string[] = [...Object.keys(MANAGER_COLUMNS), 'tags', 'category']

/**
 * Fields Payload's own update (an editor's save) never changes: the pipeline's and analysis's, but
 * the manager's words; the removed analysis tags (written only with the manager's tags, here); and
 * the 360° toggle, set only through the metadata call, which refuses it on a video.
 */
export const EDITOR_READ_ONLY_FIELDS: readonly string[] = [
  ...[...PIPELINE_FIELDS, ...ANALYSIS_FIELDS].filter((field) => !MANAGER_FIELDS.includes(field)),
  'removedMachineTags',
  'projectionChoice',
  ...EDIT_FIELDS,
]

export type PipelineFields = Partial<{
  status: 'pending' | 'processing' | 'ready' | 'failed'
  processingError: string | null
  width: number | null
  height: number | null
  duration: number | null
  derivatives: unknown
  avifRenditions: unknown
  placeholder: string | null
  sha256: string | null
  perceptualHash: string | null
  cropHashes: unknown
  mirrorHash: string | null
  regionHashes: unknown
  qualityIssues: QualityIssue[]
  qualityNote: string | null
  /** Which measure wrote the codes (quality.ts QUALITY_VERSION). */
  qualityVersion: number
  /** The pipeline's suggested edits (of its codes); analysis's stay. */
  suggestedEdits: SuggestedEdit[]
  posterKey: string | null
  playbackKey: string | null
  publicKey: string | null
  optimizedFileSize: number | null
  compressionRatio: number | null
  isOptimized: boolean
  optimizedAt: string | null
  detectedProjection: Projection | null
  panoramaShape: boolean
}>

export type ManagerFields = Partial<{
  section: string | null
  room: string | null
  sortOrder: number
  isHidden: boolean
  description: string | null
  notes: string | null
  projectionChoice: ProjectionChoice | null
  tags: string[]
  /** The tags the manager's editor showed (with `tags`): analysis's tags not among them are not taken as removed. */
  shownTags: string[]
}>

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows
const rowCount = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0
const idList = (ids: readonly string[]) => sql`(SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`

function assignments(columns: Record<string, Column>, fields: Record<string, unknown>): SQL[] {
  const set: SQL[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const spec: Column | undefined = columns[name]
    if (!spec) throw new Error(`"${name}" is not a field this writer owns.`)
    if (spec.keepAnalysis) {
      set.push(sql`${sql.identifier(spec.column)} = ${withAnalysisEntries(spec.column, (value ?? []) as SuggestedEdit[])}`)
      continue
    }
    let param: SQL = spec.json ? sql`${value === null ? null : JSON.stringify(value)}::jsonb` : sql`${value}`
    if (spec.cast) param = sql`${param}::${sql.raw(spec.cast)}`
    set.push(sql`${sql.identifier(spec.column)} = ${param}`)
  }
  set.push(sql`updated_at = now()`)
  return set
}

const analysisIssues = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ANALYSIS_QUALITY_ISSUES)}::jsonb))`

/** A column of suggested edits: the pipeline's `entries`, after analysis's entries as the row holds them. */
function withAnalysisEntries(column: string, entries: readonly SuggestedEdit[]): SQL {
  return sql`COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements(${sql.identifier(column)}) e WHERE e->>'issue' IN ${analysisIssues}), '[]'::jsonb) || ${JSON.stringify(entries)}::jsonb`
}

/** The same from analysis's side: the pipeline's entries as the row holds them, then analysis's `entries`. */
function withPipelineEntries(column: string, entries: readonly SuggestedEdit[]): SQL {
  return sql`COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements(${sql.identifier(column)}) e WHERE e->>'issue' NOT IN ${analysisIssues}), '[]'::jsonb) || ${JSON.stringify(entries)}::jsonb`
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────

/**
 * One record in the spec's MediaFile shape, from the same SELECT as the lists (media-sql.ts),
 * so it answers the same everywhere; null when there is none. In a transaction it sees the
 * transaction's own writes.
 */
export async function readMediaFile(db: SqlSession, scope: PropertyScope, id: string, { forAdmin = false } = {}): Promise<MediaFile | null> {
  return (await readMediaFiles(db, scope, [id], { forAdmin })).get(id) ?? null
}

/** Several records by id, each as readMediaFile reads it. */
export async function readMediaFiles(
  db: SqlSession,
  scope: PropertyScope,
  ids: readonly string[],
  { forAdmin = false } = {},
): Promise<Map<string, MediaFile>> {
  if (!ids.length) return new Map()
  const rows = await rowsOf<MediaRecord>(
    db.execute(scopedSql(scope)`
      SELECT ${raw(ADMIN_COLUMNS)} FROM media m ${raw(MEDIA_JOINS)} WHERE m.id IN ${idList(ids)} AND m.property_id = ${scope}`),
  )
  return new Map(rows.map((row) => [String(row.id), mapMediaFile(row, { forAdmin })]))
}

export type StoredFile = { storageKey: string | null; mimeType: string | null; fileType: string | null; filesize: number | null }

/** The stored original ingest works from; null when the record is gone. */
export async function readStoredFile(db: SqlSession, scope: PropertyScope, id: string): Promise<StoredFile | null> {
  const [row] = await rowsOf<StoredFile>(
    db.execute(scopedSql(scope)`
      SELECT storage_key AS "storageKey", mime_type AS "mimeType", file_type AS "fileType", filesize::float8 AS filesize
        FROM media WHERE id = ${id} AND property_id = ${scope}`),
  )
  return row ?? null
}

// ── Tags, colours and objects (media_texts) ───────────────────────────────────────────────

type TextPath = 'tags' | 'machineTags' | 'removedMachineTags' | 'colors' | 'objects'

/** Replaces one list of a record; its media row must be locked by the caller's transaction. */
async function writeTexts(db: SqlSession, scope: PropertyScope, id: string, path: TextPath, values: readonly string[]) {
  const q = scopedSql(scope)
  await db.execute(q`
    DELETE FROM media_texts t USING media m
     WHERE t.parent_id = ${id} AND t.path = ${path} AND m.id = t.parent_id AND m.property_id = ${scope}`)
  if (!values.length) return
  await db.execute(q`
    INSERT INTO media_texts ("order", parent_id, path, text)
    SELECT t.position, m.id, ${path}, t.value
      FROM media m, jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS t(value, position)
     WHERE m.id = ${id} AND m.property_id = ${scope}`)
}

/** A record's tags by source (the media row locked by the caller, so they are the latest). */
async function readTagsBySource(db: SqlSession, scope: PropertyScope, id: string): Promise<TagsBySource> {
  const rows = await rowsOf<{ path: TextPath; text: string }>(
    db.execute(scopedSql(scope)`
      SELECT t.path, t.text FROM media_texts t JOIN media m ON m.id = t.parent_id
       WHERE t.parent_id = ${id} AND m.property_id = ${scope} AND t.path IN ('tags', 'machineTags', 'removedMachineTags')
       ORDER BY t."order"`),
  )
  const of = (path: TextPath) => rows.filter((row) => row.path === path).map((row) => row.text)
  return { manager: of('tags'), machine: of('machineTags'), removed: of('removedMachineTags') }
}

/**
 * The one writer of the manager's tags (src/lib/tags.ts has the rules). `set` is the whole list
 * the manager saved: analysis's tags missing from it (and among `shown`, the list the editor
 * showed, when given) are recorded as removed, so analysis never writes them again; `add` (a deleted duplicate's carry-over) appends the ones missing.
 * The media row must be locked by the caller's transaction, so the tags read are the latest.
 */
async function writeTags(
  db: SqlSession,
  scope: PropertyScope,
  id: string,
  change: { set: readonly string[]; shown?: readonly string[] } | { add: readonly string[] },
) {
  const current = await readTagsBySource(db, scope, id)
  if ('add' in change) {
    const merged = mergeTags(current.manager, change.add)
    if (merged.length > current.manager.length) await writeTexts(db, scope, id, 'tags', merged)
    return
  }
  const { manager, removed } = managerTagsChange(current, change.set, change.shown)
  await writeTexts(db, scope, id, 'tags', manager)
  if (removed.join('\n') !== current.removed.join('\n')) await writeTexts(db, scope, id, 'removedMachineTags', removed)
}

/** Locks the media rows of ids (in id order, so two writers never wait for each other); answers those that exist. */
async function lockMedia(db: SqlSession, scope: PropertyScope, ids: readonly string[]): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db.execute(scopedSql(scope)`
      SELECT id::text AS id FROM media WHERE id IN ${idList(ids)} AND property_id = ${scope} ORDER BY id FOR UPDATE`),
  )
  return rows.map((row) => row.id)
}

// ── The pipeline ─────────────────────────────────────────────────────────────────────────

/** Writes pipeline fields of one record and nothing else; false when the record is gone. */
export async function writePipelineFields(db: SqlSession, scope: PropertyScope, id: string, fields: PipelineFields): Promise<boolean> {
  const set = sql.join(assignments(PIPELINE_COLUMNS, fields), sql`, `)
  const result = await db.execute(scopedSql(scope)`UPDATE media SET ${set} WHERE id = ${id} AND property_id = ${scope}`)
  return rowCount(result) > 0
}

/**
 * Processing given up (the crash limit): failed, with the reason, only while unfinished, so a
 * record processed meanwhile (by a duplicate job) keeps its result.
 */
export async function writeProcessingGivenUp(db: SqlSession, scope: PropertyScope, id: string, reason: string): Promise<void> {
  await db.execute(
    scopedSql(scope)`UPDATE media SET status = 'failed', processing_error = ${reason}, updated_at = now()
         WHERE id = ${id} AND property_id = ${scope} AND status IN ('pending', 'processing')`,
  )
}

/** The hash backfill: mirror and region hashes, only where still empty (ingest's own stay). */
export async function fillMissingHashes(
  db: SqlSession,
  scope: PropertyScope,
  id: string,
  { mirrorHash, regionHashes }: { mirrorHash: string; regionHashes: string[] },
): Promise<boolean> {
  const result = await db.execute(scopedSql(scope)`
    UPDATE media SET mirror_hash = COALESCE(mirror_hash, ${mirrorHash}), region_hashes = COALESCE(region_hashes, ${JSON.stringify(regionHashes)}::jsonb)
     WHERE id = ${id} AND property_id = ${scope}`)
  return rowCount(result) > 0
}

/**
 * Records a public copy made by the backfill, only where the row still has none (ingest running
 * again meanwhile writes its own, the same key); answers whether it was written.
 */
export async function fillMissingPublicKey(db: SqlSession, scope: PropertyScope, id: string, publicKey: string): Promise<boolean> {
  const result = await db.execute(
    scopedSql(scope)`UPDATE media SET public_key = ${publicKey} WHERE id = ${id} AND property_id = ${scope} AND public_key IS NULL`,
  )
  return rowCount(result) > 0
}

/** A photo's AVIF renditions (avif-renditions.ts), only while it is a ready photo that has none; answers whether they were written. */
export async function fillMissingAvif(
  db: SqlSession,
  scope: PropertyScope,
  id: string,
  editVersion: number,
  renditions: readonly AvifRecord[],
): Promise<boolean> {
  // Only over the edit version they were made from: renditions of a newer one are the next job's.
  const result = await db.execute(scopedSql(scope)`
    UPDATE media SET avif_renditions = ${JSON.stringify(renditions)}::jsonb
     WHERE id = ${id} AND property_id = ${scope} AND status = 'ready' AND avif_renditions IS NULL
       AND COALESCE(rendered_edit_version, 0) = ${editVersion} AND COALESCE(edit_version, 0) = ${editVersion}`)
  return rowCount(result) > 0
}

/** A ready record whose quality codes are missing or were written by an earlier measure. */
export const NEEDS_QUALITY = `status = 'ready' AND (quality_issues IS NULL OR COALESCE(quality_version, 0) < ${QUALITY_VERSION})`

/**
 * The quality backfill: the codes of a photo unmeasured or measured by an earlier measure, only
 * while it still is (ingest or an edit running again meanwhile writes the current measure's).
 */
export async function fillMissingQuality(
  db: SqlSession,
  scope: PropertyScope,
  id: string,
  { qualityIssues, qualityNote, suggestedEdits }: { qualityIssues: QualityIssue[]; qualityNote: string | null; suggestedEdits: SuggestedEdit[] },
): Promise<boolean> {
  const result = await db.execute(scopedSql(scope)`
    UPDATE media SET quality_issues = ${JSON.stringify(qualityIssues)}::jsonb, quality_note = ${qualityNote},
           suggested_edits = ${withAnalysisEntries('suggested_edits', suggestedEdits)}, quality_version = ${QUALITY_VERSION}
     WHERE id = ${id} AND property_id = ${scope} AND ${raw(NEEDS_QUALITY)}`)
  return rowCount(result) > 0
}

// ── Analysis ─────────────────────────────────────────────────────────────────────────────

export type AnalysisResults = {
  /** null: analysis is not sure enough to file the photo (any category it wrote before is withdrawn). */
  category: string | null
  categoryConfidence: number | null
  embedding: number[]
  /** null: analysis has nothing to say (any sentence it wrote before is withdrawn, as a category is). */
  description: string | null
  objects: string[]
  colors: string[]
  tags: string[]
  suggestion: { section: string; room: string | null; confidence: number } | null
  /** Analysis's suggested edits (the codes of ANALYSIS_QUALITY_ISSUES: a sideways photo's rotate); empty when none. */
  suggestedEdits: SuggestedEdit[]
}

/**
 * Analysis's results, in one transaction of its own under the row's lock; false when the
 * record is gone. The category and the description are replaced only while they are still
 * analysis's own (empty, or what analysis last wrote, kept in analysis_category and
 * analysis_description): never over words the manager wrote. Its tags are its own list
 * (machineTags), apart from the manager's, without those the manager removed.
 */
export async function writeAnalysisResults(payload: Payload, scope: PropertyScope, id: string, results: AnalysisResults): Promise<boolean> {
  return ownTransaction(payload, async (db) => {
    if (!(await lockMedia(db, scope, [id])).length) return false
    const { category, categoryConfidence, embedding, description, suggestion } = results
    // PostgreSQL's array literal: drizzle would send a JS array as a list of parameters.
    const vector = `{${embedding.join(',')}}`
    const analysisOwnsCategory = sql`(category IS NULL OR btrim(category) = '' OR category IS NOT DISTINCT FROM analysis_category)`
    await db.execute(scopedSql(scope)`
      UPDATE media SET
        category_confidence = CASE WHEN ${analysisOwnsCategory} THEN ${categoryConfidence} ELSE category_confidence END,
        category = CASE WHEN ${analysisOwnsCategory} THEN ${category} ELSE category END,
        analysis_category = ${category},
        embedding = ${vector}::real[],
        is_analyzed = true, analyzed_at = now(), analysis_error = NULL,
        description = CASE WHEN description IS NULL OR btrim(description) = '' OR description IS NOT DISTINCT FROM analysis_description
                           THEN ${description} ELSE description END,
        analysis_description = ${description},
        suggested_section_id = ${suggestion?.section ?? null}, suggested_room = ${suggestion?.room ?? null},
        suggestion_confidence = ${suggestion?.confidence ?? null},
        suggested_edits = ${withPipelineEntries('suggested_edits', results.suggestedEdits.filter((entry) => ANALYSIS_QUALITY_ISSUES.includes(entry.issue)))}
      WHERE id = ${id} AND property_id = ${scope}`)
    await writeTexts(db, scope, id, 'objects', results.objects)
    await writeTexts(db, scope, id, 'colors', results.colors)
    // Analysis's own tags, apart from the manager's: never one the manager removed.
    const { removed } = await readTagsBySource(db, scope, id)
    const gone = new Set(removed)
    await writeTexts(db, scope, id, 'machineTags', normaliseTags(results.tags).filter((tag) => !gone.has(tag)).slice(0, MAX_TAGS))
    return true
  })
}

/** Why analysis skipped a record, on the record. */
export async function writeAnalysisSkipped(db: SqlSession, scope: PropertyScope, id: string, reason: string): Promise<void> {
  await db.execute(scopedSql(scope)`UPDATE media SET analysis_error = ${reason} WHERE id = ${id} AND property_id = ${scope}`)
}

// ── The manager ──────────────────────────────────────────────────────────────────────────

/**
 * Writes the manager's fields of one record and nothing else; false when the record is
 * gone. Run it in the request's transaction: tags are several statements.
 */
export async function writeManagerFields(db: SqlSession, scope: PropertyScope, id: string, fields: ManagerFields): Promise<boolean> {
  const { tags, shownTags, ...columns } = fields
  const set = sql.join(assignments(MANAGER_COLUMNS, columns), sql`, `)
  const result = await db.execute(scopedSql(scope)`UPDATE media SET ${set} WHERE id = ${id} AND property_id = ${scope}`)
  if (rowCount(result) === 0) return false
  if (tags !== undefined) await writeTags(db, scope, id, { set: tags, shown: shownTags })
  return true
}

/** Bulk assignment: every record of ids into one section, visible, with one room (one statement). */
export async function assignMany(
  db: SqlSession,
  scope: PropertyScope,
  ids: readonly string[],
  { section, room }: { section: string; room: string | null },
) {
  await db.execute(scopedSql(scope)`
    UPDATE media SET section_id = ${section}, is_hidden = false, room = ${room}, updated_at = now()
     WHERE id IN ${idList(ids)} AND property_id = ${scope}`)
}

/** Reorder: sortOrder = position in ids (0, 1, 2…), every row in one statement, unchanged rows untouched. */
export async function writeSortOrder(db: SqlSession, scope: PropertyScope, ids: readonly string[]) {
  await db.execute(scopedSql(scope)`
    UPDATE media AS m SET sort_order = v.position - 1, updated_at = now()
      FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS v(id, position)
     WHERE m.id = v.id::uuid AND m.property_id = ${scope} AND m.sort_order IS DISTINCT FROM v.position - 1`)
}

// ── A deleted duplicate's carry-over ─────────────────────────────────────────────────────

/** Locks the records of ids, then reads their organisation (after the lock, so it is the latest). */
export async function lockOrganisations(db: SqlSession, scope: PropertyScope, ids: readonly string[]): Promise<Map<string, Organisation>> {
  if (!(await lockMedia(db, scope, ids)).length) return new Map()
  const rows = await rowsOf<{
    id: string
    section_id: string | null
    is_hidden: boolean | null
    room: string | null
    description: string | null
    notes: string | null
    sort_order: number | null
    tags: string[] | null
  }>(
    db.execute(scopedSql(scope)`
      SELECT m.id::text AS id, m.section_id, m.is_hidden, m.room, m.description, m.notes, m.sort_order::float8 AS sort_order,
             (SELECT array_agg(t.text ORDER BY t."order") FROM media_texts t WHERE t.parent_id = m.id AND t.path = 'tags') AS tags
        FROM media m WHERE m.id IN ${idList(ids)} AND m.property_id = ${scope}`),
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        section: row.section_id,
        isHidden: Boolean(row.is_hidden),
        room: row.room,
        description: row.description,
        notes: row.notes,
        sortOrder: row.sort_order ?? 0,
        tags: row.tags ?? [],
      },
    ]),
  )
}

/**
 * Moves the carried fields of a deleted duplicate's organisation to the record that stays
 * (locked by lockOrganisations in the same transaction): only those fields; tags are added
 * to the kept record's own.
 */
export async function carryOrganisation(
  db: SqlSession,
  scope: PropertyScope,
  keptId: string,
  from: Organisation,
  carried: readonly CarriedField[],
) {
  const has = (field: CarriedField) => carried.includes(field)
  const fields: ManagerFields = {}
  if (has('section')) Object.assign(fields, { section: from.section, isHidden: from.isHidden })
  if (has('sortOrder')) fields.sortOrder = from.sortOrder
  if (has('room')) fields.room = from.room
  if (has('description')) fields.description = from.description
  if (has('notes')) fields.notes = from.notes
  await writeManagerFields(db, scope, keptId, fields)
  if (has('tags')) await writeTags(db, scope, keptId, { add: from.tags })
}

// ── Edits ────────────────────────────────────────────────────────────────────────────────
// The manager's edit list and its version (the edits call, src/server/media/edits.ts), and the
// renditions made from it (the edit job): the list is never written by the job, the renditions
// never by the call, and each write is conditional on the version it was made for.

export type EditState = {
  fileType: string | null
  status: string | null
  /** The untouched original's upright size. */
  originalWidth: number | null
  originalHeight: number | null
  version: number
  renderedVersion: number
  operations: Operation[]
  storageKey: string | null
}

const EDIT_STATE = raw(`file_type AS "fileType", status::text AS status,
  COALESCE(original_width, width)::float8 AS "originalWidth", COALESCE(original_height, height)::float8 AS "originalHeight",
  COALESCE(edit_version, 0)::int AS version, COALESCE(rendered_edit_version, 0)::int AS "renderedVersion", COALESCE(edit_operations, '[]'::jsonb) AS operations,
  storage_key AS "storageKey"`)

/** A record's edits; `lock` takes its row lock first (the edits call, in its transaction). Null when it is gone. */
export async function readEditState(db: SqlSession, scope: PropertyScope, id: string, { lock = false } = {}): Promise<EditState | null> {
  const [row] = await rowsOf<EditState>(
    db.execute(scopedSql(scope)`
      SELECT ${EDIT_STATE} FROM media WHERE id = ${id} AND property_id = ${scope} ${lock ? sql`FOR UPDATE` : sql``}`),
  )
  return row ?? null
}

/**
 * Saves a new edit list over `baseVersion` (the row locked by readEditState in the same
 * transaction): its version goes up by one, and the original's size is kept from the first
 * edit on (until then the row's own size is the original's). Answers the new version, or null
 * when the row has moved past baseVersion.
 */
export async function writeEditList(db: SqlSession, scope: PropertyScope, id: string, baseVersion: number, operations: readonly Operation[]): Promise<number | null> {
  const [row] = await rowsOf<{ version: number }>(
    db.execute(scopedSql(scope)`
      UPDATE media SET edit_operations = ${JSON.stringify(operations)}::jsonb, edit_version = COALESCE(edit_version, 0) + 1,
             original_width = COALESCE(original_width, width), original_height = COALESCE(original_height, height), updated_at = now()
       WHERE id = ${id} AND property_id = ${scope} AND COALESCE(edit_version, 0) = ${baseVersion}
      RETURNING edit_version::int AS version`),
  )
  return row?.version ?? null
}

/**
 * The renditions of edit `version`, written only while that version is still the latest and the
 * photo is ready (a newer save, a revert or a delete meanwhile makes them moot); their AVIF
 * renditions are made again after (so none of the earlier version's stays). Its suggested edits
 * replace every entry, analysis's too: they were measured on the earlier pixels. Answers whether it wrote.
 */
export async function writeEditedRenditions(db: SqlSession, scope: PropertyScope, id: string, version: number, fields: PipelineFields): Promise<boolean> {
  const { suggestedEdits, ...rest } = fields
  const set = sql.join(
    [
      ...assignments(PIPELINE_COLUMNS, { ...rest, avifRenditions: null }),
      ...(suggestedEdits ? [sql`suggested_edits = ${JSON.stringify(suggestedEdits)}::jsonb`] : []),
    ],
    sql`, `,
  )
  const result = await db.execute(scopedSql(scope)`
    UPDATE media SET ${set}, rendered_edit_version = ${version}
     WHERE id = ${id} AND property_id = ${scope} AND COALESCE(edit_version, 0) = ${version} AND status = 'ready'`)
  return rowCount(result) > 0
}
