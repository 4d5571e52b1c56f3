// Which tables a backup holds, read from the database itself at backup and restore time:
// gallery_sections and media, every table that references one of them (media_texts,
// media_rels, …) and every table those reference in turn, minus accounts, Payload's own
// bookkeeping and the backup tables. Other features add columns and child tables to media;
// reading the catalogue means a backup covers them without a code change.
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

export type TableShape = {
  name: string
  /** Columns in the table's order; generated columns are left out (they cannot be written). */
  columns: string[]
  /** Columns filled from a sequence (serial ids): the sequence is moved past restored values. */
  serialColumns: string[]
}

type ForeignKey = { child: string; parent: string }

/** The closure of tables to back up, parents before children (the order to insert in). */
export function backupTableOrder(foreignKeys: ForeignKey[]): string[] {
  const members = new Set<string>(ROOT_TABLES)
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

/** The tables to back up, in insert order, with their current columns. */
export async function readTableShapes(client: PoolClient): Promise<TableShape[]> {
  const { rows: foreignKeys } = await client.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  )
  const order = backupTableOrder(foreignKeys.map(({ child, parent }) => ({ child: unquote(child), parent: unquote(parent) })))
  const { rows: columns } = await client.query<{ table_name: string; column_name: string; serial: boolean }>(
    `SELECT table_name, column_name, coalesce(column_default LIKE 'nextval(%', false) AS serial
       FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY($1) AND is_generated = 'NEVER'
      ORDER BY table_name, ordinal_position`,
    [order],
  )
  return order.map((name) => {
    const own = columns.filter((column) => column.table_name === name)
    return {
      name,
      columns: own.map((column) => column.column_name),
      serialColumns: own.filter((column) => column.serial).map((column) => column.column_name),
    }
  })
}

const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1')

/** A quoted SQL identifier (table and column names come from the catalogue or a verified backup). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
