// Reading one property's rows for a backup (the object keys in them are found by format.ts).
import type { PoolClient } from 'pg'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { ident, ownedRowsWhere, type TableScope } from './tables'

/** Migrations this database has applied, oldest first (names start with their timestamp). */
export async function appliedMigrations(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT name FROM payload_migrations WHERE name <> 'dev' ORDER BY name`,
  )
  return rows.map((row) => row.name)
}

/** The property's rows of a table as PostgreSQL's own JSON (types kept exactly: timestamps, arrays, jsonb). */
export async function tableRowsJson(
  client: PoolClient,
  scope: PropertyScope,
  table: string,
  scopes: ReadonlyMap<string, TableScope>,
): Promise<{ rowsJson: string; count: number }> {
  const where = ownedRowsWhere(table, scopes)
  const { rows } = await propertyDb(client, scope).query<{ rows: string; count: string }>`
    SELECT coalesce(json_agg(t), '[]')::text AS rows, count(*)::text AS count
      FROM ${raw(ident(table))} t WHERE ${raw(where.before)}${scope}${raw(where.after)}`
  return { rowsJson: rows[0].rows, count: Number(rows[0].count) }
}

/** Every property's rows of a table as JSON: which object keys any row refers to (keys are the installation's). */
export async function allRowsJson(client: PoolClient, table: string): Promise<string> {
  const { rows } = await client.query<{ rows: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS rows FROM ${ident(table)} t`)
  return rows[0].rows
}
