// Create Backup and Restore run as jobs (docs/architecture.md §7, §10): one row per manual run, which
// the request waits on and the panel follows. A request joins the run already going instead
// of starting a second one (one running create, one running restore: partial unique index).
// The restore's outcome and what is left to tidy are written in the restore's own transaction.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "backup_runs" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "operation" varchar NOT NULL CHECK ("operation" IN ('create', 'restore')),
      "backup_id" uuid,
      "status" varchar NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'done', 'failed')),
      "step" varchar,
      "result" jsonb,
      "tidy" jsonb,
      "error" varchar,
      "error_status" integer,
      "job_id" uuid,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "finished_at" timestamp(3) with time zone
    );
    CREATE UNIQUE INDEX IF NOT EXISTS "backup_runs_one_running_idx" ON "backup_runs" ("operation") WHERE "status" = 'running';
    CREATE INDEX IF NOT EXISTS "backup_runs_created_idx" ON "backup_runs" ("created_at" DESC);
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "backup_runs";`)
}
