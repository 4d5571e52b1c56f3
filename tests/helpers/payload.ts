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
  // The properties go too (their cover photos reference media): the default one is made again,
  // as the migration made it on a fresh install.
  await poolOf(payload).query(
    `TRUNCATE users, users_sessions, media, media_texts, gallery_sections, payload_jobs,
              runs, properties CASCADE`,
  )
  await poolOf(payload).query(`INSERT INTO properties (name, slug, is_default) VALUES ('Property Gallery', 'default', true)`)
  await seedSections(payload)
}
