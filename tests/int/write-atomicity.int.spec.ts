// The manager's many-row and many-statement writes are all or nothing: a write that fails
// after some rows were already written leaves none of them (the statements run in the
// request's transaction), and a write that cannot find that transaction refuses to run
// rather than writing outside it.
import { createLocalReq, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { MissingTransactionError, inTransaction, transactionSql } from '../../src/server/db/transaction'
import { bulkAssign } from '../../src/server/media/placement'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let admin: Session

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

afterEach(async () => {
  await poolOf(payload).query(`
    DROP TRIGGER IF EXISTS fail_third_row ON media;
    DROP TRIGGER IF EXISTS fail_third_row ON media_texts;
    DROP FUNCTION IF EXISTS fail_third_row();
    DROP SEQUENCE IF EXISTS fail_third_row_seq;`)
})

/** From now on, the third row `table` writes (an UPDATE or INSERT) raises an error; the first two go through. */
async function failOnThirdRow(table: 'media' | 'media_texts', on: 'UPDATE' | 'INSERT') {
  await poolOf(payload).query(`
    CREATE SEQUENCE fail_third_row_seq;
    CREATE FUNCTION fail_third_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('fail_third_row_seq') >= 3 THEN RAISE EXCEPTION 'disk full (test)'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER fail_third_row BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_third_row();`)
}

async function rows(ids: string[]) {
  const { rows } = await poolOf(payload).query<{
    id: string
    section_id: string | null
    room: string | null
    sort_order: number
  }>(`SELECT id::text, (SELECT key FROM gallery_sections WHERE gallery_sections.id = media.section_id) AS section_id, room, sort_order::float8 AS sort_order FROM media WHERE id = ANY($1::uuid[]) ORDER BY id`, [
    ids,
  ])
  return rows
}

const photos = async (count: number, section = 'upstairs') => {
  const ids: string[] = []
  for (let index = 0; index < count; index++) {
    ids.push(String((await createMedia(payload, { section, room: 'Before', sortOrder: index })).id))
  }
  return ids
}

describe('a write that fails after some rows were written leaves none', () => {
  it('bulk assignment', async () => {
    const ids = await photos(4)
    const before = await rows(ids)
    await failOnThirdRow('media', 'UPDATE')
    const answer = await admin.json('POST', '/api/sections/backyard/bulk-assign', { body: { mediaIds: ids, room: 'After' } })
    expect(answer.status).toBe(500)
    expect(await rows(ids)).toEqual(before)
  })

  it('reorder', async () => {
    const ids = await photos(4)
    const before = await rows(ids)
    await failOnThirdRow('media', 'UPDATE')
    const answer = await admin.json('PUT', '/api/sections/upstairs/reorder', { body: { mediaIds: [...ids].reverse() } })
    expect(answer.status).toBe(500)
    expect(await rows(ids)).toEqual(before)
  })

  it('tags, description and notes: the description written before the third tag failed is rolled back too', async () => {
    const [id] = await photos(1)
    expect(
      (await admin.json('PUT', `/api/media-files/${id}/metadata`, { body: { tags: ['old'], description: 'Before' } })).status,
    ).toBe(200)
    await failOnThirdRow('media_texts', 'INSERT')
    const answer = await admin.json('PUT', `/api/media-files/${id}/metadata`, {
      body: { tags: ['one', 'two', 'three'], description: 'After', notes: 'After' },
    })
    expect(answer.status).toBe(500)
    const doc = await payload.findByID({ collection: 'media', id, depth: 0, overrideAccess: true })
    expect(doc).toMatchObject({ tags: ['old'], description: 'Before', notes: null })
  })
})

describe('a write that cannot find its transaction refuses to run', () => {
  it('outside a transaction', async () => {
    const req = await createLocalReq({}, payload)
    await expect(transactionSql(req)).rejects.toBeInstanceOf(MissingTransactionError)
  })

  it("when the adapter's session lookup misses, bulk assignment writes nothing and says so", async () => {
    const ids = await photos(2)
    const before = await rows(ids)
    const req = await createLocalReq({ user: { ...(await anyUser()), collection: 'users' } as never }, payload)
    const sessions = (payload.db as unknown as { sessions: Record<string, unknown> }).sessions
    const error = await inTransaction(req, async () => {
      // The transaction is open, but its session is not where the lookup looks.
      const id = String(await req.transactionID)
      const session = sessions[id]
      delete sessions[id]
      try {
        return await bulkAssign(req, 'backyard', { mediaIds: ids, room: 'After' }).then(
          () => null,
          (caught: unknown) => caught,
        )
      } finally {
        sessions[id] = session
      }
    })
    expect(error).toBeInstanceOf(MissingTransactionError)
    expect(await rows(ids)).toEqual(before)
  })
})

async function anyUser() {
  const { docs } = await payload.find({ collection: 'users', limit: 1, overrideAccess: true })
  return docs[0]
}
