// The property settings global (globals/property-settings): one table, as Payload's postgres
// adapter names it. A change to it bumps the read-model version like media and sections do,
// so cached public pages (header, overview, link previews) follow at once.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "property_settings" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
      "property_name" varchar,
      "tagline" varchar,
      "about" jsonb,
      "cover_photo_id" uuid,
      "booking_url" varchar,
      "updated_at" timestamp(3) with time zone,
      "created_at" timestamp(3) with time zone
    );
    DO $$ BEGIN
      ALTER TABLE "property_settings" ADD CONSTRAINT "property_settings_cover_photo_id_media_id_fk"
        FOREIGN KEY ("cover_photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
    EXCEPTION WHEN duplicate_object THEN NULL;
    END $$;
    CREATE INDEX IF NOT EXISTS "property_settings_cover_photo_idx" ON "property_settings" USING btree ("cover_photo_id");
    DROP TRIGGER IF EXISTS "property_settings_bump_read_version" ON "property_settings";
    CREATE TRIGGER "property_settings_bump_read_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_settings"
      FOR EACH STATEMENT EXECUTE FUNCTION "gallery_bump_read_version"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "property_settings_bump_read_version" ON "property_settings";
    DROP TABLE IF EXISTS "property_settings";
  `)
}
