// Reading the gallery's rows for a backup, and the object keys rows refer to.
import type { PoolClient } from 'pg'
import { OBJECT_KEY_PATTERN } from './format'
import { ident, type TableShape } from './tables'

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

/** Object keys referred to by any string value (nested ones too) of the given tables' rows. */
export async function referencedKeys(client: PoolClient, shapes: TableShape[]): Promise<Set<string>> {
  const keys = new Set<string>()
  for (const shape of shapes) {
    const { rows } = await client.query<{ key: string }>(
      `SELECT DISTINCT v #>> '{}' AS key
         FROM ${ident(shape.name)} t,
              jsonb_path_query(to_jsonb(t), 'strict $.** ? (@.type() == "string" && @ like_regex "${OBJECT_KEY_PATTERN}")') v`,
    )
    for (const row of rows) keys.add(row.key)
  }
  return keys
}
