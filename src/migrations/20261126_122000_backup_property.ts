// A backup holds one property (docs/properties-design.md §2.5). Written by hand (plain tables
// of src/server/backup, not Payload collections): each backup names its property, and its slug
// so a removed property's final backup stays identifiable; the object index knows whose rows
// refer to each key, so a backup prunes only its own property's entries. What exists is the
// default property's; queued backup jobs learn it too.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "backups" ADD COLUMN "property_id" uuid REFERENCES "properties" ("id") ON DELETE SET NULL;
    ALTER TABLE "backups" ADD COLUMN "property_slug" varchar;
    UPDATE "backups" SET "property_id" = p."id", "property_slug" = p."slug" FROM "properties" p WHERE p."is_default";
    CREATE INDEX "backups_property_completed_idx" ON "backups" ("property_id", "status", "completed_at" DESC);

    ALTER TABLE "backup_object_index" ADD COLUMN "property_id" uuid REFERENCES "properties" ("id") ON DELETE CASCADE;
    UPDATE "backup_object_index" SET "property_id" = (SELECT "id" FROM "properties" WHERE "is_default");
    ALTER TABLE "backup_object_index" ALTER COLUMN "property_id" SET NOT NULL;
    CREATE INDEX "backup_object_index_property_idx" ON "backup_object_index" ("property_id");

    UPDATE "payload_jobs"
       SET "input" = "input" || jsonb_build_object('propertyId', (SELECT "id"::text FROM "properties" WHERE "is_default"))
     WHERE "task_slug" = 'backup' AND "completed_at" IS NULL AND NOT ("input" ? 'runId') AND NOT ("input" ? 'propertyId');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    UPDATE "payload_jobs" SET "input" = "input" - 'propertyId' WHERE "task_slug" = 'backup' AND "completed_at" IS NULL;
    DROP INDEX "backup_object_index_property_idx";
    ALTER TABLE "backup_object_index" DROP COLUMN "property_id";
    DROP INDEX "backups_property_completed_idx";
    ALTER TABLE "backups" DROP COLUMN "property_slug";
    ALTER TABLE "backups" DROP COLUMN "property_id";`)
}
