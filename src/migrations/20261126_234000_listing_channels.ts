// A manager's choices per listing channel (listing-ready issue, item 5): which photos go to the
// channel (null: every visible photo) and its cover (null: the first of the tour). Written by
// hand: listing_channels is a plain table of src/server/listing, read and written through the
// product's own routes only. Photo ids are checked against the property's visible photos when
// read, so a deleted or hidden photo simply drops out. A property's choices go with it.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "listing_channels" (
      "property_id" uuid NOT NULL REFERENCES "properties" ("id") ON DELETE CASCADE,
      "channel" varchar(16) NOT NULL,
      "media_ids" uuid[],
      "cover_id" uuid,
      "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
      PRIMARY KEY ("property_id", "channel")
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "listing_channels";`)
}
