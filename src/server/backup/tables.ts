// Which tables a backup holds, read from the database itself at backup and restore time:
// gallery_sections, media and every other table with a property_id column (share_links,
// listing_channels, …), every table that references one of them (media_texts, media_rels, …)
// and every table those reference in turn, minus accounts, Payload's own bookkeeping, work
// records and the backup tables. Other features add columns, child tables and tables of their
// own; reading the catalogue means a backup covers them without a code change.
// A backup holds one property's rows (docs/properties-design.md §2.5): each table's scope, read
// from the catalogue too, says which of its rows are the property's.
import type { PoolClient } from 'pg'

export const ROOT_TABLES = ['gallery_sections', 'media'] as const

/**
 * Never in a backup: accounts and sessions, the installation's properties (a backup carries its
 * property's settings as a block: property-block.ts), Payload's jobs/preferences/locks, backups
 * themselves, runs, metrics.
 */
export const isExcludedTable = (name: string) =>
  name === 'users' ||
  name === 'properties' ||
  name.startsWith('properties_') ||
  name.startsWith('users_') ||
  name.startsWith('payload_') ||
  name === 'backups' ||
  name === 'runs' ||
  name === 'gallery_analysis_run_items' ||
  name === 'backup_scheduler_heartbeat' ||
  name === 'backup_object_index' ||
  name === 'backup_restore_tidy' ||
  name === 'gallery_read_version' ||
  name === 'gallery_load_samples'

/** The column naming a row's property. */
export const PROPERTY_COLUMN = 'property_id'

/**
 * Which of a table's rows are one property's: those naming it (own), those whose column
 * refers to a property's row of a parent table (media_texts.parent_id → media), or those a
 * property's row of a child table refers to through a foreign key that deletes it with them
 * (a duplicate group, named by its members).
 */
export type TableScope =
  | { kind: 'own' }
  | { kind: 'parent'; column: string; parent: string; parentColumn: string }
  | { kind: 'child'; column: string; child: string; childColumn: string }

export type TableShape = {
  name: string
  /** Columns in the table's order; generated columns are left out (they cannot be written). */
  columns: string[]
  /** Columns filled from a sequence (serial ids): the sequence is moved past restored values. */
  serialColumns: string[]
  /** Which rows are a property's. */
  scope: TableScope
  /** Columns unique on their own (primary key, unique indexes): a restore checks no other property holds its values. */
  uniqueColumns: string[]
  /** Columns naming rows outside the backup that may be gone when it is restored. */
  looseReferences?: LooseReference[]
}

type ForeignKey = { child: string; parent: string }

/**
 * A foreign key as the scopes read it: one column (wider keys are left out), whether it cascades
 * on delete, and whether it sets the column to null on delete.
 */
export type ForeignKeyColumns = ForeignKey & { childColumn: string | null; parentColumn: string | null; cascades: boolean; setsNull?: boolean }

/**
 * A column naming a row of a table no backup holds (share_links.created_by_id → users) whose key
 * lets that row go (ON DELETE SET NULL): a restore writes null where the row is gone since.
 */
export type LooseReference = { column: string; parent: string; parentColumn: string }

/** A backed-up table none of whose rows can be told to be a property's: backups refuse to run. */
export class UnscopedTable extends Error {
  constructor(tables: string[]) {
    super(`The backed-up table${tables.length === 1 ? '' : 's'} ${tables.join(', ')} belong${tables.length === 1 ? 's' : ''} to no property: no backup can be made until ${tables.length === 1 ? 'it has' : 'they have'} a property_id column or a foreign key to a table that has one.`)
    this.name = 'UnscopedTable'
  }
}

/**
 * The closure of tables to back up, parents before children (the order to insert in), from the
 * root tables and `propertyTables` (those with a property_id column) that are not excluded.
 */
export function backupTableOrder(foreignKeys: ForeignKey[], propertyTables: readonly string[] = []): string[] {
  const members = new Set<string>([...ROOT_TABLES, ...propertyTables.filter((table) => !isExcludedTable(table))])
  for (let grew = true; grew; ) {
    grew = false
    for (const { child, parent } of foreignKeys) {
      if (child === parent) continue
      if (members.has(parent) && !members.has(child) && !isExcludedTable(child)) {
        members.add(child)
        grew = true
      }
      if (members.has(child) && !members.has(parent) && !isExcludedTable(parent)) {
        members.add(parent)
        grew = true
      }
    }
  }
  // Kahn's algorithm over the edges inside the closure; ties in name order for a stable file.
  const edges = foreignKeys.filter((fk) => fk.child !== fk.parent && members.has(fk.child) && members.has(fk.parent))
  const ordered: string[] = []
  const remaining = new Set(members)
  while (remaining.size) {
    const ready = [...remaining]
      .filter((table) => !edges.some((fk) => fk.child === table && remaining.has(fk.parent)))
      .sort()
    if (!ready.length) throw new Error(`The tables ${[...remaining].join(', ')} reference each other in a cycle`)
    for (const table of ready) {
      ordered.push(table)
      remaining.delete(table)
    }
  }
  return ordered
}

/**
 * Each table's scope: its own property_id column, else a one-column foreign key to a table
 * with a scope, else (only then) a child with a scope whose foreign key deletes its rows with
 * the child's. Throws UnscopedTable naming the tables left without one.
 */
export function tableScopes(tables: string[], columnsOf: (table: string) => string[], foreignKeys: ForeignKeyColumns[]): Map<string, TableScope> {
  const scopes = new Map<string, TableScope>()
  for (const table of tables) if (columnsOf(table).includes(PROPERTY_COLUMN)) scopes.set(table, { kind: 'own' })
  const single = [...foreignKeys]
    .filter((fk) => fk.child !== fk.parent && fk.childColumn && fk.parentColumn && tables.includes(fk.child) && tables.includes(fk.parent))
    .sort((a, b) => `${a.child}.${a.childColumn}`.localeCompare(`${b.child}.${b.childColumn}`))
  const unscoped = () => tables.filter((table) => !scopes.has(table)).sort()
  for (let grew = true; grew; ) {
    grew = false
    for (const table of unscoped()) {
      const fk = single.find((key) => key.child === table && scopes.has(key.parent))
      if (fk) {
        scopes.set(table, { kind: 'parent', column: fk.childColumn!, parent: fk.parent, parentColumn: fk.parentColumn! })
        grew = true
      }
    }
    if (grew) continue
    for (const table of unscoped()) {
      const fk = single.find((key) => key.parent === table && key.cascades && scopes.has(key.child))
      if (fk) {
        scopes.set(table, { kind: 'child', column: fk.parentColumn!, child: fk.child, childColumn: fk.childColumn! })
        grew = true
      }
    }
  }
  const left = unscoped()
  if (left.length) throw new UnscopedTable(left)
  return scopes
}

/**
 * The condition for "rows of this property" of a table, as the text before and after the
 * property's parameter: `WHERE ${before}${scope}${after}` (property-db.ts binds the scope).
 * Names are quoted identifiers from the catalogue.
 */
export function ownedRowsWhere(table: string, scopes: ReadonlyMap<string, TableScope>): { before: string; after: string } {
  const scope = scopes.get(table)
  if (!scope) throw new UnscopedTable([table])
  if (scope.kind === 'own') return { before: `${ident(PROPERTY_COLUMN)} = `, after: '' }
  const [column, other, otherColumn] =
    scope.kind === 'parent' ? [scope.column, scope.parent, scope.parentColumn] : [scope.column, scope.child, scope.childColumn]
  const inner = ownedRowsWhere(other, scopes)
  return {
    before: `${ident(column)} IN (SELECT ${ident(otherColumn)} FROM ${ident(other)} WHERE ${inner.before}`,
    after: `${inner.after})`,
  }
}

/** The scopes of a list of shapes, for ownedRowsWhere. */
export const scopesOf = (shapes: TableShape[]): Map<string, TableScope> => new Map(shapes.map((shape) => [shape.name, shape.scope]))

/**
 * The order a restore deletes a property's rows in: children before parents, except that a
 * table scoped through a child goes just before it (its rows are found through the child's,
 * and the child's go with them).
 */
export function deleteOrder(shapes: TableShape[]): string[] {
  const order = shapes.map((shape) => shape.name).reverse()
  for (const shape of shapes) {
    if (shape.scope.kind !== 'child') continue
    order.splice(order.indexOf(shape.name), 1)
    order.splice(order.indexOf(shape.scope.child), 0, shape.name)
  }
  return order
}

/** The tables to back up, in insert order, with their current columns and scopes. */
export async function readTableShapes(client: PoolClient): Promise<TableShape[]> {
  const { rows: foreignKeys } = await client.query<ForeignKeyColumns>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
            CASE WHEN cardinality(c.conkey) = 1
                 THEN (SELECT attname FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = c.conkey[1]) END AS "childColumn",
            CASE WHEN cardinality(c.confkey) = 1
                 THEN (SELECT attname FROM pg_attribute WHERE attrelid = c.confrelid AND attnum = c.confkey[1]) END AS "parentColumn",
            c.confdeltype = 'c' AS cascades, c.confdeltype = 'n' AS "setsNull"
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  )
  const keys = foreignKeys.map((fk) => ({ ...fk, child: unquote(fk.child), parent: unquote(fk.parent) }))
  const { rows: propertyTables } = await client.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND c.column_name = $1 AND t.table_type = 'BASE TABLE'`,
    [PROPERTY_COLUMN],
  )
  const order = backupTableOrder(keys, propertyTables.map((row) => row.table_name))
  const { rows: columns } = await client.query<{ table_name: string; column_name: string; serial: boolean }>(
    `SELECT table_name, column_name, coalesce(column_default LIKE 'nextval(%', false) AS serial
       FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY($1) AND is_generated = 'NEVER'
      ORDER BY table_name, ordinal_position`,
    [order],
  )
  const { rows: unique } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT DISTINCT i.indrelid::regclass::text AS table_name, a.attname AS column_name
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE i.indisunique AND i.indnatts = 1 AND i.indpred IS NULL AND i.indexprs IS NULL
        AND i.indrelid::regclass::text = ANY($1)`,
    [order],
  )
  const columnsOf = (name: string) => columns.filter((column) => column.table_name === name).map((column) => column.column_name)
  const scopes = tableScopes(order, columnsOf, keys)
  return order.map((name) => ({
    name,
    columns: columnsOf(name),
    serialColumns: columns.filter((column) => column.table_name === name && column.serial).map((column) => column.column_name),
    scope: scopes.get(name)!,
    uniqueColumns: unique.filter((row) => unquote(row.table_name) === name).map((row) => row.column_name).sort(),
    looseReferences: looseReferences(name, order, keys),
  }))
}

/** A table's columns that name rows outside the backup (not its property) and become null when those go. */
export function looseReferences(table: string, members: readonly string[], foreignKeys: ForeignKeyColumns[]): LooseReference[] {
  return foreignKeys
    .filter((fk) => fk.child === table && fk.setsNull && !members.includes(fk.parent) && fk.childColumn && fk.parentColumn)
    .filter((fk) => fk.childColumn !== PROPERTY_COLUMN)
    .map((fk) => ({ column: fk.childColumn!, parent: fk.parent, parentColumn: fk.parentColumn! }))
    .sort((a, b) => a.column.localeCompare(b.column))
}

const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1')

/** A quoted SQL identifier (table and column names come from the catalogue or a verified backup). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
