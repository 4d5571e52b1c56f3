// Non-destructive edits (src/lib/edits.ts): each photo's edit list, its version and the version its
// renditions show, the original's size, and the task that renders a saved version.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'renderMediaEdits';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'renderMediaEdits';
  ALTER TABLE "media" ADD COLUMN "edit_operations" jsonb;
  ALTER TABLE "media" ADD COLUMN "edit_version" numeric DEFAULT 0;
  ALTER TABLE "media" ADD COLUMN "original_width" numeric;
  ALTER TABLE "media" ADD COLUMN "original_height" numeric;
  ALTER TABLE "media" ADD COLUMN "rendered_edit_version" numeric DEFAULT 0;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'ingestMedia', 'analyzeMedia', 'scanDuplicates', 'backfillDuplicateHashes', 'backfillPublicCopies', 'makeAvifRenditions', 'backfillAvifRenditions', 'backfillQualityIssues', 'backup', 'exportListingPack');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'ingestMedia', 'analyzeMedia', 'scanDuplicates', 'backfillDuplicateHashes', 'backfillPublicCopies', 'makeAvifRenditions', 'backfillAvifRenditions', 'backfillQualityIssues', 'backup', 'exportListingPack');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "media" DROP COLUMN "edit_operations";
  ALTER TABLE "media" DROP COLUMN "edit_version";
  ALTER TABLE "media" DROP COLUMN "original_width";
  ALTER TABLE "media" DROP COLUMN "original_height";
  ALTER TABLE "media" DROP COLUMN "rendered_edit_version";`)
}
