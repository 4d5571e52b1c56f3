// Migrations are named as Payload's `migrate:create` names them, YYYYMMDD_HHMMSS_name, so
// their names sort in the order they run. Five early ones had other names until 2026-11-25;
// releases from then until 2026-11-29 renamed them in payload_migrations at every start. That
// renaming is gone: a database that still records an earlier name has not started any of those
// releases, and starting now would run its migrations again, so start-up refuses it and says
// what to do. Backups made before the rename record the earlier names too, and are read
// through this map for as long as they are restorable.
import type { Pool } from 'pg'

/** Each earlier name and the migration's name today. */
export const LEGACY_MIGRATION_NAMES: ReadonlyMap<string, string> = new Map([
  ['20261123_016000_backup_runs', '20261123_020000_backup_runs'],
  ['20261123_0171_restore_tidy', '20261123_021000_restore_tidy'],
  ['20261123_0173_jobs_notify', '20261123_022000_jobs_notify'],
  ['20261123_0250_hash_backfill_task', '20261123_025000_hash_backfill_task'],
  ['20261123_0260_job_lost_claims', '20261123_030000_job_lost_claims'],
])

/** The name a migration has today, given any name a backup recorded it under. */
export function currentMigrationName(name: string): string {
  return LEGACY_MIGRATION_NAMES.get(name) ?? name
}

export class LegacyMigrationNames extends Error {
  constructor(names: string[]) {
    super(
      `This database records migrations under names the gallery stopped using on 2026-11-25 (${names.join(', ')}). ` +
        'Start a release of the gallery from 2026-11-25 to 2026-11-29 once, which renames them, then this one. Nothing was changed.',
    )
    this.name = 'LegacyMigrationNames'
  }
}

/**
 * Refuses a database that recorded a migration under an earlier name, before Payload migrates
 * (it would run that migration again). A fresh database has no payload_migrations table yet.
 */
export async function refuseLegacyMigrationNames(pool: Pool): Promise<void> {
  const { rows: table } = await pool.query<{ exists: boolean }>(`SELECT to_regclass('payload_migrations') IS NOT NULL AS exists`)
  if (!table[0].exists) return
  const { rows } = await pool.query<{ name: string }>(`SELECT name FROM payload_migrations WHERE name = ANY($1::text[]) ORDER BY name`, [
    [...LEGACY_MIGRATION_NAMES.keys()],
  ])
  if (rows.length) throw new LegacyMigrationNames(rows.map((row) => row.name))
}
