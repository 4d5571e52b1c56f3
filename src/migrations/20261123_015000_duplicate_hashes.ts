// Two more hashes ingest stores for the duplicate scan (src/server/duplicates): the pHash of
// the image mirrored left–right, and the pHashes of a 3 × 3 grid of its regions. Media processed
// before this migration have neither: the scan predicts their mirror hash from the pHash
// and matches them without regions until they are processed again.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "mirror_hash" varchar;
    ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "region_hashes" jsonb;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" DROP COLUMN IF EXISTS "mirror_hash";
    ALTER TABLE "media" DROP COLUMN IF EXISTS "region_hashes";
  `)
}
