import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_runs_kind" ADD VALUE 'export';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "runs" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_runs_kind";
  CREATE TYPE "public"."enum_runs_kind" AS ENUM('analysis', 'duplicates', 'backup', 'restore');
  ALTER TABLE "runs" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_runs_kind" USING "kind"::"public"."enum_runs_kind";`)
}
