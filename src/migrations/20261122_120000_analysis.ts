// Analysis (docs/architecture.md §8): the analysis-owned columns of media that are not Payload
// fields (written and read with SQL only, so no editor's save ever rewrites them), the
// embedding as a plain real[] (shared with duplicate detection), the analysis runs that
// Analyze All reports progress from, and the analysis task in the jobs enums.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE IF NOT EXISTS 'analyzeMedia';
    ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE IF NOT EXISTS 'analyzeMedia';
  `)
  await db.execute(sql`
    DO $$ BEGIN
      -- The first schema had the embedding as a Payload json field (never written).
      IF EXISTS (SELECT 1 FROM information_schema.columns
                  WHERE table_schema = current_schema() AND table_name = 'media'
                    AND column_name = 'embedding' AND data_type = 'jsonb') THEN
        ALTER TABLE "media" ALTER COLUMN "embedding" TYPE real[] USING NULL;
      END IF;
    END $$;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "embedding" real[];
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "category_confidence" real;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "analysis_description" varchar;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "analysis_error" varchar;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "suggested_section_id" varchar;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "suggested_room" varchar;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "suggestion_confidence" real;

    CREATE TABLE IF NOT EXISTS "gallery_analysis_runs" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "force" boolean NOT NULL DEFAULT false,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS "gallery_analysis_run_items" (
      "run_id" uuid NOT NULL REFERENCES "gallery_analysis_runs" ("id") ON DELETE CASCADE,
      "media_id" uuid NOT NULL,
      "state" varchar NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'analyzed', 'skipped')),
      "reason" varchar,
      PRIMARY KEY ("run_id", "media_id")
    );
    CREATE INDEX IF NOT EXISTS "gallery_analysis_run_items_pending_idx"
      ON "gallery_analysis_run_items" ("run_id") WHERE "state" = 'pending';
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TABLE IF EXISTS "gallery_analysis_run_items";
    DROP TABLE IF EXISTS "gallery_analysis_runs";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "category_confidence";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "analysis_description";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "analysis_error";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "suggested_section_id";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "suggested_room";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "suggestion_confidence";
  `)
}
