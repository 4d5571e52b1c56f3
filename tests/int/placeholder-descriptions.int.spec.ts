// Analysis's sentences that said nothing ("A photo.") are taken back from the photos where they
// are still analysis's own (migration 20261128_010000_no_placeholder_descriptions); a sentence
// that names something, and any description the manager wrote, stay.
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, expect, it } from 'vitest'
import * as placeholderMigration from '../../src/migrations/20261128_010000_no_placeholder_descriptions'
import { poolOf } from '../../src/server/db/pool'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
})

it("empties analysis's descriptions that name nothing, and keeps every other", async () => {
  const rows: Array<[name: string, description: string | null, analysisDescription: string | null]> = [
    ['plain.jpg', 'A photo.', 'A photo.'],
    ['dark.jpg', 'A dark photo in gray and green tones.', 'A dark photo in gray and green tones.'],
    ['bright.jpg', 'A bright photo.', 'A bright photo.'],
    ['chair.jpg', 'A photo with a chair.', 'A photo with a chair.'],
    ['bedroom.jpg', 'A bright bedroom.', 'A bright bedroom.'],
    ['manager.jpg', 'A photo.', null],
    ['rewritten.jpg', 'Deck at sunset', 'A photo.'],
  ]
  for (const [name, description, analysisDescription] of rows) {
    const { id } = await createMedia(payload, { originalFilename: name })
    await pool.query(`UPDATE media SET description = $2, analysis_description = $3 WHERE id = $1`, [id, description, analysisDescription])
  }
  await placeholderMigration.up({ db: (payload.db as unknown as { drizzle: never }).drizzle, payload, req: {} as never })
  const { rows: after } = await pool.query(
    `SELECT original_filename AS name, description, analysis_description AS "analysisDescription" FROM media ORDER BY original_filename`,
  )
  expect(after).toEqual([
    { name: 'bedroom.jpg', description: 'A bright bedroom.', analysisDescription: 'A bright bedroom.' },
    { name: 'bright.jpg', description: null, analysisDescription: null },
    { name: 'chair.jpg', description: 'A photo with a chair.', analysisDescription: 'A photo with a chair.' },
    { name: 'dark.jpg', description: null, analysisDescription: null },
    // Written by the manager (analysis never wrote it): theirs to keep.
    { name: 'manager.jpg', description: 'A photo.', analysisDescription: null },
    { name: 'plain.jpg', description: null, analysisDescription: null },
    { name: 'rewritten.jpg', description: 'Deck at sunset', analysisDescription: null },
  ])
})
