// Share links (guests issue, item 2): a manager gives someone a link to a section, a room or a
// chosen set of photos, with an expiry, hidden photos included if they choose. Written by hand:
// share_links is a plain table of src/server/share-links, never a Payload collection (links are
// made, listed and revoked through the product's own routes only). A property's links go with it.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "share_links" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
      "property_id" uuid NOT NULL REFERENCES "properties" ("id") ON DELETE CASCADE,
      "token" varchar(64) NOT NULL UNIQUE,
      "section_key" varchar(48),
      "room" varchar(120),
      "media_ids" uuid[],
      "include_hidden" boolean NOT NULL DEFAULT false,
      "expires_at" timestamp(3) with time zone NOT NULL,
      "revoked_at" timestamp(3) with time zone,
      "created_by_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      "opens" integer NOT NULL DEFAULT 0,
      CONSTRAINT "share_links_names_photos" CHECK ("section_key" IS NOT NULL OR "room" IS NOT NULL OR "media_ids" IS NOT NULL)
    );
    CREATE INDEX "share_links_property_idx" ON "share_links" ("property_id", "expires_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "share_links";`)
}
