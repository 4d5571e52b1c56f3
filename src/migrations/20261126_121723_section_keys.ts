// Sections get a key (docs/properties-design.md §2.1, §4 step 4): the spec's section id
// ('upstairs') becomes `key`, unique within a property, and the record's own id a uuid, so
// every property can have its own 'upstairs'. Payload generated the column types and indexes;
// the swap is by hand, because an id like 'upstairs' cannot be cast to a uuid: each section
// gets a new uuid, media follow their section to it, and the constraints are made again (a
// photo still never sits in another property's section). Locks on sections (Payload's
// locked-documents rows, transient) are dropped.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" DROP CONSTRAINT "media_section_same_property_fk";
    ALTER TABLE "media" DROP CONSTRAINT "media_section_id_gallery_sections_id_fk";
    ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_gallery_sections_fk";
    ALTER TABLE "gallery_sections" DROP CONSTRAINT "gallery_sections_property_id_id_unique";
    DELETE FROM "payload_locked_documents_rels" WHERE "gallery_sections_id" IS NOT NULL;

    ALTER TABLE "gallery_sections" ADD COLUMN "key" varchar;
    UPDATE "gallery_sections" SET "key" = "id";
    ALTER TABLE "gallery_sections" ALTER COLUMN "key" SET NOT NULL;
    ALTER TABLE "gallery_sections" ADD COLUMN "new_id" uuid DEFAULT gen_random_uuid() NOT NULL;

    ALTER TABLE "media" ADD COLUMN "section_uuid" uuid;
    UPDATE "media" m SET "section_uuid" = s."new_id" FROM "gallery_sections" s WHERE s."id" = m."section_id";
    ALTER TABLE "media" DROP COLUMN "section_id";
    ALTER TABLE "media" RENAME COLUMN "section_uuid" TO "section_id";

    ALTER TABLE "gallery_sections" DROP CONSTRAINT "gallery_sections_pkey";
    ALTER TABLE "gallery_sections" DROP COLUMN "id";
    ALTER TABLE "gallery_sections" RENAME COLUMN "new_id" TO "id";
    ALTER TABLE "gallery_sections" ADD PRIMARY KEY ("id");
    ALTER TABLE "payload_locked_documents_rels" ALTER COLUMN "gallery_sections_id" SET DATA TYPE uuid USING NULL;

    ALTER TABLE "media" ADD CONSTRAINT "media_section_id_gallery_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."gallery_sections"("id") ON DELETE set null ON UPDATE no action;
    CREATE INDEX "media_section_idx" ON "media" USING btree ("section_id");
    ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_gallery_sections_fk" FOREIGN KEY ("gallery_sections_id") REFERENCES "public"."gallery_sections"("id") ON DELETE cascade ON UPDATE no action;
    CREATE INDEX "gallery_sections_key_idx" ON "gallery_sections" USING btree ("key");
    CREATE UNIQUE INDEX "property_key_idx" ON "gallery_sections" USING btree ("property_id","key");
    ALTER TABLE "gallery_sections" ADD CONSTRAINT "gallery_sections_property_id_id_unique" UNIQUE ("property_id", "id");
    ALTER TABLE "media" ADD CONSTRAINT "media_section_same_property_fk" FOREIGN KEY ("property_id", "section_id")
      REFERENCES "gallery_sections" ("property_id", "id");`)
}

/** Back to keys as ids: only while no two properties share a key. */
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "media" DROP CONSTRAINT "media_section_same_property_fk";
    ALTER TABLE "media" DROP CONSTRAINT "media_section_id_gallery_sections_id_fk";
    ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_gallery_sections_fk";
    ALTER TABLE "gallery_sections" DROP CONSTRAINT "gallery_sections_property_id_id_unique";
    DROP INDEX "gallery_sections_key_idx";
    DROP INDEX "property_key_idx";
    DELETE FROM "payload_locked_documents_rels" WHERE "gallery_sections_id" IS NOT NULL;

    ALTER TABLE "media" ADD COLUMN "section_key" varchar;
    UPDATE "media" m SET "section_key" = s."key" FROM "gallery_sections" s WHERE s."id" = m."section_id";
    ALTER TABLE "media" DROP COLUMN "section_id";
    ALTER TABLE "media" RENAME COLUMN "section_key" TO "section_id";

    ALTER TABLE "gallery_sections" DROP CONSTRAINT "gallery_sections_pkey";
    ALTER TABLE "gallery_sections" DROP COLUMN "id";
    ALTER TABLE "gallery_sections" RENAME COLUMN "key" TO "id";
    ALTER TABLE "gallery_sections" ADD PRIMARY KEY ("id");
    ALTER TABLE "payload_locked_documents_rels" ALTER COLUMN "gallery_sections_id" SET DATA TYPE varchar;

    ALTER TABLE "media" ADD CONSTRAINT "media_section_id_gallery_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."gallery_sections"("id") ON DELETE set null ON UPDATE no action;
    CREATE INDEX "media_section_idx" ON "media" USING btree ("section_id");
    ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_gallery_sections_fk" FOREIGN KEY ("gallery_sections_id") REFERENCES "public"."gallery_sections"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "gallery_sections" ADD CONSTRAINT "gallery_sections_property_id_id_unique" UNIQUE ("property_id", "id");
    ALTER TABLE "media" ADD CONSTRAINT "media_section_same_property_fk" FOREIGN KEY ("property_id", "section_id")
      REFERENCES "gallery_sections" ("property_id", "id");`)
}
