// A property's removal takes a final backup of it (docs/properties-design.md §3.4): backups
// gain the kind 'final'. Written by hand (backups is a plain table of src/server/backup).
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "backups" DROP CONSTRAINT "backups_kind_check";
    ALTER TABLE "backups" ADD CONSTRAINT "backups_kind_check"
      CHECK ("kind" IN ('auto', 'upload', 'manual', 'restore-point', 'final'));
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // A final backup stays a backup: it is listed as a manual one.
  await db.execute(sql`
    UPDATE "backups" SET "kind" = 'manual' WHERE "kind" = 'final';
    ALTER TABLE "backups" DROP CONSTRAINT "backups_kind_check";
    ALTER TABLE "backups" ADD CONSTRAINT "backups_kind_check" CHECK ("kind" IN ('auto', 'upload', 'manual', 'restore-point'));
  `)
}
