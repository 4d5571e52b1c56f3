// Upgrading to properties (issue 25 item 8): an installation whose settings lived in the
// property-settings global becomes the default property with them, and a backup it made before
// the upgrade (format 1, the settings as the property_settings table) restores into it.
import zlib from 'node:zlib'
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../src/migrations'
import * as propertiesMigration from '../../src/migrations/20261126_115202_properties'
import { createBackup } from '../../src/server/backup/create-backup'
import { restoreBackup } from '../../src/server/backup/restore-backup'
import { poolOf } from '../../src/server/db/pool'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { putObject } from '../../src/server/storage/put-object'
import { readObject } from '../../src/server/storage/read-object'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

const migrationArgs = () => ({ db: (payload.db as unknown as { drizzle: never }).drizzle, payload, req: {} as never })

const defaultProperty = async () =>
  (
    await pool.query(
      `SELECT name, slug, tagline, about, cover_photo_id::text AS cover, booking_url, time_zone FROM properties WHERE is_default`,
    )
  ).rows

const about = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Stone walls.' }] }] } }

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
})

// The migration's down drops the properties table with everything that references it, the
// foreign keys later migrations added included, and its up does not add those again: the files
// after this one get the database the migrations make, made anew. This process keeps the
// default property's id (default-property.ts), so the new default property takes it over.
afterAll(async () => {
  const { id } = await defaultPropertyScope(payload)
  await pool.query('DROP SCHEMA public CASCADE')
  await pool.query('CREATE SCHEMA public')
  await payload.db.migrate({ migrations: [...migrations] as never })
  const { rows: references } = await pool.query<{ table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'properties'::regclass`,
  )
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query("SET LOCAL session_replication_role = 'replica'")
    const { rows } = await client.query<{ id: string }>('SELECT id::text AS id FROM properties WHERE is_default')
    await client.query('UPDATE properties SET id = $1 WHERE is_default', [id])
    for (const { table, column } of references) await client.query(`UPDATE ${table} SET "${column}" = $1 WHERE "${column}" = $2`, [id, rows[0].id])
    await client.query('COMMIT')
  } finally {
    client.release()
  }
}, 120_000)

describe('the upgrade to properties', () => {
  it('makes the global’s settings the default property, named as the pages named it', async () => {
    const cover = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'cover.jpg' })).id)
    await propertiesMigration.down(migrationArgs())
    expect((await pool.query(`SELECT to_regclass('properties') AS t`)).rows[0].t).toBeNull()
    await pool.query('DELETE FROM property_settings')
    await pool.query(
      `INSERT INTO property_settings (property_name, tagline, about, cover_photo_id, booking_url)
       VALUES ('Seaview Cottage', 'Above the harbour', $1, $2, 'https://example.com/book')`,
      [JSON.stringify(about), cover],
    )

    await propertiesMigration.up(migrationArgs())

    expect(await defaultProperty()).toEqual([
      {
        name: 'Seaview Cottage',
        slug: 'default',
        tagline: 'Above the harbour',
        about,
        cover,
        booking_url: 'https://example.com/book',
        time_zone: 'UTC',
      },
    ])
    expect((await pool.query(`SELECT to_regclass('property_settings') AS t`)).rows[0].t).toBeNull()
  })

  it('names an installation that never named itself "Property Gallery"', async () => {
    await propertiesMigration.down(migrationArgs())
    await pool.query('DELETE FROM property_settings')
    await propertiesMigration.up(migrationArgs())
    expect(await defaultProperty()).toEqual([
      { name: 'Property Gallery', slug: 'default', tagline: null, about: null, cover: null, booking_url: null, time_zone: 'UTC' },
    ])
  })

  it('restores a backup made before the upgrade, its settings included', async () => {
    // The migrations above made the default property anew; this process keeps the id it read
    // first (a property's id never changes while it exists), so the row takes that id back.
    const scope = await defaultPropertyScope(payload)
    await pool.query('UPDATE properties SET id = $1 WHERE is_default', [scope.id])
    const photo = String((await createMedia(payload, { section: 'backyard', originalFilename: 'garden.jpg' })).id)
    const backup = await createBackup({ pool, scope, kind: 'manual' })
    // The file as the release before properties wrote it: format 1, the settings as a table.
    const current = JSON.parse(zlib.gunzipSync((await readObject({ key: backup.objectKey }))!).toString())
    const { property: _block, ...rest } = current
    // Its sections were named by their keys, which its media pointed at.
    type Table = { name: string; columns: string[]; rows: Array<Record<string, unknown>> }
    const keys = new Map<unknown, unknown>()
    for (const table of current.tables as Table[]) {
      if (table.name === 'gallery_sections') for (const row of table.rows) keys.set(row.id, row.key)
    }
    const asBefore = (table: Table): Table => {
      if (table.name === 'gallery_sections') {
        return {
          ...table,
          columns: table.columns.filter((column) => column !== 'key'),
          rows: table.rows.map(({ key, ...row }) => ({ ...row, id: key })),
        }
      }
      if (table.name === 'media') return { ...table, rows: table.rows.map((row) => ({ ...row, section_id: keys.get(row.section_id) ?? null })) }
      return table
    }
    const legacy = {
      ...rest,
      format: 1,
      migration: '20261126_094715_roles',
      tables: [
        ...(current.tables as Table[]).map(asBefore),
        {
          name: 'property_settings',
          columns: ['id', 'property_name', 'tagline', 'about', 'cover_photo_id', 'booking_url'],
          rows: [{ id: crypto.randomUUID(), property_name: 'Old name', tagline: 'Before the upgrade', about, cover_photo_id: photo, booking_url: null }],
        },
      ],
    }
    const bytes = zlib.gzipSync(JSON.stringify(legacy))
    await putObject({ key: backup.objectKey, body: bytes, contentType: 'application/gzip' })
    await pool.query('UPDATE backups SET sha256 = $2 WHERE id = $1', [backup.id, crypto.createHash('sha256').update(bytes).digest('hex')])
    await pool.query('DELETE FROM media WHERE id = $1', [photo])
    await pool.query(`UPDATE properties SET tagline = 'After the upgrade' WHERE is_default`)

    await restoreBackup({ pool, scope, backupId: backup.id })

    expect(
      (await pool.query('SELECT s.key FROM media m JOIN gallery_sections s ON s.id = m.section_id WHERE m.id = $1', [photo])).rows,
    ).toEqual([{ key: 'backyard' }])
    // Its settings come back; the name is the property's own and stays.
    expect(await defaultProperty()).toEqual([
      { name: 'Property Gallery', slug: 'default', tagline: 'Before the upgrade', about, cover: photo, booking_url: null, time_zone: 'UTC' },
    ])
  })
})
