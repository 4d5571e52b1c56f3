// Backups made before sections had keys (migration 20261126_121723_section_keys) name a
// section by its key in `gallery_sections.id` and in `media.section_id`. Before such a backup is
// planned, its sections get the ids the restoring property already uses for those keys (a new
// id for a key it lacks) and its media follow them, so the file restores as if it were new.
import crypto from 'node:crypto'
import type { BackupDocument } from './format'

type Table = BackupDocument['tables'][number]

/** The document with keyed sections; unchanged when its sections already have keys. */
export function withSectionKeys(document: BackupDocument, idsByKey: ReadonlyMap<string, string>): BackupDocument {
  const sections = document.tables.find((table) => table.name === 'gallery_sections')
  if (!sections || sections.columns.includes('key')) return document
  const newIds = new Map<string, string>()
  const idOf = (key: string) => {
    let id = idsByKey.get(key) ?? newIds.get(key)
    if (!id) newIds.set(key, (id = crypto.randomUUID()))
    return id
  }
  const upgraded = (table: Table): Table => {
    if (table === sections) {
      return {
        ...table,
        columns: [...table.columns, 'key'],
        rows: table.rows.map((row) => ({ ...row, id: idOf(String(row.id)), key: row.id })),
      }
    }
    if (table.name === 'media' && table.columns.includes('section_id')) {
      return {
        ...table,
        rows: table.rows.map((row) => (row.section_id == null ? row : { ...row, section_id: idOf(String(row.section_id)) })),
      }
    }
    return table
  }
  return { ...document, tables: document.tables.map(upgraded) }
}
