// Analysis wrote "A photo." (or "A dark photo in gray tones.") as the description of a photo
// where it could name neither the room or scene nor an object; listing packs then sent it as
// the caption. It writes nothing there now (src/server/analysis/describe.ts); this takes back the
// sentences of that form it wrote before, where they are still its own (the manager never
// changed them), so those photos have no caption, as a new analysis leaves them. Written by
// hand: data only, no schema change.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/** describe()'s sentence with no room, scene or object in it. */
const PLACEHOLDER = '^An? (bright |dark )?photo( in [a-z]+( and [a-z]+)? tones)?\\.$'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    UPDATE "media" SET "description" = NULL
     WHERE "description" = "analysis_description" AND "description" ~ ${PLACEHOLDER}`)
  await db.execute(sql`UPDATE "media" SET "analysis_description" = NULL WHERE "analysis_description" ~ ${PLACEHOLDER}`)
}

/** The sentences said nothing: they are not written back. */
export async function down(_args: MigrateDownArgs): Promise<void> {}
