// The object moves a restore owes after its commit (objects only the replaced rows used go
// to trash/, trash copies of what it brought back are removed), written in the restore's own
// transaction so a restore killed after its commit is finished by the next backup or restore.
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "backup_restore_tidy" (
      "key" varchar PRIMARY KEY NOT NULL,
      "action" varchar NOT NULL CHECK ("action" IN ('to-trash', 'clear-trash')),
      "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
    );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "backup_restore_tidy";`)
}
