// Bulk assignment at the issue's scale: 1,000 photos in one call, one transaction.
// The records are cloned in SQL from one created through the Local API (creating 1,000
// through Payload would only be slow set-up); the assignment itself goes through the API.
// No timing is asserted or claimed here: timings belong in benchmarks.
import type { Payload } from 'payload'
import { beforeAll, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

const COUNT = 1000
let payload: Payload
let admin: Session

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

it(`assigns ${COUNT} photos to a section in one call, every one of them`, async () => {
  const template = await createMedia(payload, { section: null, originalFilename: 'bulk.jpg' })
  const pool = poolOf(payload)
  const { rows } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'media' AND table_schema = current_schema()`,
  )
  const columns = rows.map((row) => row.column_name)
  const values = columns.map((column) =>
    column === 'id' ? 'gen_random_uuid()' : column === 'filename' ? `'bulk-' || g || '.jpg'` : `m.${column}`,
  )
  await pool.query(
    `INSERT INTO media (${columns.map((c) => `"${c}"`).join(', ')})
     SELECT ${values.join(', ')} FROM media m, generate_series(1, ${COUNT - 1}) g WHERE m.id = $1`,
    [template.id],
  )
  const ids = (await pool.query<{ id: string }>(`SELECT id::text AS id FROM media`)).rows.map((row) => row.id)
  expect(ids).toHaveLength(COUNT)

  const { status, body } = await admin.json('POST', '/api/sections/backyard/bulk-assign', {
    body: { mediaIds: ids, room: 'Lawn' },
  })
  expect(status).toBe(200)
  expect(body.message).toBe(`${COUNT} photos assigned to Backyard`)
  const assigned = await pool.query(`SELECT count(*)::int AS n FROM media WHERE section_id = (SELECT id FROM gallery_sections WHERE key = 'backyard') AND room = 'Lawn'`)
  expect(assigned.rows[0].n).toBe(COUNT)
}, 300_000)
