// Every raw statement on a property's rows names its property (docs/properties-design.md §2.2):
// through property-db.ts (`${scope}` in a propertyDb or scopedSql template), or it is one of the
// statements listed here, each with the reason it needs no property condition. A new statement on
// a property table outside src/server/db that does neither fails this test: name the property
// with the helper, or add it below with its reason.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')
const PRODUCT = ['src', 'collections', 'endpoints', 'jobs', 'media-public']
/** Where statements are allowed to be built without the helper: the helper itself, and the migrations. */
const EXEMPT = /^src\/(server\/db|migrations)\//

/** The tables whose rows belong to one property (the tenant field, or a parent that has it). */
const PROPERTY_TABLES = [
  'media',
  'media_texts',
  'gallery_sections',
  'runs',
  'gallery_analysis_run_items',
  'duplicate_groups',
  'duplicate_group_members',
  'gallery_load_samples',
  'backups',
  'backup_object_index',
  'gallery_read_version',
  'users_properties',
  'share_links',
  'listing_channels',
]
const NAMES_A_PROPERTY_TABLE = new RegExp(`\\b(FROM|JOIN|UPDATE|INTO|TABLE)\\s+"?(${PROPERTY_TABLES.join('|')})"?\\b`)
/** The scope object interpolated in a template: the helper's mark of a statement on one property. */
const SCOPED = /\$\{\s*scope\s*\}/
const LITERALS = /`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/gs

const BY_ID = 'picks rows by their own id or key, which the caller found within its property'
const PLATFORM = 'installation-wide on purpose'
const PROPERTY_PARAM = 'names the property as a plain parameter (property_id = $n) on a pooled client the run protocol holds'

/** [file, the statement's first 40 characters (whitespace collapsed), why it needs no `${scope}`]. */
const LISTED: Array<[string, string, string]> = [
  ['collections/media/hooks/keep-pipeline-fields.ts', 'SELECT 1 FROM media WHERE id = ${String(', BY_ID],
  ['media-public/object-delivery.ts', 'SELECT id::text AS id, COALESCE(rendered', `${BY_ID}: a file name is unique; a hidden one is served only to its property's people`],
  ['src/server/analysis/analyze-media.ts', 'SELECT m.id::text AS id, s.key AS sectio', 'the start of PLACED, completed with `AND m.property_id = ${scope}` where it runs'],
  ['src/server/analysis/runs.ts', 'INSERT INTO gallery_analysis_run_items (', PROPERTY_PARAM],
  ['src/server/analysis/runs.ts', 'INSERT INTO payload_jobs (input, task_sl', `${BY_ID} (the run's items)`],
  ['src/server/analysis/runs.ts', 'UPDATE gallery_analysis_run_items SET st', `${BY_ID} (run and media)`],
  ['src/server/analysis/runs.ts', 'SELECT state, media_id::text, reason FRO', `${BY_ID} (the run, checked to be the request's property's)`],
  ['src/server/backup/create-backup.ts', "UPDATE backups SET status = 'complete', ", BY_ID],
  ['src/server/backup/create-backup.ts', "UPDATE backups SET status = 'failed', er", BY_ID],
  ['src/server/backup/create-backup.ts', 'SELECT id, object_key, temp_key FROM bac', `${PLATFORM}: at start, every property's interrupted backups are marked failed`],
  ['src/server/backup/create-backup.ts', "UPDATE backups SET status = 'failed', er", `${PLATFORM}: the same sweep`],
  ['src/server/backup/object-index.ts', 'SELECT key, size::text AS size, etag FRO', `${BY_ID} (object keys, unique in the store)`],
  ['src/server/backup/restore-backup.ts', 'SELECT id, file, object_key, sha256, sna', `${BY_ID}; the restore refuses another property's backup by its property_id`],
  ['src/server/backup/retention.ts', 'DELETE FROM backups WHERE id = $1', BY_ID],
  ['src/server/backup/retention.ts', 'SELECT k AS key FROM unnest($1::text[]) ', `${PLATFORM}: an object any backup still lists is kept`],
  ['src/server/backup/runs.ts', "UPDATE runs SET detail = detail - 'tidy'", BY_ID],
  ['src/server/jobs/backfill.ts', 'SELECT media.id::text AS id, media.prope', `${PLATFORM}: the backfills after an upgrade walk every property's rows; each row is then worked on within its own property`],
  ['src/server/jobs/backfill.ts', 'SELECT EXISTS (SELECT 1 FROM media WHERE', `${PLATFORM}: whether a backfill after an upgrade has rows to do`],
  ['src/server/media/media-sql.ts', 'LEFT JOIN gallery_sections sec ON sec.id', 'a join shared by statements that name their property'],
  ['src/server/media/requeue-stranded.ts', 'SELECT m.id::text AS id, p.id::text AS p', `${PLATFORM}: uploads whose processing job was lost, in every property; each is then written within its own`],
  ['src/server/properties/media-property.ts', 'SELECT p.id::text AS id, p.slug FROM med', `${BY_ID}: finds the property of a media file`],
  ['src/server/properties/overview.ts', 'SELECT p.id::text AS id, p.name, p.slug,', `${PLATFORM}: the platform admin's overview of every property`],
  ['src/server/runs/record-run.ts', 'UPDATE runs SET done = coalesce($2, done', BY_ID],
  ['src/server/runs/record-run.ts', "UPDATE runs SET status = 'done', done = ", BY_ID],
  ['src/server/runs/record-run.ts', "UPDATE runs SET status = 'failed', error", BY_ID],
  ['src/server/runs/run.ts', "UPDATE runs r SET status = 'failed', err", BY_ID],
  ['src/server/runs/run.ts', 'SELECT ${RUN_COLUMNS} FROM runs WHERE id', `${BY_ID}; the endpoints compare the run's property with the request's`],
  ['src/server/runs/run.ts', 'SELECT ${RUN_COLUMNS} FROM runs WHERE ki', PROPERTY_PARAM],
  ['src/server/runs/run.ts', 'SELECT ${RUN_COLUMNS} FROM runs WHERE ki', PROPERTY_PARAM],
  ['src/server/runs/start-or-join-run.ts', "DELETE FROM runs WHERE status <> 'runnin", `${PLATFORM}: finished runs are kept a day`],
  ['src/server/runs/start-or-join-run.ts', 'INSERT INTO runs (kind, status, detail, ', PROPERTY_PARAM],
  ['src/server/runs/start-or-join-run.ts', 'UPDATE runs SET total = $2 WHERE id = $1', BY_ID],
]

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}

/** [file, first 40 characters] of every literal outside the helper naming a property table without `${scope}`. */
function unscopedStatements(): Array<[string, string]> {
  const found: Array<[string, string]> = []
  for (const file of PRODUCT.flatMap(sourceFiles).filter((file) => !EXEMPT.test(file)).sort()) {
    for (const [literal] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(LITERALS)) {
      if (!NAMES_A_PROPERTY_TABLE.test(literal) || SCOPED.test(literal)) continue
      found.push([file, literal.slice(1, -1).replace(/\s+/g, ' ').trim().slice(0, 40)])
    }
  }
  return found
}

describe("statements on a property's rows", () => {
  it('name their property through the helper, or are listed with the reason they need not', () => {
    const key = ([file, start]: [string, string]) => `${file} | ${start}`
    const listed = LISTED.map(([file, start]) => key([file, start])).sort()
    expect(unscopedStatements().map(key).sort()).toEqual(listed)
  })

  it('finds a statement that does not name its property, and passes one that does', () => {
    const unscoped = '`SELECT id FROM media WHERE status = ${status}`'
    const scoped = '`SELECT id FROM media WHERE property_id = ${scope} AND status = ${status}`'
    expect(NAMES_A_PROPERTY_TABLE.test(unscoped) && !SCOPED.test(unscoped)).toBe(true)
    expect(NAMES_A_PROPERTY_TABLE.test(scoped) && !SCOPED.test(scoped)).toBe(false)
    expect(NAMES_A_PROPERTY_TABLE.test("'SELECT 1 FROM properties'")).toBe(false)
  })
})
