// Nothing to run: the schema snapshot beside this file (its .json) records the tables Payload's
// config describes, as the migrations before this one already made them (most by hand), so
// `payload migrate:create` diffs the config against the database's real shape again.
// Tables, columns, indexes and triggers those migrations made that the config does not
// describe are in neither snapshot, and a diff between two snapshots leaves them alone.
// tests/tools/check-migrations.ts fails while the config and the latest snapshot differ.
import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
