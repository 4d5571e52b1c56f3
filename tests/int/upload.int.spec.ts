// The upload pipeline end to end on the real store: presigned PUT, record creation with
// its checks, ingest (real sharp and ffmpeg work), delivery and deletion. Every bad input
// of the issue is refused with a 4xx, or ends in a visible failed state: never stored as
// servable, never served.
import type { Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { poolOf } from '../../src/server/db/pool'
import { headObject } from '../../src/server/storage/head-object'
import { Session, signedInAdmin } from '../helpers/api'
import {
  elfFile,
  htmlFile,
  makeMp4,
  makePhoto,
  makeUnplayableMov,
  pdfFile,
  pixelBombPng,
  svgFile,
  tempDir,
  truncatedJpeg,
} from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'
import { putBytes, requestUpload, runJobs, uploadFile } from '../helpers/upload'
import fs from 'node:fs/promises'
import { deliverObject } from '../../media-public/object-delivery'

let payload: Payload
let admin: Session
const visitor = new Session()

const objectExists = async (key: string) => (await headObject({ key })) !== null

const mediaCount = async () => Number((await poolOf(payload).query('SELECT count(*) FROM media')).rows[0].count)
const record = async (id: string) =>
  (await payload.findByID({ collection: 'media', id, overrideAccess: true, depth: 0 })) as Record<string, any>
const deliver = (path: string, headers: Record<string, string> = {}) =>
  deliverObject(
    payload,
    new Request(`http://localhost:3000${path}`, { headers }),
    path.split('/').slice(2).map(decodeURIComponent),
  )

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
})

describe('POST /api/objects/upload', () => {
  it('refuses anonymous callers', async () => {
    const response = await visitor.json('POST', '/api/objects/upload', { body: { filename: 'a.jpg', contentType: 'image/jpeg' } })
    expect(response.status).toBe(401)
  })

  it('gives a short-lived URL for a server-generated key under originals/', async () => {
    const { status, body } = await requestUpload(admin, '../../Pool View.jpg', 'image/jpeg')
    expect(status).toBe(200)
    expect(body.objectPath).toMatch(/^originals\/[0-9a-f-]{36}\/___.._Pool_View\.jpg$/)
    const url = new URL(body.uploadURL)
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900)
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type')
    expect(body.headers).toEqual({ 'Content-Type': 'image/jpeg' })
  })

  it.each([
    [
      'an SVG',
      { filename: 'logo.svg', contentType: 'image/svg+xml' },
      'File type image/svg+xml is not allowed: use JPG, PNG, GIF, WebP, HEIC, MP4 or MOV.',
    ],
    [
      'a PDF',
      { filename: 'menu.pdf', contentType: 'application/pdf' },
      'File type application/pdf is not allowed: use JPG, PNG, GIF, WebP, HEIC, MP4 or MOV.',
    ],
    ['an empty file', { filename: 'a.jpg', contentType: 'image/jpeg', size: 0 }, 'The file is empty.'],
    ['no filename', { contentType: 'image/jpeg' }, 'Required'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const response = await admin.json('POST', '/api/objects/upload', { body })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body.issues)).toContain(message === 'Required' ? 'filename' : message)
  })
})

describe('POST /api/media-files (registering an upload)', () => {
  it('registers a JPEG, processes it for real, and serves its renditions', async () => {
    const photo = await makePhoto({ width: 4000, height: 3000, seed: 11 })
    const created = await uploadFile(admin, photo, { filename: 'Living Room.jpg', contentType: 'image/jpeg' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'pending', isOptimized: 'false', compressionRatio: 0, fileSize: photo.length })
    expect(created.body.filename).toMatch(/^[0-9a-f]{12}-Living_Room\.jpg$/)
    // Not visible until processed.
    expect(JSON.stringify((await visitor.json('GET', '/api/media-files')).body)).not.toContain(created.body.id)

    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media).toMatchObject({ status: 'ready', width: 4000, height: 3000, isOptimized: true })
    expect(media.derivatives.map((d: { width: number }) => d.width)).toEqual([400, 800, 1600, 2400])
    const display = media.derivatives.find((d: { width: number }) => d.width === 1600)
    expect(media.optimizedFileSize).toBe(display.size)
    expect(media.compressionRatio).toBeCloseTo((1 - display.size / photo.length) * 100, 0)
    expect(media.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(media.perceptualHash).toMatch(/^[0-9a-f]{16}$/)
    // The duplicate scan's other hashes: the mirror image's, and a 3 × 3 grid of regions.
    expect(media.mirrorHash).toMatch(/^[0-9a-f]{16}$/)
    expect(media.mirrorHash).not.toBe(media.perceptualHash)
    expect(media.regionHashes).toHaveLength(9)
    expect(media.placeholder).toMatch(/^data:image\/webp;base64,/)

    const listed = (await visitor.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === created.body.id)!
    expect(listed).toMatchObject({ isOptimized: 'true', variantWidths: [400, 800, 1600, 2400] })
    expect(listed.compressionRatio).toBeGreaterThan(0)

    const original = await deliver(listed.objectPath)
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    // Visitors get the public copy (no camera metadata: public-copies.int.spec.ts), the same
    // size; the manager gets the uploaded bytes themselves.
    const publicCopy = Buffer.from(await original.arrayBuffer())
    expect(publicCopy.equals(photo)).toBe(false)
    expect(await sharp(publicCopy).metadata()).toMatchObject({ format: 'jpeg', width: media.width, height: media.height })
    const download = await deliver(`${listed.objectPath}/original`, { cookie: admin.cookie!, origin: 'http://localhost:3000' })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(photo)).toBe(true)
    const rendition = await deliver(`${listed.objectPath}/w800.webp`)
    expect(rendition.headers.get('content-type')).toBe('image/webp')
    expect(rendition.headers.get('cache-control')).toContain('immutable')
    expect(
      Buffer.from(await rendition.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP')
    const etag = rendition.headers.get('etag')!
    expect((await deliver(`${listed.objectPath}/w800.webp`, { 'if-none-match': etag })).status).toBe(304)
    expect((await deliver(`${listed.objectPath}/w999.webp`)).status).toBe(404)
    // Small renditions are kept in memory once read: the same bytes and validator again.
    const first = await deliver(`${listed.objectPath}/w400.webp`)
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const second = await deliver(`${listed.objectPath}/w400.webp`)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true)

    // Hidden: gone for visitors by every path, still there for the manager.
    await payload.update({
      collection: 'media',
      id: created.body.id,
      data: { isHidden: true, section: null } as never,
      overrideAccess: true,
    })
    expect((await deliver(listed.objectPath)).status).toBe(404)
    expect((await deliver(`${listed.objectPath}/w400.webp`)).status).toBe(404)
    // The kept copy of w400 is not served to a visitor either; the manager gets it, privately.
    const forManager = await deliver(`${listed.objectPath}/w400.webp`, { cookie: admin.cookie!, origin: 'http://localhost:3000' })
    expect(forManager.status).toBe(200)
    expect(forManager.headers.get('cache-control')).toBe('private, max-age=3600')
  })

  it('refuses anonymous callers', async () => {
    const response = await visitor.json('POST', '/api/media-files', { body: {} })
    expect(response.status).toBe(401)
  })

  it('refuses an object path the server did not issue', async () => {
    const before = await mediaCount()
    const grant = await requestUpload(admin, 'real.jpg', 'image/jpeg')
    await putBytes(grant.body.uploadURL, 'image/jpeg', await makePhoto({ width: 100, height: 100 }))
    for (const objectPath of [
      'backups/latest.json',
      grant.body.objectPath.replace('real', 'other'),
      'originals/x/../../backups/db.json',
    ]) {
      const response = await admin.json('POST', '/api/media-files', {
        body: {
          filename: 'x.jpg',
          fileType: 'image',
          mimeType: 'image/jpeg',
          fileSize: 10,
          objectPath,
        },
      })
      expect(response.status).toBe(400)
      expect(response.body.message).toMatch(/not issued by the server/)
    }
    expect(await mediaCount()).toBe(before)
  })

  it('refuses a path that was never uploaded, a wrong declared size, and a second record for the same key', async () => {
    const before = await mediaCount()
    const neverUploaded = await requestUpload(admin, 'ghost.jpg', 'image/jpeg')
    const ghost = await admin.json('POST', '/api/media-files', {
      body: {
        filename: 'ghost.jpg',
        fileType: 'image',
        mimeType: 'image/jpeg',
        fileSize: 1000,
        objectPath: neverUploaded.body.objectPath,
      },
    })
    expect(ghost.status).toBe(400)
    expect(ghost.body.message).toBe('No file was uploaded at this object path.')

    const photo = await makePhoto({ width: 200, height: 200 })
    const wrongSize = await uploadFile(admin, photo, {
      filename: 'size.jpg',
      contentType: 'image/jpeg',
      declaredSize: photo.length + 1,
    })
    expect(wrongSize.status).toBe(400)
    expect(wrongSize.body.message).toMatch(/not the declared/)
    expect(await objectExists(wrongSize.objectPath)).toBe(false)

    const grant = await requestUpload(admin, 'twice.jpg', 'image/jpeg')
    await putBytes(grant.body.uploadURL, 'image/jpeg', photo)
    const body = {
      filename: 'twice.jpg',
      fileType: 'image',
      mimeType: 'image/jpeg',
      fileSize: photo.length,
      objectPath: grant.body.objectPath,
    }
    expect((await admin.json('POST', '/api/media-files', { body })).status).toBe(201)
    const second = await admin.json('POST', '/api/media-files', { body })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('A media record already exists for this upload.')
    expect(await mediaCount()).toBe(before + 1)
  })

  it('refuses zero bytes, and files whose type does not match the record', async () => {
    const empty = await uploadFile(admin, Buffer.alloc(0), { filename: 'empty.jpg', contentType: 'image/jpeg' })
    expect(empty.status).toBe(400)
    const mismatched = await uploadFile(admin, await makePhoto({ width: 50, height: 50 }), {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      fileType: 'video',
    })
    expect(mismatched.status).toBe(400)
  })

  it.each([
    ['an SVG renamed .jpg', () => svgFile(), /SVG/],
    ['an HTML page renamed .jpg', () => htmlFile(), /HTML/],
    ['a PDF renamed .jpg', () => pdfFile(), /PDF/],
    ['an executable renamed .jpg', () => elfFile(), /program|executable/i],
    ['a truncated JPEG', () => truncatedJpeg(), /damaged or incomplete/],
    ['a 20000×20000 PNG (pixel bomb)', () => pixelBombPng(), /too large/],
  ])('ends %s in a visible failed state, its object out of the live area, never served', async (_label, make, reason) => {
    const bytes = await make()
    const contentType = _label.includes('PNG') ? 'image/png' : 'image/jpeg'
    const created = await uploadFile(admin, bytes, { filename: _label.includes('PNG') ? 'bomb.png' : 'photo.jpg', contentType })
    expect(created.status).toBe(201)
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media.status).toBe('failed')
    expect(media.processingError).toMatch(reason)
    expect(await objectExists(created.objectPath)).toBe(false)
    expect(await objectExists(`trash/${created.objectPath}`)).toBe(true)
    expect((await deliver(`/public-objects/${encodeURIComponent(media.filename)}`)).status).toBe(404)
    expect(
      (
        await deliver(`/public-objects/${encodeURIComponent(media.filename)}`, {
          cookie: admin.cookie!,
          origin: 'http://localhost:3000',
        })
      ).status,
    ).toBe(404)
    const forAdmin = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === created.body.id)
    expect(forAdmin).toMatchObject({ status: 'failed', processingError: expect.stringMatching(reason) })
    expect(JSON.stringify((await visitor.json('GET', '/api/media-files')).body)).not.toContain(created.body.id)
  })

  it.each([
    ['../ in the name', '../../secret.jpg', /^[0-9a-f]{12}-___.._secret\.jpg$/],
    ['300 characters', `${'x'.repeat(296)}.jpg`, /^[0-9a-f]{12}-x{116}\.jpg$/],
    ['a NUL character', 'pool\u0000side.jpg', /^[0-9a-f]{12}-pool_side\.jpg$/],
    ['an emoji', 'sunset 🌅.jpg', /^[0-9a-f]{12}-sunset__\.jpg$/],
  ])('stores a filename with %s sanitised (spec §5)', async (_label, name, stored) => {
    const created = await uploadFile(admin, await makePhoto({ width: 64, height: 64 }), {
      filename: name,
      contentType: 'image/jpeg',
    })
    expect(created.status).toBe(201)
    expect(created.body.filename).toMatch(stored)
    expect(created.body.originalFilename).not.toContain('\u0000')
    expect(created.objectPath).toMatch(/^originals\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+$/)
  })
})

describe('POST /api/media-files/batch (the uploader registering what it stored meanwhile)', () => {
  const stored = async (filename: string) => {
    const photo = await makePhoto({ width: 120, height: 90 })
    const grant = await requestUpload(admin, filename, 'image/jpeg')
    await putBytes(grant.body.uploadURL, 'image/jpeg', photo)
    return { filename, fileType: 'image', mimeType: 'image/jpeg', fileSize: photo.length, objectPath: grant.body.objectPath }
  }

  it('registers each file on its own: the good ones become records, each refusal is answered for its file', async () => {
    const before = await mediaCount()
    const [kitchen, porch] = [await stored('Kitchen.jpg'), await stored('Porch.jpg')]
    const foreign = { ...kitchen, objectPath: 'backups/latest.json' }
    type Answer = { files: Array<{ objectPath: string; status: number; file?: MediaFile; message?: string }> }
    const answer = await admin.json<Answer>('POST', '/api/media-files/batch', { body: { files: [kitchen, foreign, porch] } })
    expect(answer.status).toBe(200)
    expect(answer.body.files.map(({ objectPath, status, message }) => ({ objectPath, status, message }))).toEqual([
      { objectPath: kitchen.objectPath, status: 201, message: undefined },
      { objectPath: 'backups/latest.json', status: 400, message: 'This object path was not issued by the server: request a new upload URL.' },
      { objectPath: porch.objectPath, status: 201, message: undefined },
    ])
    expect(answer.body.files[0].file).toMatchObject({ originalFilename: 'Kitchen.jpg', fileType: 'image', status: 'pending' })
    expect(answer.body.files[2].file).toMatchObject({ originalFilename: 'Porch.jpg', fileSize: porch.fileSize })
    expect(await mediaCount()).toBe(before + 2)

    // A file registered already is a conflict of its own; the file beside it is still registered.
    const deck = await stored('Deck.jpg')
    const again = await admin.json<Answer>('POST', '/api/media-files/batch', { body: { files: [porch, deck] } })
    expect(again.body.files.map(({ objectPath, status, message }) => ({ objectPath, status, message }))).toEqual([
      { objectPath: porch.objectPath, status: 409, message: 'A media record already exists for this upload.' },
      { objectPath: deck.objectPath, status: 201, message: undefined },
    ])
    expect(again.body.files[1].file).toMatchObject({ originalFilename: 'Deck.jpg' })
    expect(await mediaCount()).toBe(before + 3)

    // The same size check as one at a time: the record is refused and the object is not kept.
    const late = await stored('Late.jpg')
    const refused = await admin.json<{ files: Array<{ status: number; message?: string }> }>('POST', '/api/media-files/batch', {
      body: { files: [{ ...late, fileSize: late.fileSize + 1 }] },
    })
    expect(refused.body.files).toEqual([
      { objectPath: late.objectPath, status: 400, message: `The uploaded file has ${late.fileSize} bytes, not the declared ${late.fileSize + 1}: upload it again.` },
    ])
    expect(await objectExists(late.objectPath)).toBe(false)

    await runJobs(payload)
    const listed = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
    const kitchenRecord = listed.find((file) => file.id === answer.body.files[0].file!.id)
    expect(kitchenRecord).toMatchObject({ status: 'ready', width: 120, height: 90 })
  })

  it('keeps what it wrote when the database goes away half-way: each file says whether it is in the gallery', async () => {
    const before = await mediaCount()
    const [garden, porch, yard] = [await stored('Garden.jpg'), await stored('Porch.jpg'), await stored('Yard.jpg')]
    await admin.json('POST', '/api/media-files/batch', { body: { files: [porch] } })
    // Porch's record exists: the batch is written file by file, and the database is lost at Yard.
    const create = payload.create.bind(payload)
    const lost = vi.spyOn(payload, 'create').mockImplementation(((args: Parameters<Payload['create']>[0]) => {
      if ((args.data as { originalFilename?: string }).originalFilename === 'Yard.jpg') {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
      }
      return create(args)
    }) as Payload['create'])
    try {
      const answer = await admin.json<{ files: Array<{ objectPath: string; status: number; message?: string }> }>('POST', '/api/media-files/batch', {
        body: { files: [garden, porch, yard] },
      })
      expect(answer.status).toBe(200)
      expect(answer.body.files.map(({ objectPath, status, message }) => ({ objectPath, status, message }))).toEqual([
        { objectPath: garden.objectPath, status: 201, message: undefined },
        { objectPath: porch.objectPath, status: 409, message: 'A media record already exists for this upload.' },
        { objectPath: yard.objectPath, status: 503, message: 'The gallery cannot reach its database right now. Please try again in a moment.' },
      ])
    } finally {
      lost.mockRestore()
    }
    expect(await mediaCount()).toBe(before + 2)
    // Sent again, Yard is registered and Garden is the conflict it is.
    const again = await admin.json<{ files: Array<{ status: number }> }>('POST', '/api/media-files/batch', { body: { files: [garden, yard] } })
    expect(again.body.files.map(({ status }) => status)).toEqual([409, 201])
  })

  it('refuses a visitor, an empty list, more than 200 files and a malformed file, and registers nothing', async () => {
    const before = await mediaCount()
    const good = await stored('Balcony.jpg')
    expect((await visitor.json('POST', '/api/media-files/batch', { body: { files: [good] } })).status).toBe(401)
    const empty = await admin.json('POST', '/api/media-files/batch', { body: { files: [] } })
    expect(empty.status).toBe(400)
    expect(empty.body.issues).toEqual([{ path: 'files', message: 'Name at least one file.' }])
    const tooMany = await admin.json('POST', '/api/media-files/batch', { body: { files: Array.from({ length: 201 }, () => good) } })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.issues).toEqual([{ path: 'files', message: 'A batch has at most 200 files.' }])
    const malformed = await admin.json('POST', '/api/media-files/batch', { body: { files: [good, { ...good, fileType: 'pdf' }] } })
    expect(malformed.status).toBe(400)
    expect(await mediaCount()).toBe(before)
  })
})

describe('videos', () => {
  it('gets duration, size and a poster; an H.264 MP4 plays as it is', async () => {
    const dir = await tempDir()
    const bytes = await fs.readFile(await makeMp4(dir))
    const created = await uploadFile(admin, bytes, { filename: 'tour.mp4', contentType: 'video/mp4' })
    expect(created.status).toBe(201)
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media).toMatchObject({ status: 'ready', width: 320, height: 240, playbackKey: null })
    expect(media.duration).toBeCloseTo(2, 0)
    const listed = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((file) => file.id === created.body.id)!
    expect(listed.thumbnailPath).toBe(`${listed.objectPath}/poster.jpg`)
    const poster = await deliver(listed.thumbnailPath!)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')
    const range = await deliver(listed.objectPath, { range: 'bytes=0-99' })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`)
    expect((await range.arrayBuffer()).byteLength).toBe(100)
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('gets a browser-playable H.264 rendition when the original is not (MOV)', async () => {
    const dir = await tempDir()
    const { file } = await makeUnplayableMov(dir)
    const created = await uploadFile(admin, await fs.readFile(file), {
      filename: 'walkthrough.mov',
      contentType: 'video/quicktime',
    })
    expect(created.status).toBe(201)
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media.status).toBe('ready')
    expect(media.playbackKey).toBe(`playback/${created.body.id}.mp4`)
    const listed = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((f) => f.id === created.body.id)!
    const playable = await deliver(listed.objectPath)
    expect(playable.headers.get('content-type')).toBe('video/mp4')
    await fs.rm(dir, { recursive: true, force: true })
  })
})

describe('DELETE /api/media-files/{id}', () => {
  it('removes the record and moves its objects under trash/', async () => {
    const created = await uploadFile(admin, await makePhoto({ width: 900, height: 600, seed: 5 }), {
      filename: 'gone.jpg',
      contentType: 'image/jpeg',
    })
    await runJobs(payload)
    const media = await record(created.body.id)
    expect((await visitor.json('DELETE', `/api/media-files/${created.body.id}`)).status).toBe(401)
    expect((await admin.json('DELETE', '/api/media-files/not-a-uuid')).status).toBe(400)
    expect((await admin.json('DELETE', '/api/media-files/6f1c2a4e-1b2c-4d3e-8f90-123456789abc')).status).toBe(404)
    const deleted = await admin.json('DELETE', `/api/media-files/${created.body.id}`)
    expect(deleted.status).toBe(200)
    expect(
      await payload.findByID({ collection: 'media', id: created.body.id, overrideAccess: true, disableErrors: true }),
    ).toBeNull()
    for (const key of [media.storageKey, ...media.derivatives.map((d: { key: string }) => d.key)]) {
      expect(await objectExists(key)).toBe(false)
      expect(await objectExists(`trash/${key}`)).toBe(true)
    }
  })
})
