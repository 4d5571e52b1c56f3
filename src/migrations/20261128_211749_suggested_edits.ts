// The edit that fixes each quality code (src/lib/quality-issues.ts SuggestedEdit): a straighten
// for a tilted photo, an exposure for a dark one (ingest), a rotate for one stored sideways (analysis).
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" ADD COLUMN "suggested_edits" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" DROP COLUMN "suggested_edits";`)
}
