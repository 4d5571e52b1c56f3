// 360° panoramas (camera issue, item 3): found at ingest from the photo's XMP (GPano), or
// offered to the manager from its shape; the manager's toggle is kept when the photo is
// processed again; a video is refused with a reason and nothing changes; analysis writes no
// objects for a panorama.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { analyzeMedia } from '../../src/server/analysis/analyze-media'
import { ingestMedia } from '../../src/server/media/ingest'
import { processImage } from '../../src/server/media/process-image'
import { type Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { mediaRecord } from '../helpers/objects'
import { makePanorama } from '../helpers/panorama'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

async function answerOf(id: string): Promise<MediaFile> {
  const { body } = await admin.json<MediaFile[]>('GET', '/api/media-files')
  return body.find((file) => file.id === id)!
}

async function uploadProcessed(bytes: Buffer, filename: string): Promise<string> {
  const created = await uploadFile(admin, bytes, { filename, contentType: 'image/jpeg' })
  expect(created.status).toBe(201)
  await runJobs(payload)
  return created.body.id
}

const setProjection = (id: string, body: Record<string, unknown>) =>
  admin.json<MediaFile & { message?: string }>('PUT', `/api/media-files/${id}/metadata`, { body })

describe('detection at ingest', () => {
  it('takes a photo whose XMP says equirectangular as a panorama, whatever its shape', async () => {
    const id = await uploadProcessed(await makePanorama({ width: 800, seed: 5, gpano: {} }), 'PANO_0001.jpg')
    expect(await answerOf(id)).toMatchObject({ status: 'ready', projection: 'equirectangular', panoramaSuggested: false })

    // Ingest reads the packet whatever the shape: a 3:2 photo with the XMP is one too.
    const odd = await processImage(await makePanorama({ width: 600, height: 400, gpano: {} }))
    expect(odd.projection).toEqual({ detected: 'equirectangular', looksLikePanorama: false })
  })

  // The edges of the rule (3998 × 1999, 4000 × 2100, the viewer turned off) are unit tests: tests/unit/panorama.test.ts.
  it('offers a 2:1 photo at least 4,000 px wide without the XMP as "Looks like a 360° photo"; the manager confirms it', async () => {
    const id = await uploadProcessed(await makePanorama({ width: 4000 }), 'IMG_STITCHED.jpg')
    expect(await answerOf(id)).toMatchObject({ projection: null, panoramaSuggested: true })
    const confirmed = await setProjection(id, { projection: 'equirectangular' })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ projection: 'equirectangular', panoramaSuggested: false })
    // Processing again never undoes the manager's choice.
    await ingestMedia(payload, id)
    expect(await answerOf(id)).toMatchObject({ status: 'ready', projection: 'equirectangular', panoramaSuggested: false })
  })
})

describe("the manager's 360° toggle", () => {
  it('turns a detected panorama flat; processing again keeps the choice', async () => {
    const detected = await uploadProcessed(await makePanorama({ width: 800, gpano: {} }), 'PANO_0002.jpg')
    const flat = await setProjection(detected, { projection: null })
    expect(flat.status).toBe(200)
    expect(flat.body).toMatchObject({ projection: null, panoramaSuggested: false })

    await ingestMedia(payload, detected)
    expect(await answerOf(detected)).toMatchObject({ status: 'ready', projection: null })
    // Ingest's own finding is still there, under the manager's choice.
    expect(await mediaRecord(payload, detected)).toMatchObject({
      detectedProjection: 'equirectangular',
      projectionChoice: 'flat',
    })
  })

  it('refuses a panorama flag on a video with a reason, never a 500, and changes nothing', async () => {
    const video = await createMedia(payload, { fileType: 'video', tags: ['pool'] })
    const id = String(video.id)
    const before = await answerOf(id)
    const refused = await setProjection(id, { projection: 'equirectangular', tags: ['deck'] })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('A video cannot be a 360° photo: only photos open in the 360° viewer.')
    const bad = await admin.json('PUT', `/api/media-files/${id}/metadata`, { body: { projection: 'cubemap' } })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      { path: 'projection', message: 'The projection is "equirectangular" (a 360° photo) or null (a flat one).' },
    ])
    expect(await answerOf(id)).toEqual(before)
    expect(await mediaRecord(payload, id)).toMatchObject({ projectionChoice: null, tags: ['pool'] })
  })
})

describe('analysis of a panorama', () => {
  it('writes no objects for a 360° photo, where the same photo flat gets them', async () => {
    const bedroom = await fs.readFile(path.resolve(__dirname, '../fixtures/analysis/bedroom-hotel.jpg'))
    const id = await uploadProcessed(await makePanorama({ photo: bedroom, gpano: {} }), 'PANO_BEDROOM.jpg')
    expect(await analyzeMedia(payload, { mediaId: id })).toEqual({ state: 'analyzed' })
    expect(await answerOf(id)).toMatchObject({ projection: 'equirectangular', isAnalyzed: 'true', objects: [] })

    await setProjection(id, { projection: null })
    expect(await analyzeMedia(payload, { mediaId: id, force: true })).toEqual({ state: 'analyzed' })
    expect((await answerOf(id)).objects).toContain('bed')
  }, 120_000)
})
