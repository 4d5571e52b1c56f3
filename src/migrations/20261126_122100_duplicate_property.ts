// Duplicate groups belong to a property (docs/properties-design.md §2.1): a scan groups only its
// property's media and replaces only its property's groups. Raw-SQL table, by hand: the groups
// so far are the default property's; a group without a property is refused; a removed
// property's groups go with it (derived data, rewritten by the next scan). Members are scoped
// through their group.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "duplicate_groups" ADD COLUMN "property_id" uuid REFERENCES "properties"("id") ON DELETE CASCADE;
    UPDATE "duplicate_groups" SET "property_id" = (SELECT "id" FROM "properties" WHERE "is_default");
    ALTER TABLE "duplicate_groups" ALTER COLUMN "property_id" SET NOT NULL;
    CREATE INDEX "duplicate_groups_property_idx" ON "duplicate_groups" ("property_id", "confidence" DESC);
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP INDEX IF EXISTS "duplicate_groups_property_idx";
    ALTER TABLE "duplicate_groups" DROP COLUMN IF EXISTS "property_id";
  `)
}
