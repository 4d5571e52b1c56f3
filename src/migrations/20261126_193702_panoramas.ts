import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_media_detected_projection" AS ENUM('equirectangular');
  CREATE TYPE "public"."enum_media_projection_choice" AS ENUM('equirectangular', 'flat');
  ALTER TABLE "media" ADD COLUMN "detected_projection" "enum_media_detected_projection";
  ALTER TABLE "media" ADD COLUMN "panorama_shape" boolean DEFAULT false;
  ALTER TABLE "media" ADD COLUMN "projection_choice" "enum_media_projection_choice";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" DROP COLUMN "detected_projection";
  ALTER TABLE "media" DROP COLUMN "panorama_shape";
  ALTER TABLE "media" DROP COLUMN "projection_choice";
  DROP TYPE "public"."enum_media_detected_projection";
  DROP TYPE "public"."enum_media_projection_choice";`)
}
