// Idle job workers sleep until told (src/server/jobs/job-wakeups.ts): a row of payload_jobs that
// becomes claimable — a new job, or one put back after a failed attempt — sends NOTIFY on
// "gallery_jobs" with its queue, delivered at commit, whichever process or tool wrote it.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION "payload_jobs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('gallery_jobs', coalesce(NEW."queue", 'default'));
      RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS "payload_jobs_notify" ON "payload_jobs";
    CREATE TRIGGER "payload_jobs_notify" AFTER INSERT OR UPDATE ON "payload_jobs"
      FOR EACH ROW
      WHEN (NEW."processing" IS NOT TRUE AND NEW."completed_at" IS NULL AND NEW."has_error" IS NOT TRUE)
      EXECUTE FUNCTION "payload_jobs_notify"();
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    DROP TRIGGER IF EXISTS "payload_jobs_notify" ON "payload_jobs";
    DROP FUNCTION IF EXISTS "payload_jobs_notify"();
  `)
}
