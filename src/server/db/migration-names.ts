// Migrations are named as Payload's `migrate:create` names them, YYYYMMDD_HHMMSS_name, so
// their names sort in the order they run. A few early ones had other names, and databases
// and backups made then still record those. This is the one place that knows them: start-up
// renames them in payload_migrations before Payload migrates (so nothing applied runs again),
// and a restore reads the schema a backup records through it.
import type { Pool } from 'pg'

/** Each earlier name and the migration's name today. */
export const LEGACY_MIGRATION_NAMES: ReadonlyMap<string, string> = new Map([
  ['20261123_016000_backup_runs', '20261123_020000_backup_runs'],
  ['20261123_0171_restore_tidy', '20261123_021000_restore_tidy'],
  ['20261123_0173_jobs_notify', '20261123_022000_jobs_notify'],
  ['20261123_0250_hash_backfill_task', '20261123_025000_hash_backfill_task'],
  ['20261123_0260_job_lost_claims', '20261123_030000_job_lost_claims'],
])

/** The name a migration has today, given any name it was ever recorded under. */
export function currentMigrationName(name: string): string {
  return LEGACY_MIGRATION_NAMES.get(name) ?? name
}

/**
 * Records the applied migrations under today's names. A fresh database has no
 * payload_migrations table yet (the first migration makes it): nothing to rename.
 */
export async function renameLegacyMigrations(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ exists: boolean }>(`SELECT to_regclass('payload_migrations') IS NOT NULL AS exists`)
  if (!rows[0].exists) return
  await pool.query(
    `UPDATE payload_migrations m SET name = renamed.name
       FROM unnest($1::text[], $2::text[]) AS renamed(legacy, name)
      WHERE m.name = renamed.legacy`,
    [[...LEGACY_MIGRATION_NAMES.keys()], [...LEGACY_MIGRATION_NAMES.values()]],
  )
}
