// What analysis last filed a photo under (like analysis_description for its description), so
// a re-analysis replaces the category only while it is still analysis's own, never one the
// manager chose in Payload's edit view. Analysed rows start with the category they have: it
// cannot be told now whether analysis or the manager set it, and analysis set nearly all.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "analysis_category" varchar;
    UPDATE "media" SET "analysis_category" = "category" WHERE "is_analyzed" AND "analysis_category" IS NULL;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" DROP COLUMN IF EXISTS "analysis_category";
  `)
}
