// Image load durations reported by visitors' browsers (Resource Timing), the source of
// the Avg Load Time stat. Plain rows, written by the metrics endpoint only.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "gallery_load_samples" (
      "id" bigserial PRIMARY KEY,
      "duration_ms" integer NOT NULL CHECK ("duration_ms" >= 0 AND "duration_ms" <= 60000),
      "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS "gallery_load_samples_created_at_idx" ON "gallery_load_samples" ("created_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "gallery_load_samples"`)
}
