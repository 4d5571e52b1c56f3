// From here Payload's generator owns the gallery's tables that are no collection's
// (src/server/db/gallery-tables.ts, declared to the adapter by the plugin): this migration's
// snapshot (the .json beside it) is the first to describe them, so `npm run migrate:create`
// writes the migration of any later change to them. The migrations before it made the tables
// by hand, as declared (tests/int/schema-owner.int.spec.ts holds the declarations to the
// database they make), so there is nothing to do to the database here.
import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
