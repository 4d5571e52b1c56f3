// Backups (docs/architecture.md §10): one row per backup object in the store, the index of object
// sizes the manifests are built from, and the scheduler's heartbeat. Plain tables written with SQL by src/server/backup (not Payload collections:
// no editor writes them, and a restore must never touch them). The jobs queue learns the
// backup task's slug.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "backups" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "kind" varchar NOT NULL CHECK ("kind" IN ('auto', 'upload', 'manual', 'restore-point')),
      "status" varchar NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'complete', 'failed')),
      "file" varchar NOT NULL,
      "object_key" varchar NOT NULL,
      "temp_key" varchar NOT NULL,
      "sha256" varchar,
      "bytes" bigint,
      "format" integer,
      "migration" varchar,
      "media_count" integer,
      "section_count" integer,
      "object_count" integer,
      "manifest_keys" text[],
      "error" varchar,
      "snapshot_at" timestamp(3) with time zone,
      "started_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "completed_at" timestamp(3) with time zone
    );
    CREATE INDEX IF NOT EXISTS "backups_status_completed_idx" ON "backups" ("status", "completed_at" DESC);
    -- Size and ETag of each object the gallery's rows refer to, read once per key (keys are
    -- never reused for other content), so a backup asks the store only about new objects.
    CREATE TABLE IF NOT EXISTS "backup_object_index" (
      "key" varchar PRIMARY KEY,
      "size" bigint NOT NULL,
      "etag" varchar,
      "checked_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS "backup_scheduler_heartbeat" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "beat_at" timestamp(3) with time zone NOT NULL,
      "instance" varchar
    );
  `)
  await db.execute(sql.raw(`ALTER TYPE "enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'backup'`))
  await db.execute(sql.raw(`ALTER TYPE "enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'backup'`))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Enum values cannot be dropped in PostgreSQL; an unused 'backup' value is harmless.
  await db.execute(sql`
    DROP TABLE IF EXISTS "backup_scheduler_heartbeat";
    DROP TABLE IF EXISTS "backup_object_index";
    DROP TABLE IF EXISTS "backups";
  `)
}
