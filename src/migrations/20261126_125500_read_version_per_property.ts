// The read-model version per property (docs/properties-design.md §2.1, §5 step 7): one counter
// row per property, bumped once per transaction (at commit) for each property whose media,
// their texts, sections or own record the transaction changed. A write in one property leaves
// the other properties' prepared answers, ETags and cached pages valid. A TRUNCATE (no row
// events) bumps every property. The triggers made by the earlier migrations keep calling the
// same two functions, which now find the property of the row they fire for.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "gallery_read_version_by_property" (
      "property_id" uuid PRIMARY KEY REFERENCES "properties" ("id") ON DELETE CASCADE,
      "version" bigint NOT NULL DEFAULT 1
    );
    INSERT INTO "gallery_read_version_by_property" ("property_id", "version")
      SELECT p."id", coalesce((SELECT "version" FROM "gallery_read_version" WHERE "id" = 1), 1) FROM "properties" p;
    DROP TABLE "gallery_read_version";
    ALTER TABLE "gallery_read_version_by_property" RENAME TO "gallery_read_version";

    CREATE OR REPLACE FUNCTION "gallery_bump_property_version"("property" uuid) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE flag text := 'gallery.read_version_bumped_' || replace("property"::text, '-', '');
    BEGIN
      IF current_setting(flag, true) = 'on' THEN RETURN; END IF;
      PERFORM set_config(flag, 'on', true);
      -- A property removed in this transaction has no version left to move.
      INSERT INTO "gallery_read_version" ("property_id", "version")
        SELECT "property", 1 WHERE EXISTS (SELECT 1 FROM "properties" WHERE "id" = "property")
        ON CONFLICT ("property_id") DO UPDATE SET "version" = "gallery_read_version"."version" + 1;
    END $$;

    -- PL/pgSQL compiles a trigger function for each table it fires on: each branch reads
    -- only the columns its table has.
    CREATE OR REPLACE FUNCTION "gallery_bump_read_version_once"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE property uuid;
    BEGIN
      IF TG_TABLE_NAME IN ('media', 'gallery_sections') THEN
        IF TG_OP = 'DELETE' THEN property := OLD."property_id"; ELSE property := NEW."property_id"; END IF;
        -- A record that moved between properties (never through the product) moves both.
        IF TG_OP = 'UPDATE' AND OLD."property_id" IS DISTINCT FROM NEW."property_id" THEN
          PERFORM "gallery_bump_property_version"(OLD."property_id");
        END IF;
      ELSIF TG_TABLE_NAME = 'media_texts' THEN
        IF TG_OP = 'DELETE' THEN
          SELECT m."property_id" INTO property FROM "media" m WHERE m."id" = OLD."parent_id";
        ELSE
          SELECT m."property_id" INTO property FROM "media" m WHERE m."id" = NEW."parent_id";
        END IF;
      ELSIF TG_TABLE_NAME = 'properties' THEN
        IF TG_OP = 'DELETE' THEN property := OLD."id"; ELSE property := NEW."id"; END IF;
      ELSIF TG_TABLE_NAME = 'properties_domains' THEN
        IF TG_OP = 'DELETE' THEN property := OLD."_parent_id"; ELSE property := NEW."_parent_id"; END IF;
      END IF;
      IF property IS NOT NULL THEN PERFORM "gallery_bump_property_version"(property); END IF;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION "gallery_bump_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE "gallery_read_version" SET "version" = "version" + 1;
      RETURN NULL;
    END $$;
  `)
}

/** Back to one counter for the installation (the highest of the properties'). */
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE "gallery_read_version_single" (
      "id" integer PRIMARY KEY CHECK ("id" = 1),
      "version" bigint NOT NULL DEFAULT 1
    );
    INSERT INTO "gallery_read_version_single" ("id", "version") SELECT 1, coalesce(max("version"), 1) FROM "gallery_read_version";
    DROP TABLE "gallery_read_version";
    ALTER TABLE "gallery_read_version_single" RENAME TO "gallery_read_version";
    DROP FUNCTION "gallery_bump_property_version"(uuid);
    CREATE OR REPLACE FUNCTION "gallery_bump_read_version_once"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('gallery.read_version_bumped', true) = 'on' THEN RETURN NULL; END IF;
      PERFORM set_config('gallery.read_version_bumped', 'on', true);
      UPDATE "gallery_read_version" SET "version" = "version" + 1 WHERE "id" = 1;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION "gallery_bump_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE "gallery_read_version" SET "version" = "version" + 1 WHERE "id" = 1;
      RETURN NULL;
    END $$;
  `)
}
