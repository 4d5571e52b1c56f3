// AVIF renditions for visitors: after a photo is ready, its job adds an AVIF beside each WebP
// rendition (same sizes, no camera data), the answers list them, delivery serves them; the job
// is idempotent (a run killed between storing and recording them is done again, to the same
// keys), ends cleanly for a removed photo (nothing left at its keys), and photos processed
// before AVIF existed get theirs from the backfill.
import fs from 'node:fs/promises'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { AVIF_BACKFILL, AVIF_TASK, makeAvifFor, RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'
import { queueBackfill, runBackfill } from '../../src/server/jobs/backfill'
import { defaultPropertyId } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { type Session, signedInAdmin } from '../helpers/api'
import { CAMERA_TAGS, makeCameraPhoto, makePhoto, tempDir } from '../helpers/media-fixtures'
import { fetchObject, mediaRecord } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session
let propertyId: string
let dir: string

const runAvifJobs = () => payload.jobs.run({ queue: RENDITIONS_QUEUE, limit: 10 })
const listed = async (id: string) =>
  (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === id)!

async function readyPhoto(photo: Buffer, filename: string): Promise<string> {
  const created = await uploadFile(admin, photo, { filename, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  await runJobs(payload)
  expect((await mediaRecord(payload, created.body.id)).status).toBe('ready')
  return created.body.id
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  propertyId = await defaultPropertyId(payload)
  dir = await tempDir()
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('a ready photo', () => {
  let id: string

  beforeAll(async () => {
    id = await readyPhoto(await makeCameraPhoto({ width: 1000, height: 750 }), 'IMG_0100.jpg')
  })

  it('is ready before its AVIF renditions exist, and offers none until they do', async () => {
    const { rows } = await poolOf(payload).query(`SELECT input FROM payload_jobs WHERE task_slug = $1 AND queue = $2`, [
      AVIF_TASK,
      RENDITIONS_QUEUE,
    ])
    expect(rows.map((row) => row.input)).toEqual([{ propertyId, mediaId: id }])
    const file = await listed(id)
    expect(file.variantWidths).toEqual([400, 750])
    expect(file.avifWidths).toEqual([])
    expect((await fetchObject(payload, `${file.objectPath}/w400.avif`)).response.status).toBe(404)
  })

  it('gets an AVIF beside each WebP rendition, the same size, with none of the camera data', async () => {
    await runAvifJobs()
    const record = await mediaRecord(payload, id)
    expect(record.avifRenditions.map((r: { key: string }) => r.key)).toEqual([`derived/${id}/400.avif`, `derived/${id}/750.avif`])
    const file = await listed(id)
    expect(file.avifWidths).toEqual([400, 750])
    for (const [width, height] of [
      [400, 533],
      [750, 1000],
    ]) {
      const { response, bytes } = await fetchObject(payload, `${file.objectPath}/w${width}.avif`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/avif')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(bytes).metadata()
      expect(metadata).toMatchObject({ format: 'heif', compression: 'av1', width, height })
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.iptc).toBeUndefined()
      const text = bytes.toString('latin1')
      for (const value of [CAMERA_TAGS.serial, CAMERA_TAGS.artist, CAMERA_TAGS.model, 'Exif'])
        expect(text.includes(value), value).toBe(false)
    }
  })

  it('is done once: a run killed before recording is done again to the same keys, and a later run changes nothing', async () => {
    const before = (await mediaRecord(payload, id)).avifRenditions
    // As a run killed between storing the objects and recording them leaves the row.
    await poolOf(payload).query('UPDATE media SET avif_renditions = NULL WHERE id = $1', [id])
    expect(await makeAvifFor(payload, propertyId, id)).toEqual({ state: 'made', count: 2 })
    expect((await mediaRecord(payload, id)).avifRenditions.map((r: { key: string }) => r.key)).toEqual(
      before.map((r: { key: string }) => r.key),
    )
    expect(await makeAvifFor(payload, propertyId, id)).toEqual({ state: 'skipped' })
  })
})

describe('a photo removed before its job runs', () => {
  it('ends the job cleanly and leaves no AVIF behind; so does a job naming another property', async () => {
    const id = await readyPhoto(await makePhoto({ width: 500, height: 400, seed: 31 }), 'removed.jpg')
    expect(await makeAvifFor(payload, '00000000-0000-4000-8000-000000000000', id)).toEqual({ state: 'gone' })
    expect((await admin.json('DELETE', `/api/media-files/${id}`)).status).toBe(200)
    await runAvifJobs()
    const { rows } = await poolOf(payload).query(
      `SELECT has_error, completed_at IS NOT NULL AS done FROM payload_jobs WHERE input->>'mediaId' = $1`,
      [id],
    )
    expect(rows.every((row) => !row.has_error)).toBe(true)
    expect(await makeAvifFor(payload, propertyId, id)).toEqual({ state: 'gone' })
    expect(await headObject({ key: `derived/${id}/400.avif` })).toBeNull()
  })
})

describe('photos processed before AVIF renditions existed', () => {
  it('get them from the backfill, queued once', async () => {
    const id = await readyPhoto(await makePhoto({ width: 600, height: 450, seed: 32 }), 'older.jpg')
    await runAvifJobs()
    // As an older version left it.
    await poolOf(payload).query('UPDATE media SET avif_renditions = NULL WHERE id = $1', [id])
    expect((await listed(id)).avifWidths).toEqual([])
    expect(await queueBackfill(payload, AVIF_BACKFILL)).toBe(true)
    expect(await queueBackfill(payload, AVIF_BACKFILL)).toBe(false)
    await runAvifJobs()
    expect((await listed(id)).avifWidths).toEqual([400, 600])
    expect(await runBackfill(payload, AVIF_BACKFILL)).toEqual({ made: 0, unreadable: 0, gone: 0 })
    expect(await queueBackfill(payload, AVIF_BACKFILL)).toBe(false)
  })
})
