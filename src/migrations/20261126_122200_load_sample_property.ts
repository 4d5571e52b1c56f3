// Load-time samples belong to a property (docs/properties-design.md §2.1): a visitor's report
// counts for the property whose page it came from, and each property's Avg Load Time averages
// its own. The samples so far are the default property's; a sample without a property is
// refused; a removed property's samples go with it.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "gallery_load_samples" ADD COLUMN "property_id" uuid REFERENCES "properties"("id") ON DELETE CASCADE;
    UPDATE "gallery_load_samples" SET "property_id" = (SELECT "id" FROM "properties" WHERE "is_default");
    ALTER TABLE "gallery_load_samples" ALTER COLUMN "property_id" SET NOT NULL;
    CREATE INDEX "gallery_load_samples_property_created_at_idx" ON "gallery_load_samples" ("property_id", "created_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP INDEX IF EXISTS "gallery_load_samples_property_created_at_idx";
    ALTER TABLE "gallery_load_samples" DROP COLUMN IF EXISTS "property_id";
  `)
}
