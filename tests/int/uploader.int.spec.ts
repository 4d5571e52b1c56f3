// The uploader's calls (spec §7 "Uploader calls") against the real store: a whole file by
// POST form (s3/params), a large one in parts (s3/multipart: create, sign, list, complete),
// an abort that removes the parts, and every malformed or foreign call refused: a key serves only
// the account it was issued to, in the property it was issued in.
import http from 'node:http'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { readObject } from '../../src/server/storage/read-object'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs } from '../helpers/upload'

let payload: Payload
let admin: Session
const visitor = new Session()

const MiB = 1024 * 1024
const mediaCount = async () => Number((await poolOf(payload).query('SELECT count(*) FROM media')).rows[0].count)

type Started = { uploadId: string; key: string }

async function startMultipart(filename = 'Walkthrough.mp4', type = 'video/mp4') {
  const started = await admin.json<Started>('POST', '/api/s3/multipart', { body: { filename, type, metadata: {} } })
  expect(started.status).toBe(200)
  return started.body
}

const partPath = ({ uploadId, key }: Started, partNumber: number | string) =>
  `/api/s3/multipart/${encodeURIComponent(uploadId)}/${partNumber}?key=${encodeURIComponent(key)}`
const uploadPath = ({ uploadId, key }: Started, suffix = '') =>
  `/api/s3/multipart/${encodeURIComponent(uploadId)}${suffix}?key=${encodeURIComponent(key)}`

async function putPart(upload: Started, partNumber: number, bytes: Buffer) {
  const signed = await admin.json<{ url: string; headers: Record<string, string>; expires: number }>(
    'GET',
    partPath(upload, partNumber),
  )
  expect(signed.status).toBe(200)
  expect(signed.body.expires).toBeLessThanOrEqual(15 * 60)
  const response = await fetch(signed.body.url, { method: 'PUT', headers: signed.body.headers, body: new Uint8Array(bytes) })
  expect(response.status).toBe(200)
  return { PartNumber: partNumber, ETag: response.headers.get('etag')! }
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

describe('GET /api/s3/params (a whole file)', () => {
  it('answers a POST form for a key the server chose, which stores the file the record is made from', async () => {
    const photo = await makePhoto({ width: 640, height: 480 })
    const query = new URLSearchParams({
      filename: '../Sunset deck.jpg',
      type: 'image/jpeg',
      'metadata[size]': String(photo.length),
    })
    const params = await admin.json<{ method: string; url: string; fields: Record<string, string> }>(
      'GET',
      `/api/s3/params?${query}`,
    )
    expect(params.status).toBe(200)
    expect(params.body.method).toBe('POST')
    expect(params.body.fields.key).toMatch(/^originals\/[0-9a-f-]{36}\/___Sunset_deck\.jpg$/)
    expect(params.body.fields['Content-Type']).toBe('image/jpeg')

    const form = new FormData()
    for (const [name, value] of Object.entries(params.body.fields)) form.append(name, value)
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Sunset deck.jpg')
    const stored = await fetch(params.body.url, { method: 'POST', body: form })
    expect(stored.ok).toBe(true)
    expect((await headObject({ key: params.body.fields.key }))?.size).toBe(photo.length)

    const created = await admin.json('POST', '/api/media-files', {
      body: {
        filename: 'Sunset deck.jpg',
        fileType: 'image',
        mimeType: 'image/jpeg',
        fileSize: photo.length,
        objectPath: params.body.fields.key,
      },
    })
    expect(created.status).toBe(201)
  })

  it('refuses anonymous callers, types outside the allow-list and a missing size', async () => {
    const ok = { filename: 'a.jpg', type: 'image/jpeg', 'metadata[size]': '10' }
    expect((await visitor.json('GET', `/api/s3/params?${new URLSearchParams(ok)}`)).status).toBe(401)
    const svg = await admin.json('GET', `/api/s3/params?${new URLSearchParams({ ...ok, type: 'image/svg+xml' })}`)
    expect(svg.status).toBe(400)
    expect(svg.body.message).toBe('The query string is invalid.')
    const noSize = await admin.json('GET', `/api/s3/params?${new URLSearchParams({ filename: 'a.jpg', type: 'image/jpeg' })}`)
    expect(noSize.status).toBe(400)
  })
})

describe('The POST form against the store (the embedded store checks its policy as S3 does)', () => {
  async function formFor(bytes: Buffer, type = 'image/jpeg') {
    const query = new URLSearchParams({ filename: 'Deck.jpg', type, 'metadata[size]': String(bytes.length) })
    const params = await admin.json<{ url: string; fields: Record<string, string> }>('GET', `/api/s3/params?${query}`)
    expect(params.status).toBe(200)
    return params.body
  }

  async function post(url: string, fields: Record<string, string>, file: Buffer, type = 'image/jpeg') {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    form.append('file', new Blob([new Uint8Array(file)], { type }), 'Deck.jpg')
    const response = await fetch(url, { method: 'POST', body: form })
    return { status: response.status, text: await response.text() }
  }

  it('refuses a file of another size than the one the form was issued for, and keeps nothing', async () => {
    const photo = await makePhoto({ width: 320, height: 240 })
    const { url, fields } = await formFor(photo)
    const larger = await post(url, fields, Buffer.concat([photo, Buffer.alloc(10)]))
    expect(larger.status).toBe(400)
    expect(larger.text).toContain('<Code>EntityTooLarge</Code>')
    const smaller = await post(url, fields, photo.subarray(0, photo.length - 10))
    expect(smaller.status).toBe(400)
    expect(smaller.text).toContain('<Code>EntityTooSmall</Code>')
    expect(await headObject({ key: fields.key })).toBeNull()
  })

  it('keeps nothing of an upload the browser broke off, and goes on serving', async () => {
    const photo = await makePhoto({ width: 800, height: 600 })
    const { url, fields } = await formFor(photo)
    const boundary = '----broken-off'
    const head =
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Deck.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + photo.length + 64,
        },
      })
      request.on('error', () => resolve())
      request.write(head)
      request.write(photo.subarray(0, photo.length / 2), () => setTimeout(() => request.destroy(), 100))
      request.on('close', () => resolve())
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await headObject({ key: fields.key })).toBeNull()

    const again = await formFor(photo)
    expect((await post(again.url, again.fields, photo)).status).toBe(204)
    expect((await headObject({ key: again.fields.key }))?.size).toBe(photo.length)
  })

  it('refuses a changed key or content type, a form without its signature, and an altered policy', async () => {
    const photo = await makePhoto({ width: 320, height: 240 })
    const { url, fields } = await formFor(photo)
    const otherKey = `${fields.key.split('/').slice(0, 2).join('/')}/other.jpg`
    expect((await post(url, { ...fields, key: otherKey }, photo)).status).toBe(403)
    expect((await post(url, { ...fields, 'Content-Type': 'text/html' }, photo, 'text/html')).status).toBe(403)
    const { 'X-Amz-Signature': _signature, ...unsigned } = fields
    // A field the form must have is missing: 400 on Ceph's gateway, as on AWS S3 and the embedded store.
    expect((await post(url, unsigned, photo)).status).toBe(400)
    const document = JSON.parse(Buffer.from(fields.Policy, 'base64').toString())
    document.expiration = new Date(Date.now() + 86_400_000).toISOString()
    const altered = await post(url, { ...fields, Policy: Buffer.from(JSON.stringify(document)).toString('base64') }, photo)
    expect(altered.status).toBe(403)
    // SignatureDoesNotMatch on AWS S3 and the embedded store; Ceph's gateway says AccessDenied.
    expect(altered.text).toMatch(/<Code>(SignatureDoesNotMatch|AccessDenied)<\/Code>/)
    expect(await headObject({ key: fields.key })).toBeNull()
    expect(await headObject({ key: otherKey })).toBeNull()
  })
})

describe('s3/multipart (a large file in parts)', () => {
  it('creates, signs, lists and completes an upload whose object becomes a processed record', async () => {
    // A real photo followed by padding (decoders ignore bytes after the image): 6 MiB, two parts.
    const photo = await makePhoto({ width: 1600, height: 1200 })
    const padded = Buffer.concat([photo, Buffer.alloc(6 * MiB - photo.length)])
    const upload = await startMultipart('Great room panorama.jpg', 'image/jpeg')
    expect(upload.key).toMatch(/^originals\/[0-9a-f-]{36}\/Great_room_panorama\.jpg$/)

    const first = await putPart(upload, 1, padded.subarray(0, 5 * MiB))
    const listed = await admin.json<Array<{ PartNumber: number; ETag: string }>>('GET', uploadPath(upload))
    expect(listed.status).toBe(200)
    expect(listed.body.map((part) => part.PartNumber)).toEqual([1])
    expect(listed.body[0].ETag.replace(/"/g, '')).toBe(first.ETag.replace(/"/g, ''))

    const second = await putPart(upload, 2, padded.subarray(5 * MiB))
    const completed = await admin.json<{ key: string; location: string }>('POST', uploadPath(upload, '/complete'), {
      body: { parts: [second, first] },
    })
    expect(completed.status).toBe(200)
    expect(completed.body.key).toBe(upload.key)
    expect((await readObject({ key: upload.key }))!.equals(padded)).toBe(true)

    const created = await admin.json<{ id: string }>('POST', '/api/media-files', {
      body: {
        filename: 'Great room panorama.jpg',
        fileType: 'image',
        mimeType: 'image/jpeg',
        fileSize: padded.length,
        objectPath: upload.key,
      },
    })
    expect(created.status).toBe(201)
    await runJobs(payload)
    const doc = (await payload.findByID({ collection: 'media', id: created.body.id, overrideAccess: true })) as unknown as Record<
      string,
      unknown
    >
    expect(doc.status).toBe('ready')
    expect(doc.width).toBe(1600)
  })

  it('lists no part still arriving or cut off when the uploader paused, and completes once it is sent again', async () => {
    const bytes = Buffer.alloc(10 * MiB, 3)
    const upload = await startMultipart('Paused walkthrough.mp4', 'video/mp4')
    const first = await putPart(upload, 1, bytes.subarray(0, 5 * MiB))
    const signed = await admin.json<{ url: string; headers: Record<string, string> }>('GET', partPath(upload, 2))
    // Part 2 starts: its first MiB is sent, the rest never is (the uploader paused).
    const request = http.request(signed.body.url, { method: 'PUT', headers: { ...signed.body.headers, 'content-length': 5 * MiB } })
    request.on('error', () => {})
    await new Promise<void>((resolve) => request.write(bytes.subarray(5 * MiB, 6 * MiB), () => resolve()))
    const listedParts = async () => {
      const listed = await admin.json<Array<{ PartNumber: number }>>('GET', uploadPath(upload))
      expect(listed.status).toBe(200)
      return listed.body.map((part) => part.PartNumber)
    }
    for (let read = 0; read < 10; read++) {
      expect(await listedParts()).toEqual([1])
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    request.destroy()
    expect(await listedParts()).toEqual([1])

    const second = await putPart(upload, 2, bytes.subarray(5 * MiB))
    expect(await listedParts()).toEqual([1, 2])
    const completed = await admin.json('POST', uploadPath(upload, '/complete'), { body: { parts: [first, second] } })
    expect(completed.status).toBe(200)
    expect((await readObject({ key: upload.key }))!.equals(bytes)).toBe(true)
  })

  it('aborts an upload and removes its parts', async () => {
    const upload = await startMultipart('Abandoned.mov', 'video/quicktime')
    await putPart(upload, 1, Buffer.alloc(5 * MiB, 7))
    const aborted = await admin.json('DELETE', uploadPath(upload))
    expect(aborted.status).toBe(200)
    expect(aborted.body.message).toBe('Upload aborted')
    const afterwards = await admin.json('GET', uploadPath(upload))
    expect(afterwards.status).toBe(404)
    expect(
      (await admin.json('POST', uploadPath(upload, '/complete'), { body: { parts: [{ PartNumber: 1, ETag: 'x' }] } })).status,
    ).toBe(404)
    expect(await headObject({ key: upload.key })).toBeNull()
  })

  it('refuses anonymous callers, keys it did not issue, malformed part numbers and unknown uploads', async () => {
    const before = await mediaCount()
    const upload = await startMultipart()
    expect((await visitor.json('POST', '/api/s3/multipart', { body: { filename: 'a.mp4', type: 'video/mp4' } })).status).toBe(401)
    expect((await visitor.json('GET', partPath(upload, 1))).status).toBe(401)
    expect((await visitor.json('DELETE', uploadPath(upload))).status).toBe(401)

    const pdf = await admin.json('POST', '/api/s3/multipart', { body: { filename: 'menu.pdf', type: 'application/pdf' } })
    expect(pdf.status).toBe(400)

    const foreign = { ...upload, key: 'backups/latest.json' }
    for (const path of [partPath(foreign, 1), uploadPath(foreign)]) {
      const response = await admin.json('GET', path)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('This object key was not issued by the server.')
    }
    const renamed = { ...upload, key: upload.key.replace('Walkthrough', 'Other') }
    expect((await admin.json('DELETE', uploadPath(renamed))).status).toBe(400)

    const noKey = await admin.json('GET', `/api/s3/multipart/${encodeURIComponent(upload.uploadId)}/1`)
    expect(noKey.status).toBe(400)
    for (const partNumber of ['0', '10001', 'x', '1.5']) {
      expect((await admin.json('GET', partPath(upload, partNumber))).status).toBe(400)
    }
    const emptyParts = await admin.json('POST', uploadPath(upload, '/complete'), { body: { parts: [] } })
    expect(emptyParts.status).toBe(400)

    const unknown = { ...upload, uploadId: 'f'.repeat(32) }
    expect((await admin.json('GET', uploadPath(unknown))).status).toBe(404)
    expect((await admin.json('DELETE', uploadPath(unknown))).status).toBe(404)
    expect(await mediaCount()).toBe(before)
    await admin.json('DELETE', uploadPath(upload))
  })

  it("goes on only for the account that started it, in the property it was started in: another manager, or another property's address, is refused", async () => {
    const before = await mediaCount()
    const home = await defaultPropertyScope(payload)
    const registered = await admin.json('POST', '/api/register', {
      body: { username: 'second-manager', password: PASSWORD, role: 'property-manager', properties: [home.id] },
    })
    expect(registered.status).toBe(201)
    const colleague = new Session()
    expect((await colleague.json('POST', '/api/login', { body: { username: 'second-manager', password: PASSWORD } })).status).toBe(200)
    await payload.create({
      collection: 'properties',
      data: { name: 'Boathouse', slug: 'boathouse', timeZone: 'UTC' } as never,
      overrideAccess: true,
    })

    const upload = await startMultipart('Dock at dawn.mp4', 'video/mp4')
    const part = await putPart(upload, 1, Buffer.alloc(5 * MiB, 9))
    const calls = (prefix: string) => [
      ['GET', `${prefix}${partPath(upload, 2)}`, undefined],
      ['GET', `${prefix}${uploadPath(upload)}`, undefined],
      ['POST', `${prefix}${uploadPath(upload, '/complete')}`, { parts: [part] }],
      ['DELETE', `${prefix}${uploadPath(upload)}`, undefined],
    ] as const
    for (const [method, path, body] of calls('')) {
      const refused = await colleague.json(method, path, { body })
      expect(refused.status, `${method} ${path}`).toBe(400)
      expect(refused.body.message).toBe('This object key was not issued by the server.')
    }
    // The platform admin who started it, on another property's address.
    for (const [method, path, body] of calls('/p/boathouse')) {
      const refused = await admin.json(method, path, { body })
      expect(refused.status, `${method} ${path}`).toBe(400)
      expect(refused.body.message).toBe('This object key was not issued by the server.')
    }
    // A whole file the admin stored cannot be registered by the colleague.
    const photo = await makePhoto({ width: 320, height: 240 })
    const grant = await admin.json<{ uploadURL: string; objectPath: string }>('POST', '/api/objects/upload', {
      body: { filename: 'Pier.jpg', contentType: 'image/jpeg' },
    })
    expect((await fetch(grant.body.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) })).ok).toBe(true)
    const record = { filename: 'Pier.jpg', fileType: 'image', mimeType: 'image/jpeg', fileSize: photo.length, objectPath: grant.body.objectPath }
    const taken = await colleague.json('POST', '/api/media-files', { body: record })
    expect(taken.status).toBe(400)
    expect(taken.body.message).toBe('This object path was not issued by the server: request a new upload URL.')
    expect(await mediaCount()).toBe(before)

    // Its owner still completes it, where it began.
    const listed = await admin.json<Array<{ PartNumber: number }>>('GET', uploadPath(upload))
    expect(listed.body.map((entry) => entry.PartNumber)).toEqual([1])
    expect((await admin.json('POST', '/api/media-files', { body: record })).status).toBe(201)
    expect((await admin.json('DELETE', uploadPath(upload))).status).toBe(200)
  })
})
