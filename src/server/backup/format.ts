// The backup file: gzip JSON with a format version, the schema's migration name, the property's
// own settings (property-block.ts), every backed-up table's rows by column name, and a manifest
// of the objects the rows refer to.
// Decoding checks everything before a restore may touch anything: the sha256 recorded
// when it was written, that it unzips and parses, its shape, its format version, and that
// this server's schema can take its tables and columns.
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { z } from 'zod'
import { currentMigrationName } from '../db/migration-names'
import { fromLegacyTable, LEGACY_SETTINGS_TABLE, type PropertyBlock, propertyBlockSchema } from './property-block'
import type { TableShape } from './tables'
import { MEDIA_OBJECT_PREFIXES } from '../storage/keys'

/**
 * Bumped when the file's layout changes; a server refuses files newer than it understands.
 * 2: the property's settings are a block of their own (1 kept them as the property_settings table).
 * 3: the block carries the embed origins, and the tables every property-owned table (share_links,
 * listing_channels), not only those reached from media and sections.
 */
export const BACKUP_FORMAT = 3

/**
 * Tables of the property's own that backups hold from format 3 on. An older backup never held
 * them, so it says nothing of them: its restore leaves the property's rows of them as they are
 * (rather than emptying them, as for a table added to the schema since).
 */
export const TABLES_SINCE_FORMAT_3 = ['share_links', 'listing_channels'] as const
export const BACKUP_APP = 'property-gallery'

/** 'final': taken by a property's removal, of the property it removes (src/server/properties/remove-property.ts). */
export const BACKUP_KINDS = ['auto', 'upload', 'manual', 'restore-point', 'final'] as const
export type BackupKind = (typeof BACKUP_KINDS)[number]

export type ManifestEntry = { key: string; size: number; etag: string | null }

const gzip = promisify(zlib.gzip)
const gunzip = promisify(zlib.gunzip)

/** A refusal a person can act on: nothing was changed. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupRefused'
  }
}

const documentSchema = z.object({
  format: z.number().int().positive(),
  app: z.literal(BACKUP_APP),
  kind: z.enum(BACKUP_KINDS),
  createdAt: z.string(),
  migration: z.string().min(1),
  property: propertyBlockSchema.nullable().optional(),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.string().min(1)),
      // Rows are checked to be objects below: zod's per-field record check costs seconds at 10,000 rows.
      rows: z.array(z.unknown()),
    }),
  ),
  manifest: z.array(z.object({ key: z.string().min(1), size: z.number().int().nonnegative(), etag: z.string().nullable() })),
})

export type BackupDocument = Omit<z.infer<typeof documentSchema>, 'tables'> & {
  tables: Array<{ name: string; columns: string[]; rows: Array<Record<string, unknown>> }>
}

/**
 * Writes the file from rows that PostgreSQL already serialised (json_agg), so 10,000 rows
 * are not parsed and stringified again in JavaScript.
 */
export async function encodeBackup(input: {
  kind: BackupKind
  createdAt: string
  migration: string
  property: PropertyBlock | null
  tables: Array<{ name: string; columns: string[]; rowsJson: string }>
  manifest: ManifestEntry[]
}): Promise<{ bytes: Buffer; sha256: string }> {
  const header = JSON.stringify({
    format: BACKUP_FORMAT,
    app: BACKUP_APP,
    kind: input.kind,
    createdAt: input.createdAt,
    migration: input.migration,
    property: input.property,
  })
  const tables = input.tables
    .map((table) => `{"name":${JSON.stringify(table.name)},"columns":${JSON.stringify(table.columns)},"rows":${table.rowsJson}}`)
    .join(',')
  const text = `${header.slice(0, -1)},"tables":[${tables}],"manifest":${JSON.stringify(input.manifest)}}`
  const bytes = await gzip(text, { level: 6 })
  return { bytes, sha256: sha256Of(bytes) }
}

export const sha256Of = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

/** Checks and reads a backup file; throws BackupRefused saying what is wrong. */
export async function decodeBackup(bytes: Buffer, expectedSha256: string): Promise<BackupDocument> {
  if (sha256Of(bytes) !== expectedSha256) {
    throw new BackupRefused('The backup file does not match its recorded checksum (it was changed or damaged): nothing was restored.')
  }
  let text: string
  try {
    text = (await gunzip(bytes)).toString('utf8')
  } catch {
    throw new BackupRefused('The backup file is damaged or incomplete (it does not unzip): nothing was restored.')
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new BackupRefused('The backup file is damaged or incomplete (it is not valid JSON): nothing was restored.')
  }
  const format = (raw as { format?: unknown } | null)?.format
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new BackupRefused(
      `The backup was written in format ${format} by a newer version of the gallery; this server reads up to format ${BACKUP_FORMAT}. Update the server first: nothing was restored.`,
    )
  }
  const parsed = documentSchema.safeParse(raw)
  const isRow = (row: unknown) => typeof row === 'object' && row !== null && !Array.isArray(row)
  if (!parsed.success || !parsed.data.tables.every((table) => table.rows.every(isRow))) {
    throw new BackupRefused('The backup file is not a gallery backup or is missing parts: nothing was restored.')
  }
  const document = parsed.data as BackupDocument
  // Format 1 kept the settings as a table of their own.
  const legacy = document.tables.find((table) => table.name === LEGACY_SETTINGS_TABLE)
  if (!legacy) return document
  return {
    ...document,
    property: document.property ?? fromLegacyTable(legacy.rows),
    tables: document.tables.filter((table) => table !== legacy),
  }
}

/**
 * Tables older backups hold that the gallery stopped keeping on purpose: their rows are work
 * records, not the manager's data, and are left out of a restore. duplicate_scans (its groups
 * pointed at it, so backups took it along) became the runs table, which is never backed up.
 */
const RETIRED_TABLES = new Set(['duplicate_scans'])

/**
 * Whether this server's schema can take the backup, and how: a backup from a schema this
 * database has not reached (a newer release) is refused; one from an older schema is
 * taken when every table and column it has still exists (columns added since get their
 * defaults, tables added since start empty), and refused naming what no longer exists.
 */
export function planRestore(
  document: BackupDocument,
  current: { appliedMigrations: string[]; shapes: TableShape[] },
): PlannedTable[] {
  // A backup made before a migration was renamed records its earlier name.
  if (!current.appliedMigrations.includes(currentMigrationName(document.migration))) {
    const latest = current.appliedMigrations.at(-1) ?? 'none'
    throw new BackupRefused(
      `The backup was made by a newer version of the gallery (schema ${document.migration}; this server is at ${latest}). Update the server first: nothing was restored.`,
    )
  }
  const shapes = new Map(current.shapes.map((shape) => [shape.name, shape]))
  const missing: string[] = []
  for (const table of document.tables) {
    const shape = shapes.get(table.name)
    if (!shape && RETIRED_TABLES.has(table.name)) continue
    if (!shape) {
      missing.push(`table ${table.name}`)
      continue
    }
    for (const column of table.columns) if (!shape.columns.includes(column)) missing.push(`${table.name}.${column}`)
  }
  if (missing.length) {
    throw new BackupRefused(
      `The backup (schema ${document.migration}) has data this version of the gallery no longer stores (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): nothing was restored.`,
    )
  }
  const byName = new Map(document.tables.map((table) => [table.name, table]))
  const untouched = new Set<string>(document.format < 3 ? TABLES_SINCE_FORMAT_3 : [])
  // Insert order is this server's (parents first); tables the backup predates start empty,
  // but those older formats did not hold (TABLES_SINCE_FORMAT_3) are kept as they are.
  return current.shapes.map((shape) => {
    const table = byName.get(shape.name)
    if (!table && untouched.has(shape.name)) return { name: shape.name, columns: [], rows: [], keep: true }
    return { name: shape.name, columns: table?.columns ?? [], rows: table?.rows ?? [] }
  })
}

/** A table as a restore writes it; `keep`: the property's rows of it stay as they are (the backup does not hold it). */
export type PlannedTable = { name: string; columns: string[]; rows: Array<Record<string, unknown>>; keep?: boolean }

/** Object keys a row refers to: any string value (nested too) that starts with a stored-object prefix. */
const PREFIX_CHOICE = `(?:${MEDIA_OBJECT_PREFIXES.join('|')})` // plain letters and a slash: nothing to escape
const OBJECT_KEY = new RegExp(`^${PREFIX_CHOICE}`)

/** The same keys found in rows already in memory (what snapshot.ts's SQL finds in the database). */
export function keysInRows(rows: unknown[], into = new Set<string>()): Set<string> {
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (OBJECT_KEY.test(value)) into.add(value)
    } else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  rows.forEach(visit)
  return into
}

/**
 * The same keys found in JSON text (rows as PostgreSQL serialised them), without parsing it.
 * In JSON a quote inside a string is always escaped, and a closing quote is never followed by
 * a letter, so an unescaped quote right before a prefix opens a string value that starts with
 * it; property names (followed by a colon) are skipped.
 */
export function keysInJsonText(text: string, into = new Set<string>()): Set<string> {
  const start = new RegExp(`"${PREFIX_CHOICE}`, 'g')
  const rest = /(?:[^"\\]|\\.)*"\s*(:)?/y
  for (let match = start.exec(text); match; match = start.exec(text)) {
    let slashes = 0
    while (text[match.index - 1 - slashes] === '\\') slashes++
    if (slashes % 2) continue
    rest.lastIndex = match.index + 1
    const end = rest.exec(text)
    if (!end) break
    start.lastIndex = rest.lastIndex
    if (end[1]) continue
    const raw = text.slice(match.index + 1, end.index + end[0].lastIndexOf('"'))
    into.add(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw)
  }
  return into
}
