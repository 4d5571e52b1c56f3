// Each listing channel's cover crops as the manager framed them (else a content-aware frame is used).
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "listing_channels" ADD COLUMN "cover_crops" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "listing_channels" DROP COLUMN "cover_crops";`)
}
