// The gallery's tables that are not a collection's — work records, indexes and per-property
// settings the services read and write with SQL — declared to Payload's database adapter (its
// afterSchemaInit hook, added by the plugin), so that Payload's schema describes every table
// and `npm run migrate:create` generates the migration of any change to them, as it does for the
// collections. They are not collections because nobody edits them in the admin, and their
// writers need statements Payload's API does not offer (upserts, counters, partial indexes).
// The migrations before 20261128_120000_gallery_tables made them by hand; that migration's
// snapshot is where the generator takes over. tests/int/schema-owner.int.spec.ts holds each
// declaration to the database the migrations make.
import { sql } from '@payloadcms/db-postgres/drizzle'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'

type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

/** timestamptz, read as a string (as Payload's own columns). */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

export const galleryTables: PostgresSchemaHook = ({ schema }) => {
  // In the default schema, where the gallery's SQL names them.
  const table = pgTable
  const { properties, media, runs, users } = schema.tables
  const propertyOf = (name: string, column: AnyPgColumn, onDelete: 'cascade' | 'set null' = 'cascade') =>
    foreignKey({ name, columns: [column], foreignColumns: [properties.id] }).onDelete(onDelete)

  const backupObjectIndex = table(
    'backup_object_index',
    {
      key: varchar('key').primaryKey(),
      size: bigint('size', { mode: 'number' }).notNull(),
      etag: varchar('etag'),
      checked_at: at('checked_at').notNull().defaultNow(),
      property_id: uuid('property_id').notNull(),
    },
    (t) => [index('backup_object_index_property_idx').on(t.property_id), propertyOf('backup_object_index_property_id_fkey', t.property_id)],
  )

  const backupRestoreTidy = table(
    'backup_restore_tidy',
    {
      key: varchar('key').primaryKey(),
      action: varchar('action').notNull(),
      created_at: at('created_at').notNull().defaultNow(),
    },
    (t) => [check('backup_restore_tidy_action_check', sql`${t.action} IN ('to-trash', 'clear-trash')`)],
  )

  const backupSchedulerHeartbeat = table(
    'backup_scheduler_heartbeat',
    {
      id: integer('id').primaryKey(),
      beat_at: at('beat_at').notNull(),
      instance: varchar('instance'),
    },
    (t) => [check('backup_scheduler_heartbeat_id_check', sql`${t.id} = 1`)],
  )

  const backups = table(
    'backups',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      kind: varchar('kind').notNull(),
      status: varchar('status').notNull().default('running'),
      file: varchar('file').notNull(),
      object_key: varchar('object_key').notNull(),
      temp_key: varchar('temp_key').notNull(),
      sha256: varchar('sha256'),
      bytes: bigint('bytes', { mode: 'number' }),
      format: integer('format'),
      migration: varchar('migration'),
      media_count: integer('media_count'),
      section_count: integer('section_count'),
      object_count: integer('object_count'),
      manifest_keys: text('manifest_keys').array(),
      error: varchar('error'),
      snapshot_at: at('snapshot_at'),
      started_at: at('started_at').notNull().defaultNow(),
      completed_at: at('completed_at'),
      property_id: uuid('property_id'),
      property_slug: varchar('property_slug'),
    },
    (t) => [
      index('backups_status_completed_idx').on(t.status, t.completed_at.desc()),
      index('backups_property_completed_idx').on(t.property_id, t.status, t.completed_at.desc()),
      check('backups_kind_check', sql`${t.kind} IN ('auto', 'upload', 'manual', 'restore-point', 'final')`),
      check('backups_status_check', sql`${t.status} IN ('running', 'complete', 'failed')`),
      // A property's deletion keeps its final backup (kind 'final'), no longer tied to it.
      propertyOf('backups_property_id_fkey', t.property_id, 'set null'),
    ],
  )

  const duplicateGroups = table(
    'duplicate_groups',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      scan_id: uuid('scan_id'),
      confidence: integer('confidence').notNull(),
      reason: varchar('reason').notNull(),
      created_at: at('created_at').notNull().defaultNow(),
      property_id: uuid('property_id').notNull(),
    },
    (t) => [
      index('duplicate_groups_property_idx').on(t.property_id, t.confidence.desc()),
      check('duplicate_groups_confidence_check', sql`${t.confidence} >= 0 AND ${t.confidence} <= 100`),
      propertyOf('duplicate_groups_property_id_fkey', t.property_id),
    ],
  )

  const duplicateGroupMembers = table(
    'duplicate_group_members',
    {
      group_id: uuid('group_id').notNull(),
      media_id: uuid('media_id').notNull(),
      position: integer('position').notNull(),
    },
    (t) => [
      primaryKey({ name: 'duplicate_group_members_pkey', columns: [t.group_id, t.media_id] }),
      index('duplicate_group_members_media_idx').on(t.media_id),
      foreignKey({ name: 'duplicate_group_members_group_id_fkey', columns: [t.group_id], foreignColumns: [duplicateGroups.id] }).onDelete('cascade'),
      foreignKey({ name: 'duplicate_group_members_media_id_fkey', columns: [t.media_id], foreignColumns: [media.id] }).onDelete('cascade'),
    ],
  )

  // No foreign key to media: an item keeps why its photo was skipped after the photo is deleted.
  const analysisRunItems = table(
    'gallery_analysis_run_items',
    {
      run_id: uuid('run_id').notNull(),
      media_id: uuid('media_id').notNull(),
      state: varchar('state').notNull().default('pending'),
      reason: varchar('reason'),
    },
    (t) => [
      primaryKey({ name: 'gallery_analysis_run_items_pkey', columns: [t.run_id, t.media_id] }),
      index('gallery_analysis_run_items_pending_idx').on(t.run_id).where(sql`${t.state} = 'pending'`),
      check('gallery_analysis_run_items_state_check', sql`${t.state} IN ('pending', 'analyzed', 'skipped')`),
      foreignKey({ name: 'gallery_analysis_run_items_run_id_runs_fk', columns: [t.run_id], foreignColumns: [runs.id] }).onDelete('cascade'),
    ],
  )

  const loadSamples = table(
    'gallery_load_samples',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      duration_ms: integer('duration_ms').notNull(),
      created_at: at('created_at').notNull().defaultNow(),
      property_id: uuid('property_id').notNull(),
    },
    (t) => [
      index('gallery_load_samples_created_at_idx').on(t.created_at),
      index('gallery_load_samples_property_created_at_idx').on(t.property_id, t.created_at),
      check('gallery_load_samples_duration_ms_check', sql`${t.duration_ms} >= 0 AND ${t.duration_ms} <= 60000`),
      propertyOf('gallery_load_samples_property_id_fkey', t.property_id),
    ],
  )

  // The read model's version per property (docs/architecture.md §12); its constraints keep the
  // names of the table it was renamed from.
  const readVersion = table(
    'gallery_read_version',
    {
      property_id: uuid('property_id').notNull(),
      version: bigint('version', { mode: 'number' }).notNull().default(1),
    },
    (t) => [
      primaryKey({ name: 'gallery_read_version_by_property_pkey', columns: [t.property_id] }),
      propertyOf('gallery_read_version_by_property_property_id_fkey', t.property_id),
    ],
  )

  const listingChannels = table(
    'listing_channels',
    {
      property_id: uuid('property_id').notNull(),
      channel: varchar('channel').notNull(),
      media_ids: uuid('media_ids').array(),
      cover_id: uuid('cover_id'),
      // The manager's framing of the cover's crops ({ mediaId, editVersion, crops: { '1:1': {x,y,width,height} } }).
      cover_crops: jsonb('cover_crops'),
      updated_at: at('updated_at').notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ name: 'listing_channels_pkey', columns: [t.property_id, t.channel] }),
      propertyOf('listing_channels_property_id_fkey', t.property_id),
    ],
  )

  const shareLinks = table(
    'share_links',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      property_id: uuid('property_id').notNull(),
      token: varchar('token').notNull(),
      section_key: varchar('section_key'),
      room: varchar('room'),
      media_ids: uuid('media_ids').array(),
      include_hidden: boolean('include_hidden').notNull().default(false),
      expires_at: at('expires_at').notNull(),
      revoked_at: at('revoked_at'),
      created_by_id: uuid('created_by_id'),
      created_at: at('created_at').notNull().defaultNow(),
      opens: integer('opens').notNull().default(0),
    },
    (t) => [
      unique('share_links_token_key').on(t.token),
      index('share_links_property_idx').on(t.property_id, t.expires_at),
      check('share_links_names_photos', sql`${t.section_key} IS NOT NULL OR ${t.room} IS NOT NULL OR ${t.media_ids} IS NOT NULL`),
      propertyOf('share_links_property_id_fkey', t.property_id),
      foreignKey({ name: 'share_links_created_by_id_fkey', columns: [t.created_by_id], foreignColumns: [users.id] }).onDelete('set null'),
    ],
  )

  return {
    ...schema,
    tables: {
      ...schema.tables,
      backup_object_index: backupObjectIndex,
      backup_restore_tidy: backupRestoreTidy,
      backup_scheduler_heartbeat: backupSchedulerHeartbeat,
      backups,
      duplicate_groups: duplicateGroups,
      duplicate_group_members: duplicateGroupMembers,
      gallery_analysis_run_items: analysisRunItems,
      gallery_load_samples: loadSamples,
      gallery_read_version: readVersion,
      listing_channels: listingChannels,
      share_links: shareLinks,
    },
  }
}

/** The tables above, by name (for the check that the database has them as declared). */
export const GALLERY_TABLE_NAMES = [
  'backup_object_index',
  'backup_restore_tidy',
  'backup_scheduler_heartbeat',
  'backups',
  'duplicate_groups',
  'duplicate_group_members',
  'gallery_analysis_run_items',
  'gallery_load_samples',
  'gallery_read_version',
  'listing_channels',
  'share_links',
] as const
