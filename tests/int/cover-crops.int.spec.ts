// A listing channel's cover crops: without the manager's framing, each crop is where sharp's
// attention strategy finds the photo's subject (a busy red block on the right of a plain grey
// photo) and says so; the manager's frame replaces it, is written into the export pack (each crop a
// file of its own), and stops applying once the photo is edited; bad input is a 4xx naming the
// field and changes nothing.
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { unzip } from '../helpers/zip'

let payload: Payload
let manager: Session
let stopWorker: () => Promise<void>
let cover: string

type Crop = { name: string; label: string; source: string; frame: { x: number; y: number; width: number; height: number } }

/** 1200 × 600 plain grey, with a 300-px block of noisy red whose left edge is at 850 px. */
async function subjectOnTheRight(): Promise<Buffer> {
  const block = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 230, g: 30, b: 40 }, noise: { type: 'gaussian', mean: 128, sigma: 80 } },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 120, g: 120, b: 120 } } })
    .composite([{ input: block, left: 850, top: 150 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

const readiness = async () => (await manager.json<{ cover: { mediaId: string; crops: Crop[] } }>('GET', '/api/listing-readiness?channel=airbnb')).body.cover
const byName = (crops: Crop[]) => Object.fromEntries(crops.map((crop) => [crop.name, crop]))
const putCrops = (body: unknown, session = manager, channel = 'airbnb') => session.json('PUT', `/api/listing-channels/${channel}/cover-crops`, { body })

/** An Airbnb export pack, made and downloaded as the panel does. */
async function exportPack() {
  const started = await manager.json('POST', '/api/exports', { body: { channel: 'airbnb' } })
  expect(started.status).toBe(200)
  const url = new URL(started.body.downloadUrl)
  const download = await manager.request('GET', url.pathname + url.search)
  expect(download.status).toBe(200)
  return unzip(Buffer.from(await download.arrayBuffer()))
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  manager = await signedInAdmin()
  const created = await uploadFile(manager, await subjectOnTheRight(), { filename: 'terrace.jpg', contentType: 'image/jpeg' })
  cover = created.body.id
  await runJobs(payload)
  expect((await manager.json('PUT', `/api/media-files/${cover}/section`, { body: { section: 'main_level', room: 'Terrace' } })).status).toBe(200)
  stopWorker = startJobsWorker(payload, 1)
})
afterAll(async () => {
  await stopWorker?.()
})

describe("the cover's crops", () => {
  it('are framed by content until the manager frames them: the subject on the right is kept', async () => {
    const { mediaId, crops } = await readiness()
    expect(mediaId).toBe(cover)
    const { '1:1': square, '16:9': wide } = byName(crops)
    expect(square).toMatchObject({ label: 'Search results', source: 'content-aware' })
    // The largest square is half the photo's width; the block (850–1150 px) is in its right half.
    expect(square.frame.width).toBeCloseTo(0.5, 3)
    expect(square.frame.height).toBe(1)
    expect(square.frame.x).toBeCloseTo(0.5, 2)
    // 16:9 at the full height is 0.889 of the width: pushed right as far as it goes (x 0.111).
    expect(wide).toMatchObject({ label: 'Listing page', source: 'content-aware' })
    expect(wide.frame.width).toBeCloseTo(0.889, 2)
    expect(wide.frame.x).toBeCloseTo(0.111, 2)
  })

  it("take the manager's frame, which the export pack writes as a file of its own", async () => {
    const saved = await putCrops({ mediaId: cover, crops: { '16:9': { x: 0, y: 0, width: 0.8889, height: 1 } } })
    expect(saved.status).toBe(200)
    const crops = byName(saved.body.crops)
    expect(crops['16:9']).toMatchObject({ source: 'manager', frame: { x: 0, y: 0, width: 0.8889, height: 1 } })
    expect(crops['1:1'].source).toBe('content-aware')
    expect(byName((await readiness()).crops)['16:9'].source).toBe('manager')

    const entries = await exportPack()
    expect([...entries.keys()]).toEqual([
      '01-terrace.jpg',
      'cover-search-results-1x1.jpg',
      'cover-listing-page-16x9.jpg',
      'captions.csv',
      'README.txt',
    ])
    // 0.8889 of 1200 px by the full 600: 1067 × 600; the square, 600 × 600.
    expect(await sharp(entries.get('cover-listing-page-16x9.jpg')!).metadata()).toMatchObject({ width: 1067, height: 600, format: 'jpeg' })
    expect(await sharp(entries.get('cover-search-results-1x1.jpg')!).metadata()).toMatchObject({ width: 600, height: 600 })
    const readme = entries.get('README.txt')!.toString()
    expect(readme).toContain('cover-listing-page-16x9.jpg: the cover as Airbnb shows it in listing page (16:9), framed by you.')
    expect(readme).toContain('cover-search-results-1x1.jpg: the cover as Airbnb shows it in search results (1:1), framed by its content')
  })

  it('keep both of two frames saved at once', async () => {
    const [square, wide] = await Promise.all([
      putCrops({ mediaId: cover, crops: { '1:1': { x: 0.1, y: 0, width: 0.5, height: 1 } } }),
      putCrops({ mediaId: cover, crops: { '16:9': { x: 0.1, y: 0, width: 0.8889, height: 1 } } }),
    ])
    expect([square.status, wide.status]).toEqual([200, 200])
    const crops = byName((await readiness()).crops)
    expect(crops['1:1']).toMatchObject({ source: 'manager', frame: { x: 0.1 } })
    expect(crops['16:9']).toMatchObject({ source: 'manager', frame: { x: 0.1 } })
  })

  it('go back to the content-aware frame when asked, and when the photo is edited', async () => {
    expect((await putCrops({ mediaId: cover, crops: { '1:1': { x: 0.25, y: 0, width: 0.5, height: 1 } } })).status).toBe(200)
    expect(byName((await readiness()).crops)['1:1'].frame.x).toBe(0.25)
    const back = await putCrops({ mediaId: cover, crops: { '1:1': null } })
    expect(byName(back.body.crops)['1:1'].source).toBe('content-aware')
    // The 16:9 frame was set on the photo before its edit: it no longer applies.
    expect((await manager.json('PUT', `/api/media-files/${cover}/edits`, { body: { baseVersion: 0, operations: [{ op: 'flip', axis: 'horizontal' }] } })).status).toBe(200)
    // The worker renders the edit.
    await expect
      .poll(async () => (await manager.json<Array<{ id: string; editStatus: string }>>('GET', '/api/media-files')).body.find((file) => file.id === cover)?.editStatus, {
        timeout: 30_000,
      })
      .toBe('edited')
    const crops = byName((await readiness()).crops)
    expect(crops['16:9'].source).toBe('content-aware')
    // Mirrored, the subject is on the left now.
    expect(crops['16:9'].frame.x).toBeCloseTo(0, 2)

    // The pack has the edited photo: the busy block (850–1150 px before) at 50–350 px, plain grey where it was.
    const photo = (await exportPack()).get('01-terrace.jpg')!
    expect(await sharp(photo).metadata()).toMatchObject({ width: 1200, height: 600 })
    const spread = async (left: number) => {
      const values = [...(await sharp(photo).extract({ left, top: 250, width: 100, height: 100 }).greyscale().raw().toBuffer())]
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length
      return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length)
    }
    expect(await spread(150)).toBeGreaterThan(20)
    expect(await spread(950)).toBeLessThan(5)
  })

  it('refuse bad input with a 4xx naming the field, and change nothing', async () => {
    const before = (await readiness()).crops
    const refusal = async (body: unknown, channel = 'airbnb') => {
      const answer = await putCrops(body, manager, channel)
      return { status: answer.status, paths: (answer.body.issues ?? []).map((issue: { path: string }) => issue.path) }
    }
    expect(await refusal({ mediaId: cover, crops: { '16:9': { x: 0, y: 0, width: 0.5, height: 1 } } })).toEqual({ status: 400, paths: ['crops.16:9'] })
    expect(await refusal({ mediaId: cover, crops: { '4:5': { x: 0, y: 0, width: 0.4, height: 1 } } })).toEqual({ status: 400, paths: ['crops.4:5'] })
    expect(await refusal({ mediaId: cover, crops: { '1:1': { x: 0.8, y: 0, width: 0.5, height: 1 } } })).toEqual({ status: 400, paths: ['crops.1:1.width'] })
    expect(await refusal({ mediaId: cover, crops: { '1:1': { x: 0, y: 0, width: 0.5, height: 1 } } }, 'vrbo')).toEqual({ status: 400, paths: ['crops.1:1'] })
    expect((await putCrops({ mediaId: crypto.randomUUID(), crops: {} })).status).toBe(404)
    expect((await putCrops({ mediaId: cover, crops: {} }, new Session())).status).toBe(401)
    const made = await manager.json('POST', '/api/register', { body: { username: 'crops-editor', password: PASSWORD, role: 'content-editor' } })
    expect(made.status).toBe(201)
    const editor = new Session()
    await editor.json('POST', '/api/login', { body: { username: 'crops-editor', password: PASSWORD } })
    expect((await putCrops({ mediaId: cover, crops: { '1:1': null } }, editor)).status).toBe(403)
    expect((await readiness()).crops).toEqual(before)
  })
})
