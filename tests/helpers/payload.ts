// A real Payload for integration tests, plus a clean slate between test files.
import { getPayload, type Payload } from 'payload'
import { poolOf } from '../../src/server/db/pool'
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
  await pool.query(
    `TRUNCATE users, users_sessions, media, media_texts, gallery_sections, payload_jobs,
              runs, properties CASCADE`,
  )
  await pool.query(
    `INSERT INTO properties (id, name, slug, is_default) VALUES (coalesce($1, gen_random_uuid()), 'Property Gallery', 'default', true)`,
    [rows[0]?.id ?? null],
  )
  await seedSections(payload)
}
