// A job whose processing kills its worker (a decoder crash, the OOM killer on one hostile file)
// must not be claimed again for ever: each claim of a row still marked processing (its previous
// claimer never recorded an end) is counted, and after MAX_LOST_CLAIMS the next claimer fails
// the job with a reason instead of running it (src/server/jobs/crash-limit.ts).
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "payload_jobs" ADD COLUMN IF NOT EXISTS "lost_claims" integer NOT NULL DEFAULT 0;
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "payload_jobs" DROP COLUMN IF EXISTS "lost_claims";`)
}
