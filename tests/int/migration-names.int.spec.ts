// Migrations carry Payload's names (YYYYMMDD_HHMMSS_name); a few had other names before
// (src/server/db/migration-names.ts). An installation that applied them under those names
// starts as before: its records are renamed and no migration runs again.
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../src/migrations'
import { LEGACY_MIGRATION_NAMES } from '../../src/server/db/migration-names'
import { poolOf } from '../../src/server/db/pool'
import { testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
})

const applied = async () =>
  (await pool.query<{ id: string; name: string; batch: string }>(`SELECT id, name, batch FROM payload_migrations ORDER BY name`)).rows

describe('migrations renamed to Payload\'s format', () => {
  it('a database that recorded their earlier names starts without running any migration again', async () => {
    const before = await applied()
    expect(before.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name))
    // As an installation made before the rename recorded them.
    for (const [legacy, name] of LEGACY_MIGRATION_NAMES) {
      const { rowCount } = await pool.query('UPDATE payload_migrations SET name = $1 WHERE name = $2', [legacy, name])
      expect(rowCount).toBe(1)
    }

    // What every start runs: Payload's onInit (migrations under the start-up lock, then seeding).
    await payload.config.onInit!(payload)

    // The same records (ids and batches), under today's names, and none added: nothing ran again.
    expect(await applied()).toEqual(before)
  })
})
