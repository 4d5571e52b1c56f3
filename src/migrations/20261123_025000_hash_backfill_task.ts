// The job that computes mirror and region hashes for media processed before ingest stored
// them (src/server/duplicates/backfill.ts): its task name in Payload's jobs tables.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(`ALTER TYPE "enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'backfillDuplicateHashes'`))
  await db.execute(sql.raw(`ALTER TYPE "enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'backfillDuplicateHashes'`))
}

export async function down(_args: MigrateDownArgs): Promise<void> {
  // PostgreSQL cannot drop a value from an enum; an unused value is harmless.
}
