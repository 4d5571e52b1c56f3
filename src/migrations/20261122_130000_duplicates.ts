// Duplicate detection (docs/architecture.md §9): scans (one running at a time, with real progress)
// and the groups the last scan found. Groups are plain rows, not a Payload collection:
// derived data the scan job rewrites as a whole. A member row references its media row
// with ON DELETE CASCADE, so a file deleted by any path (our API, Payload's editor, a
// restore, a script) leaves its groups at once; a statement trigger then drops groups
// left with fewer than two files. The jobs queue learns the scan's task name. `embedding` is the analysis embedding's shared column.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "embedding" real[];
    ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'scanDuplicates';
    ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'scanDuplicates';

    CREATE TABLE IF NOT EXISTS "duplicate_scans" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "status" varchar NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'done', 'failed')),
      "processed" integer NOT NULL DEFAULT 0,
      "total" integer NOT NULL DEFAULT 0,
      "duplicate_groups" integer,
      "error" varchar,
      "started_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "finished_at" timestamp(3) with time zone
    );
    -- At most one running scan: a second start finds the first instead.
    CREATE UNIQUE INDEX IF NOT EXISTS "duplicate_scans_one_running" ON "duplicate_scans" ((true)) WHERE "status" = 'running';
    CREATE INDEX IF NOT EXISTS "duplicate_scans_started_at_idx" ON "duplicate_scans" ("started_at");

    CREATE TABLE IF NOT EXISTS "duplicate_groups" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "scan_id" uuid REFERENCES "duplicate_scans"("id") ON DELETE SET NULL,
      "confidence" integer NOT NULL CHECK ("confidence" BETWEEN 0 AND 100),
      "reason" varchar NOT NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );

    CREATE TABLE IF NOT EXISTS "duplicate_group_members" (
      "group_id" uuid NOT NULL REFERENCES "duplicate_groups"("id") ON DELETE CASCADE,
      "media_id" uuid NOT NULL REFERENCES "media"("id") ON DELETE CASCADE,
      "position" integer NOT NULL,
      PRIMARY KEY ("group_id", "media_id")
    );
    CREATE INDEX IF NOT EXISTS "duplicate_group_members_media_idx" ON "duplicate_group_members" ("media_id");

    CREATE OR REPLACE FUNCTION "duplicate_groups_drop_singles"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM "duplicate_groups" g
       WHERE g."id" IN (SELECT DISTINCT "group_id" FROM gone)
         AND (SELECT count(*) FROM "duplicate_group_members" m WHERE m."group_id" = g."id") < 2;
      RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS "duplicate_group_members_drop_singles" ON "duplicate_group_members";
    CREATE TRIGGER "duplicate_group_members_drop_singles"
      AFTER DELETE ON "duplicate_group_members"
      REFERENCING OLD TABLE AS gone
      FOR EACH STATEMENT EXECUTE FUNCTION "duplicate_groups_drop_singles"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS "duplicate_group_members";
    DROP FUNCTION IF EXISTS "duplicate_groups_drop_singles"();
    DROP TABLE IF EXISTS "duplicate_groups";
    DROP TABLE IF EXISTS "duplicate_scans";
  `)
}
