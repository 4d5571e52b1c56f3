// No public byte carries the camera's position, serial number or owner (docs/architecture.md §14
// Privacy): a phone's JPEG and videos with a recorded position go through the upload and the
// jobs, and every public URL of them (the file's own path, each rendition, the poster) is read
// back and parsed, while the manager's download of the original still has it all. Media
// processed before public copies existed get theirs from the backfill.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { createBackup } from '../../src/server/backup/create-backup'
import { poolOf } from '../../src/server/db/pool'
import type { PropertyScope } from '../../src/server/db/property-db'
import { ffmpegToolPath } from '../../src/server/media/ffmpeg-tools'
import { PUBLIC_COPY_BACKFILL } from '../../src/server/media/public-copy-backfill'
import { queueBackfill, runBackfill } from '../../src/server/jobs/backfill'
import { defaultPropertyScope } from '../../src/server/properties/default-property'
import { headObject } from '../../src/server/storage/head-object'
import { readObject } from '../../src/server/storage/read-object'
import { type Session, signedInAdmin } from '../helpers/api'
import { CAMERA_TAGS, makeCameraPhoto, makeLocatedMov, makeLocatedMp4, tempDir, VIDEO_LOCATION } from '../helpers/media-fixtures'
import { fetchObject as fetchFromHost, mediaRecord, tagsOf } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session
let scope: PropertyScope
let dir: string

const record = (id: string) => mediaRecord(payload, id)

const fetchObject = (objectPath: string, session?: Session) => fetchFromHost(payload, objectPath, session)


const isWebp = (bytes: Buffer) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP'
const isIsoMedia = (bytes: Buffer) => bytes.toString('latin1', 4, 8) === 'ftyp'

/** A video's container and stream tags, as ffprobe reads them. */
function videoTags(bytes: Buffer): Record<string, string> {
  const file = path.join(dir, `probe-${crypto.randomUUID()}.mp4`)
  writeFileSync(file, bytes)
  try {
    const { stdout } = spawnSync(ffmpegToolPath('ffprobe'), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' })
    const probe = JSON.parse(stdout) as { format?: { tags?: Record<string, string> }; streams?: Array<{ tags?: Record<string, string> }> }
    expect(probe.streams?.length).toBeGreaterThan(0)
    return Object.assign({}, probe.format?.tags, ...(probe.streams ?? []).map((stream) => stream.tags ?? {}))
  } finally {
    rmSync(file, { force: true })
  }
}

/**
 * Fails when the bytes carry the position, serial number, owner or model: parsed (EXIF, XMP
 * and IPTC by exifr, or sharp for WebP; a video's tags by ffprobe) and searched for as text.
 */
async function expectNoCameraData(bytes: Buffer, label: string) {
  if (isWebp(bytes)) {
    const metadata = await sharp(bytes).metadata()
    expect(metadata.exif, `${label}: EXIF`).toBeUndefined()
    expect(metadata.xmp, `${label}: XMP`).toBeUndefined()
    expect(metadata.iptc, `${label}: IPTC`).toBeUndefined()
  } else if (isIsoMedia(bytes) && !bytes.toString('latin1', 8, 12).startsWith('hei') && !bytes.toString('latin1', 8, 12).startsWith('mif')) {
    const tags = videoTags(bytes)
    for (const name of Object.keys(tags)) expect(name, `${label}: tag ${name}`).not.toMatch(/location|xyz|artist|author|model|make|serial/i)
  } else {
    const tags = await tagsOf(bytes)
    for (const name of ['latitude', 'longitude', 'GPSLatitude', 'GPSLongitude', 'SerialNumber', 'BodySerialNumber', 'Artist', 'Model', 'Make']) {
      expect(tags[name], `${label}: ${name}`).toBeUndefined()
    }
  }
  const text = bytes.toString('latin1')
  for (const value of [CAMERA_TAGS.serial, CAMERA_TAGS.artist, CAMERA_TAGS.model, VIDEO_LOCATION]) {
    expect(text.includes(value), `${label} contains ${value}`).toBe(false)
  }
}

async function listed(id: string): Promise<MediaFile> {
  const files = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body
  return files.find((file) => file.id === id)!
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  scope = await defaultPropertyScope(payload)
  dir = await tempDir()
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('a photo from a phone camera', () => {
  let photo: Buffer
  let id: string

  beforeAll(async () => {
    photo = await makeCameraPhoto({ width: 640, height: 480 })
    // The fixture itself carries what must not get out.
    const tags = await tagsOf(photo)
    expect(tags).toMatchObject({ Artist: CAMERA_TAGS.artist, SerialNumber: CAMERA_TAGS.serial, GPSLatitudeRef: 'N' })
    expect(tags.latitude).toBeCloseTo(48.8582, 3)
    const created = await uploadFile(admin, photo, { filename: 'IMG_0042.jpg', contentType: 'image/jpeg' })
    expect(created.status).toBe(201)
    id = created.body.id
    await runJobs(payload)
    expect(await record(id)).toMatchObject({ status: 'ready', width: 480, height: 640, publicKey: `public/${id}.jpg` })
  })

  it("serves visitors a full-size, upright copy with the colour profile and none of the camera's data at the file's own path", async () => {
    const file = await listed(id)
    const { response, bytes } = await fetchObject(file.objectPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    await expectNoCameraData(bytes, 'the public copy')
    const metadata = await sharp(bytes).metadata()
    // Stored on its side with orientation 6: the copy is turned upright and says nothing of it.
    expect(metadata).toMatchObject({ format: 'jpeg', width: 480, height: 640 })
    expect(metadata.orientation).toBeUndefined()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.iptc).toBeUndefined()
    // Display P3, as the camera tagged it: colours stay as they were shot.
    expect(metadata.icc).toBeDefined()
    expect(metadata.icc!.equals((await sharp(photo).metadata()).icc!)).toBe(true)
    expect(bytes.equals(photo)).toBe(false)
  })

  it('carries no metadata in any rendition', async () => {
    const { derivatives } = await record(id)
    expect(derivatives.map((d: { width: number }) => d.width)).toEqual([400, 480])
    for (const { width } of derivatives as Array<{ width: number }>) {
      const { response, bytes } = await fetchObject(`/public-objects/${encodeURIComponent((await record(id)).filename)}/w${width}.webp`)
      expect(response.status).toBe(200)
      await expectNoCameraData(bytes, `rendition w${width}`)
      const metadata = await sharp(bytes).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
    }
  })

  it("gives the untouched original to the property's signed-in accounts only, never cached", async () => {
    const file = await listed(id)
    const mine = await fetchObject(`${file.objectPath}/original`, admin)
    expect(mine.response.status).toBe(200)
    expect(mine.response.headers.get('cache-control')).toBe('private, no-store')
    expect(mine.bytes.equals(photo)).toBe(true)
    expect(await tagsOf(mine.bytes)).toMatchObject({ Artist: CAMERA_TAGS.artist, SerialNumber: CAMERA_TAGS.serial })
    const visitor = await fetchObject(`${file.objectPath}/original`)
    expect(visitor.response.status).toBe(404)
  })

  it('keeps the original and the public copy in backups', async () => {
    const media = await record(id)
    const backup = await createBackup({ pool: poolOf(payload), scope, kind: 'manual' })
    const document = JSON.parse(zlib.gunzipSync((await readObject({ key: backup.objectKey }))!).toString())
    const keys = (document.manifest as Array<{ key: string }>).map((entry) => entry.key)
    expect(keys).toEqual(expect.arrayContaining([media.storageKey, media.publicKey]))
    expect((await readObject({ key: media.storageKey }))!.equals(photo)).toBe(true)
  })
})

describe('videos that recorded where they were made', () => {
  it('an MP4 that plays as it is: visitors get a copy of its streams without the position', async () => {
    const original = await fs.readFile(await makeLocatedMp4(dir))
    expect(original.toString('latin1').includes(VIDEO_LOCATION)).toBe(true)
    expect(videoTags(original)).toMatchObject({ location: VIDEO_LOCATION })
    const created = await uploadFile(admin, original, { filename: 'tour.mp4', contentType: 'video/mp4' })
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media).toMatchObject({ status: 'ready', playbackKey: null, publicKey: `public/${created.body.id}.mp4` })
    const file = await listed(created.body.id)
    const shown = await fetchObject(file.objectPath)
    expect(shown.response.status).toBe(200)
    expect(shown.response.headers.get('content-type')).toBe('video/mp4')
    await expectNoCameraData(shown.bytes, 'the public video')
    // The same streams, copied: about the original's size, not a re-encode.
    expect(Math.abs(shown.bytes.length - original.length)).toBeLessThan(original.length * 0.1)
    const poster = await fetchObject(file.thumbnailPath!)
    expect(poster.response.status).toBe(200)
    await expectNoCameraData(poster.bytes, 'the poster')
    expect((await sharp(poster.bytes).metadata()).exif).toBeUndefined()
    const mine = await fetchObject(`${file.objectPath}/original`, admin)
    expect(mine.bytes.equals(original)).toBe(true)
  })

  it('a MOV (©xyz): its H.264 rendition carries no position', async () => {
    const original = await fs.readFile(await makeLocatedMov(dir))
    expect(original.toString('latin1').includes(VIDEO_LOCATION)).toBe(true)
    const created = await uploadFile(admin, original, { filename: 'walkthrough.mov', contentType: 'video/quicktime' })
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media).toMatchObject({ status: 'ready', playbackKey: `playback/${created.body.id}.mp4` })
    const file = await listed(created.body.id)
    const shown = await fetchObject(file.objectPath)
    expect(shown.response.headers.get('content-type')).toBe('video/mp4')
    await expectNoCameraData(shown.bytes, 'the rendition')
    await expectNoCameraData((await fetchObject(file.thumbnailPath!)).bytes, 'the poster')
  })
})

describe('media processed before public copies existed', () => {
  it('serve their widest rendition until the backfill has made their copy, which it does once', async () => {
    const photo = await makeCameraPhoto({ width: 900, height: 600, seed: 12 })
    const created = await uploadFile(admin, photo, { filename: 'older.jpg', contentType: 'image/jpeg' })
    await runJobs(payload)
    const id = created.body.id
    const { publicKey, storageKey } = await record(id)
    // As an older version left it: no copy recorded. The object stays, as a backfill killed
    // between storing the copy and recording it leaves it.
    await poolOf(payload).query('UPDATE media SET public_key = NULL WHERE id = $1', [id])
    const file = await listed(id)
    const before = await fetchObject(file.objectPath)
    expect(before.response.status).toBe(200)
    expect(before.response.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(before.bytes).metadata()).toMatchObject({ width: 600, height: 900 })
    await expectNoCameraData(before.bytes, 'the widest rendition')

    expect(await queueBackfill(payload, PUBLIC_COPY_BACKFILL)).toBe(true)
    expect(await queueBackfill(payload, PUBLIC_COPY_BACKFILL)).toBe(false)
    await runJobs(payload)
    expect((await record(id)).publicKey).toBe(publicKey)
    const after = await fetchObject(file.objectPath)
    expect(after.response.headers.get('content-type')).toBe('image/jpeg')
    expect(await sharp(after.bytes).metadata()).toMatchObject({ width: 600, height: 900 })
    await expectNoCameraData(after.bytes, 'the backfilled copy')
    expect(await headObject({ key: storageKey })).not.toBeNull()

    // Nothing left to do: a second run writes nothing, and none is queued.
    expect(await runBackfill(payload, PUBLIC_COPY_BACKFILL)).toEqual({ written: 0, failed: 0 })
    expect(await queueBackfill(payload, PUBLIC_COPY_BACKFILL)).toBe(false)
  })
})
