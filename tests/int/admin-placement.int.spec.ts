// The manager's organising calls (spec §7): section assignment, bulk assignment, reorder
// and custom tags/notes. Success, refusals (400, 401, 404) and all-or-nothing writes.
import type { Payload } from 'payload'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MediaFile, Section } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let admin: Session
const visitor = new Session()
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

beforeEach(async () => {
  await payload.delete({ collection: 'media', where: { id: { exists: true } }, overrideAccess: true })
})

const stored = (id: string | number) => payload.findByID({ collection: 'media', id, depth: 1, overrideAccess: true })
/** The key of a stored record's section (read with its section: depth 1). */
const sectionKeyOf = (doc: { section?: unknown }) =>
  typeof doc.section === 'object' && doc.section ? (doc.section as { key: string }).key : null
const mediaId = async (data: Parameters<typeof createMedia>[1] = {}) => String((await createMedia(payload, data)).id)

describe('PUT /api/media-files/{id}/section', () => {
  it('moves a photo into a section, visible, with a room; the public counts follow', async () => {
    const id = await mediaId({ section: null })
    const { status, body } = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
      body: { section: 'backyard', isHidden: 'false', room: '  Patio  ' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id, section: 'backyard', isHidden: 'false', room: 'Patio' })
    const sections = await visitor.json<Section[]>('GET', '/api/sections')
    expect(sections.body.find((section) => section.id === 'backyard')?.count).toBe(1)
  })

  it("files the photo under the category its room names, as the manager's, over analysis's", async () => {
    const id = await mediaId({ section: null })
    // What analysis last wrote: a kitchen (category and analysis's own copy of it).
    await poolOf(payload).query(`UPDATE media SET category = 'kitchen', analysis_category = 'kitchen', category_confidence = 0.5 WHERE id = $1`, [id])
    const { body } = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, { body: { section: 'upstairs', room: 'Master Bedroom' } })
    expect(body).toMatchObject({ category: 'bedroom', categorySource: 'manager', categoryReason: 'the room you named, “Master Bedroom”', categoryConfidence: null })
    const listed = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === id)
    expect(listed).toMatchObject({ category: 'bedroom', categorySource: 'manager' })
    // A room that names no category leaves analysis's word, and says it is analysis's.
    const renamed = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, { body: { section: 'upstairs', room: 'Attic' } })
    expect(renamed.body).toMatchObject({
      category: 'kitchen',
      categorySource: 'analysis',
      categoryReason: 'analysis, from the scene and the photos placed like it',
      categoryConfidence: 0.5,
    })
  })

  it('hides a photo (section null, isHidden true) and it vanishes from every public answer', async () => {
    const id = await mediaId({ section: 'upstairs', originalFilename: 'to-hide.jpg' })
    const { status, body } = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
      body: { section: null, isHidden: 'true' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ section: null, isHidden: 'true' })
    const doc = await stored(id)
    expect(doc.isHidden).toBe(true)
    expect(sectionKeyOf(doc)).toBeNull()

    const sections = await visitor.json<Section[]>('GET', '/api/sections')
    expect(sections.body.find((section) => section.id === 'upstairs')?.count).toBe(0)
    const upstairs = await visitor.json<MediaFile[]>('GET', '/api/sections/upstairs/media')
    expect(upstairs.body.map((file) => file.id)).not.toContain(id)
    const all = await visitor.json<MediaFile[]>('GET', '/api/media-files')
    expect(all.body.map((file) => file.id)).not.toContain(id)
    const hidden = await admin.json<MediaFile[]>('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(hidden.body.map((file) => file.id)).toContain(id)
  })

  it("accepts the pseudo-section 'hidden' and brings a hidden photo back by choosing a real section", async () => {
    const id = await mediaId({ section: 'upstairs' })
    const hide = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, { body: { section: 'hidden' } })
    expect(hide.body).toMatchObject({ section: null, isHidden: 'true' })
    const back = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
      body: { section: 'main_level', isHidden: 'false' },
    })
    expect(back.body).toMatchObject({ section: 'main_level', isHidden: 'false' })
    const unassigned = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, {
      body: { section: null, isHidden: 'false' },
    })
    expect(unassigned.body).toMatchObject({ section: null, isHidden: 'false' })
  })

  it('answers 401 to a visitor, 400 to a malformed call and 404 to unknown ids or sections', async () => {
    const id = await mediaId({ section: 'upstairs' })
    const anonymous = await visitor.json('PUT', `/api/media-files/${id}/section`, { body: { section: 'backyard' } })
    expect(anonymous.status).toBe(401)
    expect((await admin.json('PUT', `/api/media-files/${id}/section`, { body: { section: 42 } })).status).toBe(400)
    expect((await admin.json('PUT', `/api/media-files/${id}/section`, { rawBody: '{not json' })).status).toBe(400)
    expect((await admin.json('PUT', `/api/media-files/not-a-uuid/section`, { body: { section: 'backyard' } })).status).toBe(400)
    const unknownMedia = await admin.json('PUT', `/api/media-files/${UNKNOWN_ID}/section`, { body: { section: 'backyard' } })
    expect(unknownMedia.status).toBe(404)
    expect(unknownMedia.body.message).toBe(`Media file ${UNKNOWN_ID} was not found.`)
    const unknownSection = await admin.json('PUT', `/api/media-files/${id}/section`, { body: { section: 'attic' } })
    expect(unknownSection.status).toBe(404)
    expect(unknownSection.body.message).toBe('Section "attic" was not found.')
    expect(sectionKeyOf(await stored(id))).toBe('upstairs')
  })

  it("answers the record exactly as the manager's list shows it", async () => {
    const id = await mediaId({ section: 'upstairs', tags: ['pool'], description: 'Deck', notes: 'lamp', category: 'garden' })
    // What analysis adds beside Payload's fields: a confidence, an error and an unconfirmed suggestion.
    await poolOf(payload).query(
      `UPDATE media SET category_confidence = 0.75, analysis_error = 'Rendition missing.', suggested_section_id = 'backyard',
              suggested_room = 'Patio', suggestion_confidence = 0.5 WHERE id = $1`,
      [id],
    )
    const listed = async () => (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === id)
    const unassigned = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, { body: { section: null, isHidden: 'false' } })
    expect(unassigned.body.suggestion).toEqual({ section: 'backyard', room: 'Patio', confidence: 0.5 })
    expect(unassigned.body).toEqual(await listed())
    const placed = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/section`, { body: { section: 'backyard', room: 'Patio' } })
    expect(placed.body).toEqual(await listed())
    const described = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, { body: { tags: ['Sea View'] } })
    expect(described.body).toEqual(await listed())
  })
})

describe('POST /api/sections/{sectionId}/bulk-assign', () => {
  it('assigns every photo with the trimmed room, shows hidden ones again, and answers the message', async () => {
    const ids = [
      await mediaId({ section: null }),
      await mediaId({ section: 'upstairs' }),
      await mediaId({ isHidden: true, section: null }),
    ]
    const { status, body } = await admin.json('POST', '/api/sections/main_level/bulk-assign', {
      body: { mediaIds: ids, room: '  Kitchen ' },
    })
    expect(status).toBe(200)
    expect(body.message).toBe('3 photos assigned to Main Level')
    for (const id of ids) {
      const doc = await stored(id)
      expect(sectionKeyOf(doc)).toBe('main_level')
      expect(doc.room).toBe('Kitchen')
      expect(doc.isHidden).toBe(false)
    }
  })

  it('stores an empty room as null', async () => {
    const id = await mediaId({ section: null, room: 'Old room' })
    const { status, body } = await admin.json('POST', '/api/sections/backyard/bulk-assign', {
      body: { mediaIds: [id], room: '   ' },
    })
    expect(status).toBe(200)
    expect(body.message).toBe('1 photo assigned to Backyard')
    expect((await stored(id)).room).toBeNull()
  })

  it('changes nothing when one id is unknown (all or nothing)', async () => {
    const a = await mediaId({ section: 'upstairs', room: 'Landing' })
    const b = await mediaId({ section: null })
    const { status, body } = await admin.json('POST', '/api/sections/outdoors/bulk-assign', {
      body: { mediaIds: [a, UNKNOWN_ID, b], room: 'Lawn' },
    })
    expect(status).toBe(404)
    expect(body.message).toBe(`Media file ${UNKNOWN_ID} was not found.`)
    expect(sectionKeyOf(await stored(a))).toBe('upstairs')
    expect((await stored(a)).room).toBe('Landing')
    expect(sectionKeyOf(await stored(b))).toBeNull()
  })

  it('refuses visitors, malformed bodies, unknown sections and the pseudo-sections', async () => {
    const id = await mediaId()
    expect((await visitor.json('POST', '/api/sections/upstairs/bulk-assign', { body: { mediaIds: [id] } })).status).toBe(401)
    expect((await admin.json('POST', '/api/sections/upstairs/bulk-assign', { body: { mediaIds: [] } })).status).toBe(400)
    expect((await admin.json('POST', '/api/sections/upstairs/bulk-assign', { body: { mediaIds: ['x'] } })).status).toBe(400)
    expect((await admin.json('POST', '/api/sections/upstairs/bulk-assign', { body: { ids: [id] } })).status).toBe(400)
    const unknown = await admin.json('POST', '/api/sections/attic/bulk-assign', { body: { mediaIds: [id] } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Section "attic" was not found.')
    expect((await admin.json('POST', '/api/sections/all/bulk-assign', { body: { mediaIds: [id] } })).status).toBe(400)
    expect((await admin.json('POST', '/api/sections/hidden/bulk-assign', { body: { mediaIds: [id] } })).status).toBe(400)
  })
})

describe('PUT /api/sections/{sectionId}/reorder', () => {
  it("stores the new order; the section's media follow it", async () => {
    const ids = [
      await mediaId({ section: 'downstairs' }),
      await mediaId({ section: 'downstairs' }),
      await mediaId({ section: 'downstairs' }),
    ]
    const order = [ids[2], ids[0], ids[1]]
    const { status, body } = await admin.json('PUT', '/api/sections/downstairs/reorder', { body: { mediaIds: order } })
    expect(status).toBe(200)
    expect(body.message).toBe('Order updated')
    const media = await visitor.json<MediaFile[]>('GET', '/api/sections/downstairs/media')
    expect(media.body.map((file) => file.id)).toEqual(order)
  })

  it("refuses 'all', ids from another section, duplicates, unknown ids and visitors, changing nothing", async () => {
    const a = await mediaId({ section: 'downstairs', sortOrder: 5 })
    const b = await mediaId({ section: 'upstairs', sortOrder: 7 })
    const all = await admin.json('PUT', '/api/sections/all/reorder', { body: { mediaIds: [a] } })
    expect(all.status).toBe(400)
    expect(all.body.message).toBe('Please select a specific section to reorder photos.')
    const outsider = await admin.json('PUT', '/api/sections/downstairs/reorder', { body: { mediaIds: [a, b] } })
    expect(outsider.status).toBe(400)
    expect(outsider.body.message).toBe(`Media file ${b} is not in the section Downstairs.`)
    expect((await admin.json('PUT', '/api/sections/downstairs/reorder', { body: { mediaIds: [a, a] } })).status).toBe(400)
    expect((await admin.json('PUT', '/api/sections/downstairs/reorder', { body: { mediaIds: [a, UNKNOWN_ID] } })).status).toBe(
      404,
    )
    expect((await admin.json('PUT', '/api/sections/attic/reorder', { body: { mediaIds: [a] } })).status).toBe(404)
    expect((await visitor.json('PUT', '/api/sections/downstairs/reorder', { body: { mediaIds: [a] } })).status).toBe(401)
    expect((await stored(a)).sortOrder).toBe(5)
    expect((await stored(b)).sortOrder).toBe(7)
  })
})

describe('PUT /api/media-files/{id}/metadata', () => {
  it('trims and lower-cases tags, drops empties and duplicates, trims description and notes', async () => {
    const id = await mediaId()
    const { status, body } = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, {
      body: { tags: [' Pool ', 'pool', '', '  ', 'Sea View'], description: '  Sunny deck  ', notes: '  fix the lamp ' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ tags: ['pool', 'sea view'], description: 'Sunny deck', notes: 'fix the lamp' })
    const doc = await stored(id)
    expect(doc.tags).toEqual(['pool', 'sea view'])
    expect(doc.notes).toBe('fix the lamp')
    // Notes are internal: never in a visitor's answer.
    const publicList = await visitor.json<MediaFile[]>('GET', '/api/media-files')
    const seen = publicList.body.find((file) => file.id === id)!
    expect(seen.tags).toEqual(['pool', 'sea view'])
    expect(seen).not.toHaveProperty('notes')
  })

  it('clears a description sent blank and keeps fields that are not sent', async () => {
    const id = await mediaId({ description: 'Old', tags: ['garden'], notes: 'keep' })
    const { body } = await admin.json<MediaFile>('PUT', `/api/media-files/${id}/metadata`, { body: { description: '   ' } })
    expect(body).toMatchObject({ description: null, tags: ['garden'], notes: 'keep' })
  })

  it('answers 401, 400 and 404', async () => {
    const id = await mediaId()
    expect((await visitor.json('PUT', `/api/media-files/${id}/metadata`, { body: { tags: ['a'] } })).status).toBe(401)
    expect((await admin.json('PUT', `/api/media-files/${id}/metadata`, { body: { tags: 'pool' } })).status).toBe(400)
    expect((await admin.json('PUT', `/api/media-files/${id}/metadata`, { body: {} })).status).toBe(400)
    expect((await admin.json('PUT', `/api/media-files/${id}/metadata`, { body: { tags: ['x'.repeat(61)] } })).status).toBe(400)
    expect((await admin.json('PUT', `/api/media-files/${UNKNOWN_ID}/metadata`, { body: { tags: ['a'] } })).status).toBe(404)
  })
})
