// One owner per table: every table of the database the migrations make is described to Payload
// — a collection's, or one of the gallery's own declared to the adapter
// (src/server/db/gallery-tables.ts) — so `npm run migrate:create` generates the migration of any
// change to it. The gallery's declarations are held to the tables the migrations made: the same
// columns (type, nullability, default or none), primary key, foreign keys, checks, uniques and
// indexes, by name.
import { getTableConfig, type PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { GALLERY_TABLE_NAMES } from '../../src/server/db/gallery-tables'
import { testPayload } from '../helpers/payload'

let payload: Payload
const declared = () => (payload.db as unknown as { tables: Record<string, PgTable> }).tables
const sql = async <T,>(text: string, params: unknown[] = []) => (await poolOf(payload).query(text, params)).rows as T[]

/** The database's name of a column type as drizzle spells it. */
const TYPES: Record<string, string> = {
  varchar: 'varchar',
  bigint: 'int8',
  bigserial: 'int8',
  integer: 'int4',
  'timestamp with time zone': 'timestamptz',
  uuid: 'uuid',
  'text[]': '_text',
  'uuid[]': '_uuid',
  boolean: 'bool',
}

beforeAll(async () => {
  payload = await testPayload()
}, 120_000)

describe('every table has one owner', () => {
  it('every table in the database is one Payload describes', async () => {
    const tables = (await sql<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)).map(
      (row) => row.name,
    )
    const described = new Set(Object.keys(declared()))
    expect(tables.filter((name) => !described.has(name)).sort()).toEqual([])
    for (const name of GALLERY_TABLE_NAMES) expect(described.has(name), name).toBe(true)
  })

  for (const name of GALLERY_TABLE_NAMES) {
    it(`${name} is in the database as declared`, async () => {
      const config = getTableConfig(declared()[name])
      const columns = await sql<{ name: string; type: string; nullable: string; has_default: boolean }>(
        `SELECT column_name AS name, udt_name AS type, is_nullable AS nullable, column_default IS NOT NULL AS has_default
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY column_name`,
        [name],
      )
      expect(columns.map((column) => [column.name, column.type, column.nullable === 'NO', column.has_default])).toEqual(
        [...config.columns]
          .sort((a, b) => (a.name < b.name ? -1 : 1))
          .map((column) => [column.name, TYPES[column.getSQLType()] ?? column.getSQLType(), column.notNull, column.hasDefault || column.getSQLType() === 'bigserial']),
      )

      const constraints = await sql<{ name: string }>(`SELECT conname AS name FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY 1`, [name])
      const primaryKeyName = config.primaryKeys[0]?.getName() ?? `${name}_pkey`
      expect(constraints.map((row) => row.name)).toEqual(
        [
          primaryKeyName,
          ...config.foreignKeys.map((key) => key.getName()),
          ...config.checks.map((check) => check.name),
          ...config.uniqueConstraints.map((constraint) => constraint.getName()),
        ].sort(),
      )

      const indexes = await sql<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY 1`, [name])
      expect(indexes.map((row) => row.name)).toEqual(
        [primaryKeyName, ...config.uniqueConstraints.map((constraint) => constraint.getName()), ...config.indexes.map((index) => index.config.name!)].sort(),
      )
    })
  }
})
