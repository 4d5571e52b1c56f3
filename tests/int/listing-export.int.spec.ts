// Listing readiness and export packs (listing-ready issue), over HTTP, through the proxy and the route handlers
// with the jobs worker: a property's readiness per channel, the manager's channel choices, an
// export pack run as a job and read back from its download (order, sizes, no location or camera
// data, captions.csv, README.txt), and bad input: unknown channel, nothing to export, anonymous,
// another property's sections, an expired or forged download URL.
import crypto from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import type { Pool } from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { exportDownloadUrl } from '../../src/server/listing/download'
import { propertyScopeById } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { exportPackKey } from '../../src/server/storage/keys'
import { putObject } from '../../src/server/storage/put-object'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, managerClient } from '../helpers/http-client'
import { createMedia } from '../helpers/media'
import { makeCameraPhoto, makePhoto } from '../helpers/media-fixtures'
import { tagsOf } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { unzip } from '../helpers/zip'

let payload: Payload
let pool: Pool
let host: TestHost
let admin: HttpClient
let stopWorker: () => void
let lodgeId: string
const ids = {} as Record<'living' | 'kitchen' | 'dining' | 'bedroom' | 'bath' | 'lodge', string>

const AIRBNB_COVER_CROPS = ['cover-search-results-1x1.jpg', 'cover-listing-page-16x9.jpg']
const LONG_CAPTION = `${'Sunny living room with sofas '.repeat(15)}and a fireplace`

/** A ready photo whose bytes are in the store (unless `bytes` is null: its file is missing). */
async function photo(bytes: Buffer | null, data: Record<string, unknown>): Promise<string> {
  const key = `originals/${crypto.randomUUID()}/photo.jpg`
  if (bytes) await putObject({ key, body: bytes, contentType: 'image/jpeg' })
  return String((await createMedia(payload, { storageKey: key, ...data })).id)
}

const pathOf = (url: string) => {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  host = await startTestHost(payload)
  admin = await managerClient(host.url)
  const lodge = await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC' }, overrideAccess: true })
  lodgeId = String(lodge.id)
  await pool.query(`INSERT INTO gallery_sections (key, name, icon, colour, position, property_id) VALUES ('boathouse', 'Boathouse', 'B', 'blue', 9, $1)`, [lodgeId])
  // Stored on its side (EXIF orientation 6) with a GPS position and the camera's serial: 3000×2000 upright.
  ids.living = await photo(await makeCameraPhoto({ width: 2000, height: 3000 }), {
    section: 'main_level', room: 'Living room', sortOrder: 0, width: 3000, height: 2000, description: LONG_CAPTION,
  })
  ids.kitchen = await photo(await makePhoto({ width: 800, height: 600 }), { section: 'main_level', room: 'Kitchen', sortOrder: 1, width: 800, height: 600 })
  ids.dining = await photo(null, { section: 'main_level', room: 'Dining area', sortOrder: 2, width: 1600, height: 1200 })
  ids.bedroom = await photo(await makePhoto({ width: 1600, height: 1200, seed: 3 }), {
    section: 'upstairs', room: 'Master Bedroom', sortOrder: 0, width: 1600, height: 1200, description: 'King bed, garden view',
  })
  ids.bath = await photo(null, { section: 'upstairs', room: 'Upstairs bathroom', isHidden: true })
  ids.lodge = await photo(null, { property: lodgeId, section: 'upstairs', isHidden: true })
  stopWorker = startJobsWorker(payload, 1)
}, 120_000)

afterAll(async () => {
  stopWorker?.()
  await host?.close()
})

describe('listing readiness', () => {
  it("answers each channel's rules with what to fix and the photos concerned", async () => {
    const airbnb = await admin.call('GET', '/api/listing-readiness?channel=airbnb')
    expect(airbnb.status).toBe(200)
    expect(airbnb.body).toMatchObject({ channel: 'airbnb', ready: false, cover: { mediaId: ids.living, crops: [{ name: '1:1' }, { name: '16:9' }] } })
    const airbnbRules = Object.fromEntries(airbnb.body.rules.map((rule: { id: string }) => [rule.id, rule]))
    // The room's hidden photo is what the link shows: making it visible fixes the rule.
    expect(airbnbRules.rooms_with_photos).toEqual({ id: 'rooms_with_photos', status: 'fail', message: 'The Upstairs bathroom has no photo.', mediaIds: [ids.bath] })
    expect(airbnbRules.min_photos).toMatchObject({ status: 'fail', message: 'Airbnb needs at least 5 photos: 4 are visible. Make 1 more visible.' })
    expect(airbnbRules.min_size).toEqual({ id: 'min_size', status: 'warn', message: '1 photo is below 1024×683.', mediaIds: [ids.kitchen] })

    const vrbo = await admin.call('GET', '/api/listing-readiness?channel=vrbo')
    const vrboRules = Object.fromEntries(vrbo.body.rules.map((rule: { id: string }) => [rule.id, rule]))
    expect(vrboRules.min_size.status).toBe('fail')
    expect(vrboRules.caption_length).toMatchObject({ status: 'warn', mediaIds: [ids.living] })
  })

  it('refuses an unknown channel (400 naming the valid ones) and anonymous callers (401)', async () => {
    const unknown = await admin.call('GET', '/api/listing-readiness?channel=expedia')
    expect(unknown.status).toBe(400)
    expect(unknown.body.issues[0].message).toBe('Name a channel: airbnb, vrbo, booking, google.')
    expect((await new HttpClient(host.url).call('GET', '/api/listing-readiness?channel=airbnb')).status).toBe(401)
  })

  it("keeps the manager's photos and cover per channel; another property's photo is 404", async () => {
    const chosen = await admin.call('PUT', '/api/listing-channels/google', { json: { mediaIds: [ids.living, ids.bedroom], coverId: ids.bedroom } })
    expect(chosen).toMatchObject({ status: 200, body: { mediaIds: [ids.living, ids.bedroom], coverId: ids.bedroom } })
    const google = await admin.call('GET', '/api/listing-readiness?channel=google')
    expect(google.body.cover.mediaId).toBe(ids.bedroom)
    expect(google.body.rules.find((rule: { id: string }) => rule.id === 'min_photos').message).toBe(
      'Google Vacation Rentals needs at least 8 photos: 2 are visible. Make 6 more visible.',
    )
    expect((await admin.call('PUT', '/api/listing-channels/google', { json: { mediaIds: [ids.lodge], coverId: null } })).status).toBe(404)
    // Airbnb's choice is untouched.
    expect((await admin.call('GET', '/api/listing-readiness?channel=airbnb')).body.choice).toEqual({ mediaIds: null, coverId: null })
  })
})

describe('an export pack', () => {
  it('is written by a job and downloaded: tour order, channel size, no location or camera data, captions and README', async () => {
    // A pack whose run is gone (runs are kept a day) is removed by the next export.
    const home = (await pool.query(`SELECT id::text AS id FROM properties WHERE is_default`)).rows[0].id
    const stale = exportPackKey(home, crypto.randomUUID())
    await putObject({ key: stale, body: Buffer.from('old pack'), contentType: 'application/zip' })
    const started = await admin.call('POST', '/api/exports', { json: { channel: 'vrbo' } })
    expect(started.status).toBe(200)
    expect(await headObject({ key: stale })).toBeNull()
    expect(started.body).toMatchObject({ status: 'done', channel: 'vrbo', photos: 3 })
    expect(started.body.failed).toEqual([{ id: ids.dining, name: expect.any(String), reason: 'its file is missing from the store' }])
    const response = await fetch(`${host.url}${pathOf(started.body.downloadUrl)}`, {
      headers: { cookie: admin.cookie!, 'x-forwarded-for': admin.address, 'sec-fetch-site': 'same-origin' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const entries = await unzip(Buffer.from(await response.arrayBuffer()))
    expect([...entries.keys()]).toEqual(['01-living-room.jpg', '02-kitchen.jpg', '03-master-bedroom.jpg', 'captions.csv', 'README.txt'])

    const sizes = await Promise.all(['01-living-room.jpg', '02-kitchen.jpg', '03-master-bedroom.jpg'].map((name) => sharp(entries.get(name)!).metadata()))
    expect(sizes.map(({ width, height, format }) => [width, height, format])).toEqual([
      [1920, 1280, 'jpeg'],
      [800, 600, 'jpeg'],
      [1600, 1200, 'jpeg'],
    ])
    expect(await tagsOf(entries.get('01-living-room.jpg')!)).toEqual({})
    expect(sizes[0].exif).toBeUndefined()

    const cut = LONG_CAPTION.slice(0, 400).slice(0, LONG_CAPTION.slice(0, 401).lastIndexOf(' '))
    expect(entries.get('captions.csv')!.toString()).toBe(
      [
        'order,file,room_type,caption,note',
        `1,01-living-room.jpg,Living room,${cut},caption cut to 400 characters (was ${LONG_CAPTION.length})`,
        '2,02-kitchen.jpg,Kitchen,,',
        '3,03-master-bedroom.jpg,Bedroom,"King bed, garden view",',
        '',
      ].join('\r\n'),
    )
    const readme = entries.get('README.txt')!.toString()
    expect(readme).toContain('FAIL  Vrbo needs at least 6 photos: 4 are visible. Make 2 more visible.')
    expect(readme).toContain('FAIL  1 photo is below 1024×683.')
    expect(readme).toContain(`(${ids.dining}): its file is missing from the store`)

    // The run's status hands out a fresh URL too.
    const run = await admin.call('GET', `/api/runs/${started.body.runId}`)
    expect(run.body).toMatchObject({ kind: 'export', status: 'done', result: { file: started.body.file, downloadUrl: expect.stringContaining('/download?') } })
    // The pack's storage key is never in an answer.
    expect(JSON.stringify(run.body)).not.toContain(`exports/${home}`)

    // Expired, forged or another account's: refused.
    const req = { payload, url: host.url, headers: new Headers() } as unknown as PayloadRequest
    const expired = exportDownloadUrl(req, started.body.runId, home, Date.now() - 60 * 60 * 1000)
    expect(await admin.call('GET', pathOf(expired))).toMatchObject({ status: 403, body: { message: expect.stringContaining('expired') } })
    // One character of the signature changed (to another: a signature may begin with either).
    const forged = pathOf(started.body.downloadUrl).replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`)
    expect(forged).not.toBe(pathOf(started.body.downloadUrl))
    expect((await admin.call('GET', forged)).status).toBe(403)
    expect((await new HttpClient(host.url).call('GET', pathOf(started.body.downloadUrl))).status).toBe(401)
    // Under the Lodge's prefix the same URL names no run of that property.
    expect((await admin.call('GET', `/p/lodge${pathOf(started.body.downloadUrl)}`)).status).toBe(403)
  }, 60_000)

  it('refuses bad input: unknown channel, no visible photos, anonymous, another property’s sections', async () => {
    const unknown = await admin.call('POST', '/api/exports', { json: { channel: 'expedia' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.issues[0].message).toBe('Name a channel: airbnb, vrbo, booking, google.')
    const empty = await admin.call('POST', '/p/lodge/api/exports', { json: { channel: 'airbnb' } })
    expect(empty).toMatchObject({ status: 422, body: { message: 'There are no visible photos to export for Airbnb: make some visible (or choose them for the channel) first.' } })
    expect((await new HttpClient(host.url).call('POST', '/api/exports', { json: { channel: 'airbnb' } })).status).toBe(401)
    expect((await admin.call('POST', '/api/exports', { json: { channel: 'airbnb', sectionIds: ['boathouse'] } })).status).toBe(404)
    const scope = await propertyScopeById(payload, lodgeId)
    const { rows } = await pool.query(`SELECT count(*)::int AS runs FROM runs WHERE kind = 'export' AND property_id = $1`, [scope!.id])
    expect(rows[0].runs).toBe(0)
  })

  it('leaves a 360° panorama out unless the manager chooses it, and an empty caption empty', async () => {
    // The Lodge: a captioned deck photo, a photo without caption, and a 360° panorama of the bedroom.
    const deck = await photo(await makePhoto({ width: 1600, height: 1200, seed: 5 }), {
      property: lodgeId, section: 'main_level', room: 'Deck', sortOrder: 0, width: 1600, height: 1200, description: 'Deck over the lake',
    })
    const hall = await photo(await makePhoto({ width: 1600, height: 1200, seed: 6 }), {
      property: lodgeId, section: 'main_level', room: 'Hall', sortOrder: 1, width: 1600, height: 1200,
    })
    const pano = await photo(await makePhoto({ width: 4000, height: 2000, seed: 7 }), {
      property: lodgeId, section: 'upstairs', room: 'Master Bedroom', sortOrder: 0, width: 4000, height: 2000, detectedProjection: 'equirectangular',
    })
    const rulesOf = async () =>
      Object.fromEntries(
        (await admin.call('GET', '/p/lodge/api/listing-readiness?channel=airbnb')).body.rules.map((rule: { id: string }) => [rule.id, rule]),
      )
    const before = await rulesOf()
    expect(before.panoramas).toEqual({
      id: 'panoramas',
      status: 'warn',
      message:
        '1 360° panorama is left out: Airbnb shows a panorama as a distorted wide photo. To send it anyway, select it with the other photos and send only the selected.',
      mediaIds: [pano],
    })
    expect(before.captions).toEqual({
      id: 'captions',
      status: 'warn',
      message: '1 photo has no caption: write one in Custom Tags and Notes, or Airbnb shows it without one.',
      mediaIds: [hall],
    })
    const pack = async () => {
      const started = await admin.call('POST', '/p/lodge/api/exports', { json: { channel: 'airbnb' } })
      expect(started).toMatchObject({ status: 200, body: { status: 'done' } })
      const response = await fetch(`${host.url}${pathOf(started.body.downloadUrl)}`, {
        headers: { cookie: admin.cookie!, 'x-forwarded-for': admin.address, 'sec-fetch-site': 'same-origin' },
      })
      expect(response.status).toBe(200)
      return unzip(Buffer.from(await response.arrayBuffer()))
    }
    const flat = await pack()
    // Airbnb crops its cover: the pack holds each crop too (cover-crops.int.spec.ts).
    expect([...flat.keys()]).toEqual(['01-deck.jpg', ...AIRBNB_COVER_CROPS, '02-hall.jpg', 'captions.csv', 'README.txt'])
    expect(flat.get('captions.csv')!.toString()).toBe(
      ['order,file,room_type,caption,note', '1,01-deck.jpg,Patio,Deck over the lake,', '2,02-hall.jpg,,,', ''].join('\r\n'),
    )
    expect(flat.get('README.txt')!.toString()).toContain('WARN  1 360° panorama is left out: Airbnb shows a panorama as a distorted wide photo.')

    // Chosen on purpose, it goes.
    expect((await admin.call('PUT', '/p/lodge/api/listing-channels/airbnb', { json: { mediaIds: [deck, hall, pano], coverId: null } })).status).toBe(200)
    expect((await rulesOf()).panoramas).toMatchObject({ status: 'pass', message: '1 360° panorama goes to Airbnb, as you chose.' })
    expect([...(await pack()).keys()]).toEqual(['01-deck.jpg', ...AIRBNB_COVER_CROPS, '02-hall.jpg', '03-master-bedroom.jpg', 'captions.csv', 'README.txt'])
  }, 60_000)
})
