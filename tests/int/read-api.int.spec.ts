// Read API (spec §7, §3): sections with visible counts, previews, section media,
// media lists and stats. Hidden (and unprocessed) media never reach an anonymous visitor.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { publicSnapshot, sectionList } from '../../media-public/read-model'
import type { MediaFile } from '../../src/lib/api/types'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia, sectionIdOf } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { defaultPropertyScope } from '../../src/server/properties/default-property'

let payload: Payload
let admin: Session
const visitor = new Session()
const ids: Record<string, string> = {}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  const make = async (key: string, data: Parameters<typeof createMedia>[1]) => {
    ids[key] = String((await createMedia(payload, data)).id)
  }
  await make('upstairsA', { section: 'upstairs', sortOrder: 2, description: 'Master bedroom', tags: ['bedroom', 'bright'] })
  await make('upstairsB', { section: 'upstairs', sortOrder: 1 })
  await make('upstairsVideo', { section: 'upstairs', fileType: 'video', duration: 12.5, originalFilename: 'tour.mp4' })
  await make('kitchen', { section: 'main_level', room: 'Kitchen', notes: 'Replace before summer' })
  await make('hidden', { section: null, isHidden: true, originalFilename: 'secret-hidden.jpg', notes: 'private note' })
  await make('pending', { section: 'upstairs', status: 'pending', originalFilename: 'pending-upload.jpg' })
  await make('failed', { section: 'upstairs', status: 'failed', originalFilename: 'failed-upload.jpg' })
  await make('unassigned', { section: null })
})

const PUBLIC_IDS = () => [ids.upstairsA, ids.upstairsB, ids.upstairsVideo, ids.kitchen, ids.unassigned]
const NEVER_PUBLIC = () => [ids.hidden, ids.pending, ids.failed]

describe('GET /api/sections', () => {
  it('lists the seeded sections in a stable order with counts of visible media only', async () => {
    const { status, body } = await visitor.json('GET', '/api/sections')
    expect(status).toBe(200)
    expect(body).toEqual([
      { id: 'main_level', name: 'Main Level', icon: '🏠', colour: 'blue', count: 1 },
      { id: 'upstairs', name: 'Upstairs', icon: '🛏️', colour: 'purple', count: 3 },
      { id: 'downstairs', name: 'Downstairs', icon: '🛋️', colour: 'orange', count: 0 },
      { id: 'backyard', name: 'Backyard', icon: '🌳', colour: 'emerald', count: 0 },
      { id: 'outdoors', name: 'Outdoors', icon: '🏞️', colour: 'green', count: 0 },
    ])
  })

  it('counts on its own exactly what the pages render from the whole snapshot', async () => {
    const { body } = await visitor.json('GET', '/api/sections')
    expect(body).toEqual(sectionList(await publicSnapshot(payload, await defaultPropertyScope(payload))))
  })

  it("carries each section's colour as edited in Payload, which the admin's badges use", async () => {
    await payload.update({ collection: 'gallery-sections', id: await sectionIdOf(payload, 'backyard'), data: { colour: 'red' }, overrideAccess: true })
    try {
      const { body } = await visitor.json<Array<{ id: string; colour: string }>>('GET', '/api/sections')
      expect(body.find((section) => section.id === 'backyard')?.colour).toBe('red')
    } finally {
      await payload.update({ collection: 'gallery-sections', id: await sectionIdOf(payload, 'backyard'), data: { colour: 'emerald' }, overrideAccess: true })
    }
  })

  it('answers 304 to a client that already has the current version, and changes when media change', async () => {
    const first = await visitor.request('GET', '/api/sections')
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await visitor.request('GET', '/api/sections', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)

    const extra = await createMedia(payload, { section: 'backyard' })
    const changed = await visitor.json('GET', '/api/sections', { headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.find((section: { id: string }) => section.id === 'backyard').count).toBe(1)
    await payload.delete({ collection: 'media', id: extra.id, overrideAccess: true })
    const restored = await visitor.json('GET', '/api/sections')
    expect(restored.body.find((section: { id: string }) => section.id === 'backyard').count).toBe(0)
  })
})

describe('GET /api/sections/{id}/preview', () => {
  it('gives up to four visible images in section order and the visible total', async () => {
    const { status, body } = await visitor.json('GET', '/api/sections/upstairs/preview')
    expect(status).toBe(200)
    expect(body.totalCount).toBe(3)
    expect(body.previewFiles.map((file: MediaFile) => file.id)).toEqual([ids.upstairsB, ids.upstairsA])
  })

  it('answers 404 with a message for an unknown section and 400 for a malformed id', async () => {
    const unknown = await visitor.json('GET', '/api/sections/attic/preview')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Section "attic" was not found.')
    expect((await visitor.json('GET', '/api/sections/Attic%20Room/preview')).status).toBe(400)
  })
})

describe('GET /api/sections/{section}/media', () => {
  it('lists the visible media of a section in manual order, optionally by type', async () => {
    const all = await visitor.json('GET', '/api/sections/upstairs/media')
    expect(all.body.map((file: MediaFile) => file.id)).toEqual([ids.upstairsVideo, ids.upstairsB, ids.upstairsA])
    const videos = await visitor.json('GET', '/api/sections/upstairs/media?type=video')
    expect(videos.body.map((file: MediaFile) => file.id)).toEqual([ids.upstairsVideo])
  })

  it("treats 'all' as no section filter", async () => {
    const { body } = await visitor.json('GET', '/api/sections/all/media')
    expect(body.map((file: MediaFile) => file.id).sort()).toEqual(PUBLIC_IDS().sort())
  })

  it('honours includeHidden=true only for a signed-in admin asking for the hidden section', async () => {
    const anonymous = await visitor.json('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(anonymous.status).toBe(401)
    expect(JSON.stringify(anonymous.body)).not.toContain(ids.hidden)
    expect((await visitor.json('GET', '/api/sections/hidden/media')).body).toEqual([])

    const forAdmin = await admin.json('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(forAdmin.status).toBe(200)
    expect(forAdmin.body.map((file: MediaFile) => file.id)).toEqual([ids.hidden])
    expect(forAdmin.body[0]).toMatchObject({ isHidden: 'true', section: null, notes: 'private note' })
  })

  it('refuses unknown sections (404) and malformed queries (400)', async () => {
    expect((await visitor.json('GET', '/api/sections/attic/media')).status).toBe(404)
    expect((await visitor.json('GET', '/api/sections/upstairs/media?type=audio')).status).toBe(400)
    expect((await visitor.json('GET', '/api/sections/upstairs/media?includeHidden=yes')).status).toBe(400)
    expect((await visitor.json('GET', '/api/sections/upstairs/media?limit=5')).status).toBe(400)
  })
})

describe('GET /api/media-files', () => {
  it('gives a visitor every visible media file in the spec shape, and nothing else', async () => {
    const { status, body } = await visitor.json<MediaFile[]>('GET', '/api/media-files')
    expect(status).toBe(200)
    expect(body.map((file) => file.id).sort()).toEqual(PUBLIC_IDS().sort())
    const bedroom = body.find((file) => file.id === ids.upstairsA)!
    expect(bedroom).toMatchObject({
      originalFilename: expect.any(String),
      fileType: 'image',
      mimeType: 'image/jpeg',
      fileSize: 2_000_000,
      width: 4000,
      height: 3000,
      isOptimized: 'false',
      isAnalyzed: 'false',
      isHidden: 'false',
      section: 'upstairs',
      description: 'Master bedroom',
      tags: ['bedroom', 'bright'],
      objectPath: `/public-objects/${encodeURIComponent(bedroom.filename)}`,
    })
    for (const file of body) {
      expect(file).not.toHaveProperty('notes')
      expect(file).not.toHaveProperty('storageKey')
      expect(file).not.toHaveProperty('sha256')
    }
  })

  it('filters by type and refuses unknown types', async () => {
    const videos = await visitor.json<MediaFile[]>('GET', '/api/media-files?type=video')
    expect(videos.body.map((file) => file.id)).toEqual([ids.upstairsVideo])
    expect(videos.body[0].duration).toBe(12.5)
    expect((await visitor.json('GET', '/api/media-files?type=pdf')).status).toBe(400)
  })

  it('gives the signed-in admin every media file, hidden and unprocessed included, with notes', async () => {
    const { body } = await admin.json<MediaFile[]>('GET', '/api/media-files')
    expect(body).toHaveLength(Object.keys(ids).length)
    expect(body.find((file) => file.id === ids.kitchen)).toMatchObject({ notes: 'Replace before summer', room: 'Kitchen' })
    expect(body.find((file) => file.id === ids.failed)).toMatchObject({ status: 'failed' })
  })
})

describe('GET /api/media-files/stats', () => {
  it('counts what the asker may see, with real values only', async () => {
    const { body } = await visitor.json('GET', '/api/media-files/stats')
    expect(body).toEqual({
      totalFiles: 5,
      imageCount: 4,
      videoCount: 1,
      avgOptimization: 0,
      avgLoadTime: 0,
      totalSize: 10_000_000,
    })
    const forAdmin = await admin.json('GET', '/api/media-files/stats')
    expect(forAdmin.body.totalFiles).toBe(8)
  })
})

describe('hidden media never reach an anonymous visitor', () => {
  it('is absent from every anonymous answer of our API', async () => {
    const answers = await Promise.all(
      [
        '/api/sections',
        '/api/media-files',
        '/api/media-files?type=image',
        '/api/media-files/stats',
        '/api/sections/all/media',
        '/api/sections/hidden/media',
        ...['main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors'].flatMap((id) => [
          `/api/sections/${id}/media`,
          `/api/sections/${id}/preview`,
        ]),
      ].map(async (path) => (await visitor.request('GET', path)).text()),
    )
    for (const text of answers) {
      for (const id of NEVER_PUBLIC()) expect(text).not.toContain(id)
      expect(text).not.toMatch(/secret-hidden|pending-upload|failed-upload|private note/)
    }
  })

  it("is absent from Payload's own REST, whatever the query", async () => {
    const listing = await visitor.json('GET', '/api/media?limit=100&depth=0')
    expect(listing.status).toBe(200)
    expect(listing.body.docs.map((doc: { id: string }) => doc.id).sort()).toEqual(PUBLIC_IDS().sort())
    const probing = await visitor.json('GET', '/api/media?where[isHidden][equals]=true&depth=0')
    expect(probing.body.docs).toEqual([])
    const byId = await visitor.request('GET', `/api/media/${ids.hidden}`)
    expect(byId.status).toBeGreaterThanOrEqual(400)
    expect(await byId.text()).not.toContain('secret-hidden')
    const huge = await visitor.json('GET', '/api/media?limit=10000&depth=0')
    expect(huge.body.limit).toBe(100)
    const notesProbe = await visitor.json('GET', '/api/media?where[notes][like]=private&depth=0')
    expect(notesProbe.body.docs ?? []).toEqual([])
  })
})
