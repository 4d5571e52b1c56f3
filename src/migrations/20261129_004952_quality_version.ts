// media.qualityVersion: which measure wrote a photo's quality codes (src/server/media/quality.ts
// QUALITY_VERSION). Rows written before have none, and the quality backfill measures them again.
import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" ADD COLUMN "quality_version" numeric;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" DROP COLUMN "quality_version";`)
}
