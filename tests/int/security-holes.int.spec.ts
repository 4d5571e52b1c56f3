// The holes an outside probe found (issue 13), each as it was reported, over HTTP, through the
// proxy and the route handlers: a hidden photo through Next's image optimiser, the embedded
// store without authentication, rate limits keyed on X-Forwarded-For and missing on Payload's
// own login, missing security headers, 5xx on bad input, and bad input that changed data.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { appStore } from '../../src/server/storage/index'
import { ORIGIN, PASSWORD } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, managerClient } from '../helpers/http-client'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

const s3 = () => appStore().client
const bucket = () => appStore().bucket

let payload: Payload
let host: TestHost
let manager: HttpClient
let anonymous: HttpClient
let photo: { id: string; filename: string }

const rowOf = async (id: string) =>
  (await poolOf(payload).query('SELECT (SELECT key FROM gallery_sections WHERE gallery_sections.id = media.section_id) AS section_id, sort_order::float8 AS sort_order, is_hidden, room FROM media WHERE id = $1', [id])).rows[0]

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  host = await startTestHost(payload)
  manager = await managerClient(host.url)
  anonymous = new HttpClient(host.url)
  photo = (await createMedia(payload, { section: 'upstairs', sortOrder: 3 })) as unknown as typeof photo
})

afterAll(async () => {
  await host?.close()
})

describe('1. the image optimiser', () => {
  it('is not served: /_next/image answers 404 before Next sees it', async () => {
    const url = `/_next/image?url=${encodeURIComponent(`/public-objects/${photo.filename}/w400.webp`)}&w=640&q=75`
    for (const client of [anonymous, manager]) {
      const response = await client.call('GET', url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    expect((await anonymous.call('GET', '/_next/image/?url=%2Fx&w=64&q=1')).status).toBe(404)
    expect((await anonymous.call('GET', '/_NEXT/IMAGE?url=%2Fx&w=64&q=1')).status).toBe(404)
  })
})

describe('2. the embedded store', () => {
  const endpoint = () => process.env.S3_ENDPOINT!
  const key = 'originals/security-probe/hidden-original.jpg'

  beforeAll(async () => {
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: 'original bytes', ContentType: 'image/jpeg' }))
  })

  it('answers unsigned reads, listings and writes with 403 and stores nothing', async () => {
    expect((await fetch(`${endpoint()}/${bucket()}/${key}`)).status).toBe(403)
    expect((await fetch(`${endpoint()}/${bucket()}?list-type=2`)).status).toBe(403)
    expect((await fetch(`${endpoint()}/${bucket()}?list-type=2&prefix=trash/`)).status).toBe(403)
    expect((await fetch(`${endpoint()}/`)).status).toBe(403)
    const put = await fetch(`${endpoint()}/${bucket()}/${key}`, { method: 'PUT', body: 'overwritten' })
    expect(put.status).toBe(403)
    const stored = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }))
    expect(await stored.Body!.transformToString()).toBe('original bytes')
  })

  it('refuses a request signed with another key, and a presigned URL that was altered or has expired', async () => {
    const stranger = new S3Client({
      endpoint: endpoint(),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: 'not-the-store-secret-key' },
    })
    await expect(stranger.send(new ListObjectsV2Command({ Bucket: bucket() }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } })
    const signed = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: 60 })
    expect((await fetch(signed)).status).toBe(200)
    expect((await fetch(signed.replace('hidden-original.jpg', 'other.jpg'))).status).toBe(403)
    const expired = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 10 * 60_000),
    })
    expect((await fetch(expired)).status).toBe(403)
    // A signature made with the same key for a different object does not open this one.
    const forOther = new URL(await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: 'originals/x.jpg' }), { expiresIn: 60 }))
    const swapped = new URL(signed)
    swapped.searchParams.set('X-Amz-Signature', forOther.searchParams.get('X-Amz-Signature')!)
    expect((await fetch(swapped)).status).toBe(403)
  })

  it("lets only the app's origin call it from a browser (CORS), on a port it chose", async () => {
    const preflight = (origin: string) =>
      fetch(`${endpoint()}/${bucket()}/${key}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      })
    const evil = await preflight('https://evil.example')
    expect(evil.status).toBe(403)
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    const own = await preflight(ORIGIN)
    expect(own.status).toBe(200)
    expect(own.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(new URL(endpoint()).port).not.toBe('4568')
  })
})

describe('3. sign-in rate limits', () => {
  it('are not reset by a forged X-Forwarded-For', async () => {
    // A client of its own address: the window starts empty, whoever signed in before.
    const client = new HttpClient(host.url, { from: '127.3.0.1' })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await client.call('POST', '/api/login', {
        json: { username: 'nobody', password: 'wrong password' },
        headers: { 'X-Forwarded-For': `198.51.100.${attempt}`, 'X-Real-IP': `198.51.100.${attempt}` },
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([...Array(30).fill(401), 429])
  })

  it("apply to Payload's own login (one window shared with /api/login) behind a trusted proxy", async () => {
    const proxied = await startTestHost(payload, { trustProxy: 'loopback' })
    try {
      const client = new HttpClient(proxied.url)
      const from = (address: string) => ({ 'X-Forwarded-For': address })
      const statuses: number[] = []
      for (let attempt = 0; attempt < 20; attempt++) {
        statuses.push((await client.call('POST', '/api/users/login', { json: { username: 'nobody', password: 'x' }, headers: from('203.0.113.7') })).status)
      }
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push((await client.call('POST', '/api/login', { json: { username: 'nobody', password: 'x' }, headers: from('203.0.113.7') })).status)
      }
      expect(statuses.slice(0, 30).every((status) => status === 401 || status === 400)).toBe(true)
      expect(statuses[30]).toBe(429)
      const payloadLogin = await client.call('POST', '/api/users/login', { json: { username: 'nobody', password: 'x' }, headers: from('203.0.113.7') })
      expect(payloadLogin.status).toBe(429)
      expect(JSON.stringify(payloadLogin.body)).toMatch(/Too many attempts\. Try again in \d+ seconds\./)
      // Another client behind the same proxy has its own window.
      expect((await client.call('POST', '/api/users/login', { json: { username: 'nobody', password: 'x' }, headers: from('203.0.113.8') })).status).toBe(401)
      // The manager can still sign in from elsewhere (the lockout is per account and untouched).
      expect((await client.call('POST', '/api/login', { json: { username: 'manager', password: PASSWORD }, headers: from('203.0.113.9') })).status).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})

describe('4. security headers', () => {
  it("are on pages, API answers, objects and the proxy's own refusals", async () => {
    for (const path of ['/login', '/admin', '/gallery', '/api/sections', '/api/users/me', `/public-objects/${photo.filename}/w400.webp`, '/_next/image?url=%2Fx&w=8&q=1']) {
      const { headers } = await anonymous.call('GET', path)
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
      expect(headers.get('content-security-policy'), path).toContain("object-src 'none'")
      expect(headers.get('x-frame-options'), path).toBe('DENY')
      expect(headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
    }
  })
})

describe('5. bad input answers 4xx, never 5xx', () => {
  const nul = 'a\u0000b'
  it.each([
    ['a NUL in a login username', () => anonymous.call('POST', '/api/login', { json: { username: nul, password: 'x' } })],
    ['a NUL in a tag', () => manager.call('PUT', `/api/media-files/${photo.id}/metadata`, { json: { tags: [nul] } })],
    ['a NUL in a description', () => manager.call('PUT', `/api/media-files/${photo.id}/metadata`, { json: { description: nul } })],
    ['a NUL in notes', () => manager.call('PUT', `/api/media-files/${photo.id}/metadata`, { json: { notes: nul } })],
    ['a NUL in a room', () => manager.call('PUT', `/api/media-files/${photo.id}/section`, { json: { section: 'upstairs', room: nul } })],
    ['a NUL in an object address', () => anonymous.call('GET', '/public-objects/a%00b.jpg')],
    ['a NUL in a REST filter', () => anonymous.call('GET', '/api/media?where[filename][equals]=a%00b')],
    ['where[id][in]=1,2,3', () => manager.call('GET', '/api/media?where[id][in]=1,2,3')],
    ['where[id][in]=1,2,3 anonymously', () => anonymous.call('GET', '/api/media?where[id][in]=1,2,3')],
    ['where[tags][all]=a', () => anonymous.call('GET', '/api/media?where[tags][all]=a')],
    ['where[id][near]=1,2', () => anonymous.call('GET', '/api/media?where[id][near]=1,2')],
    ['a key prefix on the file route', () => anonymous.call('GET', `/api/media/file/${photo.filename}?prefix=originals`)],
    ['a section that does not exist', () => manager.call('PATCH', `/api/media/${photo.id}`, { json: { section: 'attic' } })],
    ['the job queue route, signed in', () => manager.call('GET', '/api/payload-jobs/handle-schedules')],
    ['the migrations route', () => manager.call('GET', '/api/payload-migrations')],
  ])('%s', async (_label, call) => {
    const before = await rowOf(photo.id)
    const response = await call()
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.text).not.toMatch(/\bat .+\.(js|ts):\d+/)
    expect(await rowOf(photo.id)).toEqual(before)
  })
})

describe("5b. a client's mistake is not logged as an error", () => {
  it('a request the gallery refuses, or Payload finds nothing for, is logged at info with its message only', async () => {
    const logged = { error: [] as unknown[], info: [] as unknown[] }
    const error = vi.spyOn(payload.logger, 'error').mockImplementation((entry: unknown) => void logged.error.push(entry))
    const info = vi.spyOn(payload.logger, 'info').mockImplementation((entry: unknown) => void logged.info.push(entry))
    try {
      // Refused by the gallery's REST hook (src/hooks/strict-rest.ts).
      expect((await manager.call('GET', '/api/media/999999')).status).toBe(400)
      // Payload's own NotFound: a well-formed id of no record.
      expect((await manager.call('GET', '/api/media/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    } finally {
      error.mockRestore()
      info.mockRestore()
    }
    expect(logged.error).toEqual([])
    expect(logged.info).toEqual(expect.arrayContaining([{ msg: 'Ids are UUIDs.' }, { msg: 'Not Found' }]))
  })
})

describe("5c. a client's mistake Payload names only APIError is not logged as an error either", () => {
  it('writes a logout without a session (Payload: "No User", 400) at info, with its message only', async () => {
    // Spies that call through: Payload's error handler asks for an error, and the plugin's logger
    // hook (src/server/http/client-mistakes-at-info.ts) writes it at info instead.
    const error = vi.spyOn(payload.logger, 'error')
    const info = vi.spyOn(payload.logger, 'info')
    try {
      const response = await anonymous.call('POST', '/api/users/logout')
      expect(response.status).toBe(400)
      expect(info).toHaveBeenCalledWith({ msg: 'No User' })
      expect(error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'No User', status: 400 }) })
    } finally {
      error.mockRestore()
      info.mockRestore()
    }
  })
})

describe('6. bad input never changes data', () => {
  it('refuses JSON sent as text/plain or with no content type (the photo stays put)', async () => {
    const before = await rowOf(photo.id)
    const body = JSON.stringify({ section: 'backyard' })
    const plain = await manager.call('PUT', `/api/media-files/${photo.id}/section`, { body, headers: { 'content-type': 'text/plain' } })
    expect(plain.status).toBe(415)
    const untyped = await manager.call('PUT', `/api/media-files/${photo.id}/section`, { body: new Blob([body]) })
    expect(untyped.status).toBe(415)
    const rest = await manager.call('PATCH', `/api/media/${photo.id}`, { body, headers: { 'content-type': 'text/plain' } })
    expect(rest.status).toBe(415)
    expect(await rowOf(photo.id)).toEqual(before)
  })

  it('refuses a sortOrder of "NaN" through Payload REST (it stays 3)', async () => {
    const response = await manager.call('PATCH', `/api/media/${photo.id}`, { json: { sortOrder: 'NaN' } })
    expect(response.status).toBe(400)
    expect((await rowOf(photo.id)).sort_order).toBe(3)
  })

  it('still accepts a well-formed REST edit', async () => {
    const response = await manager.call('PATCH', `/api/media/${photo.id}`, { json: { sortOrder: 4, room: 'Loft' } })
    expect(response.status).toBe(200)
    expect(await rowOf(photo.id)).toMatchObject({ sort_order: 4, room: 'Loft' })
  })
})

describe('7. nothing goes to a third party', () => {
  it("turns Payload's usage telemetry off (it would post to Payload's service at start and on each admin load)", () => {
    expect(payload.config.telemetry).toBe(false)
  })
})

afterAll(() => {
  expect(host.errors).toEqual([])
})
