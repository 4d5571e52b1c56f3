// Migrations carry Payload's names (YYYYMMDD_HHMMSS_name); five had other names until 2026-11-25
// (src/server/db/migration-names.ts). Releases since then renamed them at every start; now a
// database that still records an earlier name is refused at start, before Payload would run its
// migrations again, and is left as it was.
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../src/migrations'
import { poolOf } from '../../src/server/db/pool'
import { testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

/** As an installation that never started a release with the rename recorded them. */
const EARLIER_NAMES: Array<[earlier: string, today: string]> = [
  ['20261123_016000_backup_runs', '20261123_020000_backup_runs'],
  ['20261123_0260_job_lost_claims', '20261123_030000_job_lost_claims'],
]

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
})

afterAll(async () => {
  for (const [earlier, today] of EARLIER_NAMES) await pool.query('UPDATE payload_migrations SET name = $1 WHERE name = $2', [today, earlier])
})

const applied = async () =>
  (await pool.query<{ id: string; name: string; batch: string }>(`SELECT id, name, batch FROM payload_migrations ORDER BY name`)).rows

describe('migrations recorded under their earlier names', () => {
  it('a database that recorded them is refused at start, with what to do, and nothing runs or changes', async () => {
    expect((await applied()).map((row) => row.name)).toEqual(migrations.map((migration) => migration.name))
    for (const [earlier, today] of EARLIER_NAMES) {
      const { rowCount } = await pool.query('UPDATE payload_migrations SET name = $1 WHERE name = $2', [earlier, today])
      expect(rowCount).toBe(1)
    }
    const before = await applied()

    // What every start runs: Payload's onInit (the check and the migrations under the start-up lock).
    await expect(payload.config.onInit!(payload)).rejects.toThrow(
      'This database records migrations under names the gallery stopped using on 2026-11-25 (20261123_016000_backup_runs, 20261123_0260_job_lost_claims). ' +
        'Start a release of the gallery from 2026-11-25 to 2026-11-29 once, which renames them, then this one. Nothing was changed.',
    )

    // The same records (ids, names and batches), none added: no migration ran.
    expect(await applied()).toEqual(before)
  })
})
