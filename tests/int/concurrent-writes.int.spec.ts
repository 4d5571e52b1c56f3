// Two writers of one media record never undo each other (docs/architecture.md §5 "Writers own
// fields"): ingest (the pipeline) against the manager's metadata and section calls, bulk
// assignment, reorder and Payload's own edit view. Each pair runs many times with the
// second writer starting at a different moment of the first, and at the worst moment too:
// one writer held between its read and its write (pause points) while the other writes.
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { ingestMedia } from '../../src/server/media/ingest'
import type { Checkpoint } from '../../src/server/checkpoints'
import { Session, signedInAdmin } from '../helpers/api'
import { holdAt } from '../helpers/checkpoints'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session
let photo: Buffer

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  photo = await makePhoto({ width: 240, height: 180, seed: 7 })
})

/** A freshly uploaded photo: status pending, its ingest job queued (not run). */
async function uploadedPhoto(name = 'kitchen.jpg'): Promise<string> {
  const created = await uploadFile(admin, photo, { filename: name, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  return String((created.body as MediaFile).id)
}

type StoredRow = {
  status: string
  width: number | null
  is_optimized: boolean
  derivatives: unknown
  placeholder: string | null
  section_id: string | null
  room: string | null
  is_hidden: boolean
  sort_order: number
  description: string | null
  notes: string | null
  tags: string[]
}

async function storedRow(id: string): Promise<StoredRow> {
  const { rows } = await poolOf(payload).query<StoredRow>(
    `SELECT m.status, m.width::float8 AS width, m.is_optimized, m.derivatives, m.placeholder, (SELECT s.key FROM gallery_sections s WHERE s.id = m.section_id) AS section_id, m.room,
            m.is_hidden, m.sort_order::float8 AS sort_order, m.description, m.notes,
            COALESCE((SELECT array_agg(t.text ORDER BY t."order") FROM media_texts t
                       WHERE t.parent_id = m.id AND t.path = 'tags'), '{}') AS tags
       FROM media m WHERE m.id = $1`,
    [id],
  )
  return rows[0]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** True while a statement on media waits for a row lock another transaction holds. */
async function someoneWaitsForMediaRow(): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query ILIKE 'update media%'`,
  )
  return rows[0].waiting > 0
}

/** Holds the next writer reaching `point` until release(); reached resolves once one is held there. */
function hold(point: Checkpoint) {
  let arrived!: () => void
  let release!: () => void
  const reached = new Promise<void>((resolve) => (arrived = resolve))
  const gate = new Promise<void>((resolve) => (release = resolve))
  const remove = holdAt(point, async () => {
    remove()
    arrived()
    await gate
  })
  releases.push(release)
  return { reached, release, remove }
}
const releases: Array<() => void> = []
afterEach(() => {
  // A failed test never leaves a writer held for the next one.
  for (const release of releases.splice(0)) release()
})

function expectIngested(row: StoredRow) {
  expect(row.status).toBe('ready')
  expect(row.width).toBe(240)
  expect(row.is_optimized).toBe(true)
  expect(Array.isArray(row.derivatives) && row.derivatives.length > 0).toBe(true)
  expect(row.placeholder).toMatch(/^data:image\/webp;base64,/)
}

// Loops of real uploads and ingests: generous time on a busy machine (nothing here asserts a duration).
describe('ingest and the manager write one photo at the same time', { timeout: 240_000 }, () => {
  it('tags, description and notes written while ingest runs: both survive, at every offset (the reported defect)', async () => {
    for (let round = 0; round < 12; round++) {
      const id = await uploadedPhoto(`round-${round}.jpg`)
      const tags = [`tag-${round}`, 'kitchen']
      const manager = (async () => {
        // Each round starts the manager's writes a little later into ingest, then repeats them.
        await sleep(round * 15)
        for (let write = 0; write < 3; write++) {
          const answer = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, {
            body: { tags, description: `Round ${round}`, notes: `note ${round}` },
          })
          expect(answer.status).toBe(200)
        }
      })()
      await Promise.all([ingestMedia(payload, id), manager])
      const row = await storedRow(id)
      expectIngested(row)
      expect(row.tags).toEqual(tags)
      expect(row.description).toBe(`Round ${round}`)
      expect(row.notes).toBe(`note ${round}`)
    }
  })

  it('section assignment while ingest runs: both survive, at every offset', async () => {
    for (let round = 0; round < 12; round++) {
      const id = await uploadedPhoto(`section-${round}.jpg`)
      const manager = (async () => {
        await sleep(round * 15)
        for (let write = 0; write < 3; write++) {
          const answer = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
            body: { section: 'backyard', isHidden: 'false', room: `Patio ${round}` },
          })
          expect(answer.status).toBe(200)
        }
      })()
      await Promise.all([ingestMedia(payload, id), manager])
      const row = await storedRow(id)
      expectIngested(row)
      expect(row).toMatchObject({ section_id: 'backyard', room: `Patio ${round}`, is_hidden: false })
    }
  })
})

describe('at the worst moment', { timeout: 120_000 }, () => {
  it('ingest held after its read while the manager writes words and a section: the photo still becomes ready, the edits stay', async () => {
    const id = await uploadedPhoto('held-ingest.jpg')
    const held = hold('ingest:before-results')
    const ingest = ingestMedia(payload, id)
    await held.reached
    const words = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, {
      body: { tags: ['Sofa', 'view'], description: 'Living room', notes: 'Re-shoot in summer' },
    })
    expect(words.status).toBe(200)
    expect(words.body).toMatchObject({ tags: ['sofa', 'view'], description: 'Living room', status: 'processing' })
    const placed = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
      body: { section: 'main_level', isHidden: 'false', room: 'Living Room' },
    })
    expect(placed.status).toBe(200)
    held.release()
    await ingest
    const row = await storedRow(id)
    expectIngested(row)
    expect(row).toMatchObject({
      tags: ['sofa', 'view'],
      description: 'Living room',
      notes: 'Re-shoot in summer',
      section_id: 'main_level',
      room: 'Living Room',
      is_hidden: false,
    })
  })

  it('the manager held after checking the photo while ingest finishes: ready and edited', async () => {
    const id = await uploadedPhoto('held-manager.jpg')
    const held = hold('manager:before-write')
    const words = admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, {
      body: { tags: ['deck'], description: 'The deck at dusk' },
    })
    await held.reached
    await ingestMedia(payload, id)
    held.release()
    const answer = await words
    expect(answer.status).toBe(200)
    // The answer is the record as it is after the write: processed and edited.
    expect(answer.body).toMatchObject({ status: 'ready', tags: ['deck'], description: 'The deck at dusk', isOptimized: 'true' })
    const row = await storedRow(id)
    expectIngested(row)
    expect(row).toMatchObject({ tags: ['deck'], description: 'The deck at dusk' })
  })

  it("an editor saving a form loaded before ingest finished (Payload's edit view) keeps the photo ready", async () => {
    const id = await uploadedPhoto('stale-form.jpg')
    const form = await admin.json<Record<string, unknown>>('GET', `/api/media/${id}?depth=0`)
    expect(form.status).toBe(200)
    expect(form.body.status).toBe('pending')
    await ingestMedia(payload, id)
    // The stale form comes back whole: status pending, no width, no renditions, plus the editor's fix.
    const saved = await admin.json('PATCH', `/api/media/${id}?depth=0`, {
      body: { ...form.body, room: 'Kitchen', description: 'Fixed by an editor' },
    })
    expect(saved.status).toBe(200)
    const row = await storedRow(id)
    expectIngested(row)
    expect(row).toMatchObject({ room: 'Kitchen', description: 'Fixed by an editor' })
  })

  it('an editor held between its read and its write while ingest runs: ingest waits, nothing is undone', async () => {
    const id = await uploadedPhoto('held-editor.jpg')
    const held = hold('editor:before-write')
    const edit = admin.json('PATCH', `/api/media/${id}?depth=0`, { body: { room: 'Hallway', notes: 'Editor note' } })
    await held.reached
    let finished = false
    const ingest = ingestMedia(payload, id).finally(() => (finished = true))
    // Let ingest go as far as it can: finished, or waiting for the row the editor holds.
    while (!finished && !(await someoneWaitsForMediaRow())) await sleep(20)
    held.release()
    expect((await edit).status).toBe(200)
    await ingest
    const row = await storedRow(id)
    expectIngested(row)
    expect(row).toMatchObject({ room: 'Hallway', notes: 'Editor note' })
  })
})

describe('the manager against the manager, and many photos at once', { timeout: 240_000 }, () => {
  it('metadata and section calls on one photo at the same time keep both, every round', async () => {
    const id = await uploadedPhoto('two-calls.jpg')
    await ingestMedia(payload, id)
    for (let round = 0; round < 15; round++) {
      const [words, placed] = await Promise.all([
        admin.json('PUT', `/api/media-files/${id}/metadata`, { body: { tags: [`t${round}`], notes: `n${round}` } }),
        admin.json('PUT', `/api/media-files/${id}/section`, {
          body: { section: round % 2 ? 'upstairs' : 'downstairs', isHidden: 'false', room: `Room ${round}` },
        }),
      ])
      expect([words.status, placed.status]).toEqual([200, 200])
      const row = await storedRow(id)
      expect(row).toMatchObject({
        tags: [`t${round}`],
        notes: `n${round}`,
        section_id: round % 2 ? 'upstairs' : 'downstairs',
        room: `Room ${round}`,
        status: 'ready',
      })
    }
  })

  it('bulk assignment and reorder while the batch is being processed: all ready, all placed, in order', async () => {
    const ids: string[] = []
    for (let index = 0; index < 5; index++) ids.push(await uploadedPhoto(`batch-${index}.jpg`))
    const order = [...ids].reverse()
    const manager = (async () => {
      const bulk = await admin.json('POST', '/api/sections/backyard/bulk-assign', { body: { mediaIds: ids, room: 'Garden' } })
      expect(bulk.status).toBe(200)
      const reorder = await admin.json('PUT', '/api/sections/backyard/reorder', { body: { mediaIds: order } })
      expect(reorder.status).toBe(200)
    })()
    await Promise.all([...ids.map((id) => ingestMedia(payload, id)), manager])
    for (const [position, id] of order.entries()) {
      const row = await storedRow(id)
      expectIngested(row)
      expect(row).toMatchObject({ section_id: 'backyard', room: 'Garden', sort_order: position, is_hidden: false })
    }
  })
})
