import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_runs_kind" ADD VALUE 'export';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'exportListingPack';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'exportListingPack';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "runs" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_runs_kind";
  CREATE TYPE "public"."enum_runs_kind" AS ENUM('analysis', 'duplicates', 'backup', 'restore');
  ALTER TABLE "runs" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_runs_kind" USING "kind"::"public"."enum_runs_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'ingestMedia', 'analyzeMedia', 'scanDuplicates', 'backfillDuplicateHashes', 'backfillPublicCopies', 'makeAvifRenditions', 'backfillAvifRenditions', 'backfillQualityIssues', 'backup');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'ingestMedia', 'analyzeMedia', 'scanDuplicates', 'backfillDuplicateHashes', 'backfillPublicCopies', 'makeAvifRenditions', 'backfillAvifRenditions', 'backfillQualityIssues', 'backup');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
