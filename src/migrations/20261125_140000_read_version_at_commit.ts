// The read-model version is bumped once per transaction, as it commits, instead of by every
// statement as it runs. The bump updates one row, and its lock is held until commit: taken at
// a transaction's first write, it made every other writer of the gallery wait for the whole of
// that transaction (an upload's create waited behind the creates before it, over 1 s each in a
// 200-file batch). Taken at commit, it is held for the commit alone, and a reader still sees the
// new version together with the rows that moved it. A TRUNCATE (no row events) bumps at once.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

const TABLES = ['media', 'media_texts', 'gallery_sections', 'property_settings']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION "gallery_bump_read_version_once"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('gallery.read_version_bumped', true) = 'on' THEN RETURN NULL; END IF;
      PERFORM set_config('gallery.read_version_bumped', 'on', true);
      UPDATE "gallery_read_version" SET "version" = "version" + 1 WHERE "id" = 1;
      RETURN NULL;
    END $$;
  `)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`
        DROP TRIGGER IF EXISTS "${table}_bump_read_version" ON "${table}";
        CREATE CONSTRAINT TRIGGER "${table}_bump_read_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_bump_read_version_once"();
        DROP TRIGGER IF EXISTS "${table}_bump_read_version_truncate" ON "${table}";
        CREATE TRIGGER "${table}_bump_read_version_truncate" AFTER TRUNCATE ON "${table}"
          FOR EACH STATEMENT EXECUTE FUNCTION "gallery_bump_read_version"();`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`
        DROP TRIGGER IF EXISTS "${table}_bump_read_version" ON "${table}";
        DROP TRIGGER IF EXISTS "${table}_bump_read_version_truncate" ON "${table}";
        CREATE TRIGGER "${table}_bump_read_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
          FOR EACH STATEMENT EXECUTE FUNCTION "gallery_bump_read_version"();`),
    )
  }
  await db.execute(sql`DROP FUNCTION IF EXISTS "gallery_bump_read_version_once"();`)
}
