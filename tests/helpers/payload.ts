// A real Payload for integration tests, plus a clean slate between test files.
import { getPayload, type Payload } from 'payload'
import { poolOf } from '../../src/server/db/pool'
import { currentDirectory } from '../../src/server/properties/directory'
import { seedSections } from '../../src/server/sections/seed-sections'
import { testConfig } from './test-config'

export async function testPayload(): Promise<Payload> {
  return getPayload({ config: testConfig })
}

/** Empties users, media and sections, then seeds the five sections again. */
export async function resetDatabase(payload: Payload): Promise<void> {
  // Every record of the gallery and the work queued or done on it: each test file starts clean.
  // The properties go too (their cover photos reference media): the default one is made again
  // as the migration made it on a fresh install, under the same id (each process keeps it).
  const pool = poolOf(payload)
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM properties WHERE is_default')
  // The default property keeps its id, and this process its prepared answers of the files before:
  // its read-model version goes on from the highest, never back to a number they were kept under.
  const { rows: versions } = await pool.query<{ version: string }>('SELECT coalesce(max(version), 0)::text AS version FROM gallery_read_version')
  await pool.query(
    `TRUNCATE users, users_sessions, media, media_texts, gallery_sections, payload_jobs,
              runs, properties CASCADE`,
  )
  await pool.query(
    `INSERT INTO properties (id, name, slug, is_default) VALUES (coalesce($1, gen_random_uuid()), 'Property Gallery', 'default', true)`,
    [rows[0]?.id ?? null],
  )
  await pool.query('UPDATE gallery_read_version SET version = $1::bigint + 1 WHERE property_id = (SELECT id FROM properties WHERE is_default)', [
    versions[0].version,
  ])
  await seedSections(payload)
  // This process's addressing of properties (kept up to a second) forgets the properties of the
  // files before: a slug made again here (the Lodge) is looked up anew, not under its old id.
  await currentDirectory(payload, { fresh: true })
}
