// The read-model version (see src/server/cache/read-version.ts): one counter row that
// statement-level triggers bump on any write to media, their arrays, or sections,
// whichever process or tool makes the write.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

const TABLES = ['media', 'media_texts', 'gallery_sections']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "gallery_read_version" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "version" bigint NOT NULL DEFAULT 1
    );
    INSERT INTO "gallery_read_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
    CREATE OR REPLACE FUNCTION "gallery_bump_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE "gallery_read_version" SET "version" = "version" + 1 WHERE "id" = 1;
      RETURN NULL;
    END $$;
    CREATE INDEX IF NOT EXISTS "media_texts_parent_idx" ON "media_texts" USING btree ("parent_id");
  `)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`CREATE TRIGGER "${table}_bump_read_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION "gallery_bump_read_version"()`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) {
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_bump_read_version" ON "${table}"`))
  }
  await db.execute(sql`
    DROP FUNCTION IF EXISTS "gallery_bump_read_version"();
    DROP TABLE IF EXISTS "gallery_read_version";
    DROP INDEX IF EXISTS "media_texts_parent_idx";
  `)
}
