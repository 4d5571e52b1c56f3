// Roles (docs/properties-design.md §3, §4 step 1): every account gets a role, a property
// manager unless a platform admin chooses another. Beside what Payload generates for the
// field, by hand: every account that exists before this migration becomes a platform admin,
// so it keeps doing everything it did.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_role" AS ENUM('platform-admin', 'property-manager', 'content-editor');
  ALTER TABLE "users" ADD COLUMN "role" "enum_users_role" DEFAULT 'property-manager' NOT NULL;`)

  // By hand: the accounts made before roles existed could do everything.
  await db.execute(sql`UPDATE "users" SET "role" = 'platform-admin';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" DROP COLUMN "role";
  DROP TYPE "public"."enum_users_role";`)
}
