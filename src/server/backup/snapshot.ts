// Reading the gallery's rows for a backup (the object keys in them are found by format.ts).
import type { PoolClient } from 'pg'
import { ident } from './tables'

/** Migrations this database has applied, oldest first (names start with their timestamp). */
export async function appliedMigrations(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT name FROM payload_migrations WHERE name <> 'dev' ORDER BY name`,
  )
  return rows.map((row) => row.name)
}

/** Every row of a table as PostgreSQL's own JSON (types kept exactly: timestamps, arrays, jsonb). */
export async function tableRowsJson(client: PoolClient, table: string): Promise<{ rowsJson: string; count: number }> {
  const { rows } = await client.query<{ rows: string; count: string }>(
    `SELECT coalesce(json_agg(t), '[]')::text AS rows, count(*)::text AS count FROM ${ident(table)} t`,
  )
  return { rowsJson: rows[0].rows, count: Number(rows[0].count) }
}
