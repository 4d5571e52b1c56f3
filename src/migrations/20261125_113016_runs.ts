// Runs (docs/architecture.md §11): one table for every long piece of work (the `runs` collection),
// replacing gallery_analysis_runs, duplicate_scans and backup_runs. Beside what Payload
// generates for the collection, by hand: at most one running run per kind (a partial unique
// index Payload cannot express); an analysis run's items (per photo, written by each photo's
// job) now belong to runs, and a trigger counts an item's outcome on its run and ends the run
// with its last one, whoever records it (the analysis, or the crash limit giving a photo up).
// Runs under way are moved with their ids (their queued jobs name them); finished runs of the
// old tables are dropped. Scan jobs queued before this name their run as scanId: they get runId.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'
import { up as analysisTablesUp } from './20261122_120000_analysis'
import { up as duplicatesTablesUp } from './20261122_130000_duplicates'
import { up as backupRunsUp } from './20261123_020000_backup_runs'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_runs_kind" AS ENUM('analysis', 'duplicates', 'backup', 'restore');
  CREATE TYPE "public"."enum_runs_status" AS ENUM('running', 'done', 'failed');
  CREATE TABLE "runs" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"kind" "enum_runs_kind" NOT NULL,
  	"status" "enum_runs_status" DEFAULT 'running' NOT NULL,
  	"done" numeric DEFAULT 0 NOT NULL,
  	"total" numeric DEFAULT 0 NOT NULL,
  	"step" varchar,
  	"error" varchar,
  	"error_status" numeric,
  	"detail" jsonb,
  	"result" jsonb,
  	"started_by_id" uuid,
  	"finished_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "runs_id" uuid;
  ALTER TABLE "runs" ADD CONSTRAINT "runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "runs_kind_idx" ON "runs" USING btree ("kind");
  CREATE INDEX "runs_started_by_idx" ON "runs" USING btree ("started_by_id");
  CREATE INDEX "runs_updated_at_idx" ON "runs" USING btree ("updated_at");
  CREATE INDEX "runs_created_at_idx" ON "runs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_runs_fk" FOREIGN KEY ("runs_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_runs_id_idx" ON "payload_locked_documents_rels" USING btree ("runs_id");`)

  // By hand: what the config does not describe.
  await db.execute(sql`
    -- Runs under way keep their ids.
    INSERT INTO "runs" ("id", "kind", "status", "done", "total", "detail", "created_at")
    SELECT r."id", 'analysis', 'running', count(*) FILTER (WHERE i."state" <> 'pending'), count(*), jsonb_build_object('force', r."force"), r."created_at"
      FROM "gallery_analysis_runs" r JOIN "gallery_analysis_run_items" i ON i."run_id" = r."id"
     GROUP BY r."id", r."force", r."created_at"
    HAVING bool_or(i."state" = 'pending');
    INSERT INTO "runs" ("id", "kind", "status", "done", "total", "created_at", "updated_at")
    SELECT "id", 'duplicates', 'running', "processed", "total", "started_at", "updated_at" FROM "duplicate_scans" WHERE "status" = 'running';
    UPDATE "payload_jobs" SET "input" = "input" || jsonb_build_object('runId', "input"->>'scanId')
     WHERE "task_slug" = 'scanDuplicates' AND "input" ? 'scanId' AND NOT "input" ? 'runId';
    -- A restore done but still owing its tidying is kept too (its job finishes it).
    INSERT INTO "runs" ("id", "kind", "status", "step", "result", "error", "error_status", "detail", "created_at", "updated_at", "finished_at")
    SELECT "id", (CASE "operation" WHEN 'create' THEN 'backup' ELSE 'restore' END)::"enum_runs_kind", "status"::"enum_runs_status",
           "step", "result", "error", "error_status", jsonb_strip_nulls(jsonb_build_object('backupId', "backup_id", 'tidy', "tidy")),
           "created_at", "updated_at", "finished_at"
      FROM "backup_runs" WHERE "status" = 'running' OR "tidy" IS NOT NULL;
    -- Only the newest may stay running per kind (an old analysis run may have lost its jobs).
    UPDATE "runs" SET "status" = 'failed', "error" = 'The run stopped: its job ended without finishing it.', "error_status" = 500, "finished_at" = now()
     WHERE "status" = 'running'
       AND "id" NOT IN (SELECT DISTINCT ON ("kind") "id" FROM "runs" WHERE "status" = 'running' ORDER BY "kind", "created_at" DESC);
    CREATE UNIQUE INDEX "runs_one_running_idx" ON "runs" ("kind") WHERE "status" = 'running';

    DELETE FROM "gallery_analysis_run_items" i WHERE NOT EXISTS (SELECT 1 FROM "runs" r WHERE r."id" = i."run_id");
    ALTER TABLE "gallery_analysis_run_items" DROP CONSTRAINT IF EXISTS "gallery_analysis_run_items_run_id_fkey";
    ALTER TABLE "gallery_analysis_run_items" ADD CONSTRAINT "gallery_analysis_run_items_run_id_runs_fk"
      FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE;
    CREATE OR REPLACE FUNCTION "runs_count_analysis_item"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE "runs" SET "done" = "done" + 1, "updated_at" = now() WHERE "id" = NEW."run_id" AND "status" = 'running';
      UPDATE "runs" r SET "status" = 'done', "finished_at" = now(),
             "result" = (SELECT jsonb_build_object('analyzed', count(*) FILTER (WHERE i."state" = 'analyzed'),
                                                   'skipped', count(*) FILTER (WHERE i."state" = 'skipped'))
                           FROM "gallery_analysis_run_items" i WHERE i."run_id" = r."id")
       WHERE r."id" = NEW."run_id" AND r."status" = 'running'
         AND NOT EXISTS (SELECT 1 FROM "gallery_analysis_run_items" p WHERE p."run_id" = r."id" AND p."state" = 'pending');
      RETURN NULL;
    END $$;
    CREATE TRIGGER "gallery_analysis_run_items_count" AFTER UPDATE OF "state" ON "gallery_analysis_run_items"
      FOR EACH ROW WHEN (OLD."state" = 'pending' AND NEW."state" <> 'pending') EXECUTE FUNCTION "runs_count_analysis_item"();

    -- A group remembers the run that found it; runs are not kept for ever (nor backed up).
    ALTER TABLE "duplicate_groups" DROP CONSTRAINT IF EXISTS "duplicate_groups_scan_id_fkey";
    DROP TABLE "duplicate_scans";
    DROP TABLE "backup_runs";
    DROP TABLE "gallery_analysis_runs";
  `)
}

export async function down(args: MigrateDownArgs): Promise<void> {
  const { db } = args
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "gallery_analysis_run_items_count" ON "gallery_analysis_run_items";
    DROP FUNCTION IF EXISTS "runs_count_analysis_item"();
    DELETE FROM "gallery_analysis_run_items";
    ALTER TABLE "gallery_analysis_run_items" DROP CONSTRAINT IF EXISTS "gallery_analysis_run_items_run_id_runs_fk";
    UPDATE "duplicate_groups" SET "scan_id" = NULL;
  `)
  await db.execute(sql`
   ALTER TABLE "runs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "runs" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_runs_fk";
  
  DROP INDEX "payload_locked_documents_rels_runs_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "runs_id";
  DROP TYPE "public"."enum_runs_kind";
  DROP TYPE "public"."enum_runs_status";`)
  // The old run tables as their migrations made them (each written IF NOT EXISTS).
  await duplicatesTablesUp(args as unknown as MigrateUpArgs)
  await db.execute(sql`
    ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_scan_id_fkey" FOREIGN KEY ("scan_id") REFERENCES "duplicate_scans"("id") ON DELETE SET NULL;
  `)
  await analysisTablesUp(args as unknown as MigrateUpArgs)
  await db.execute(sql`
    ALTER TABLE "gallery_analysis_run_items" ADD CONSTRAINT "gallery_analysis_run_items_run_id_fkey"
      FOREIGN KEY ("run_id") REFERENCES "gallery_analysis_runs" ("id") ON DELETE CASCADE;
  `)
  await backupRunsUp(args as unknown as MigrateUpArgs)
}
