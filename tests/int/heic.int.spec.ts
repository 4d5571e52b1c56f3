// HEIC/HEIF photos, as iPhones take them: recognised by their content, decoded with no system
// library (libheif in WebAssembly), turned upright, and processed like a JPEG (renditions,
// placeholder, hashes) with a JPEG public copy that carries none of the camera's data. Damaged
// and hostile ones fail that photo with a reason; the worker goes on.
import type { Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { assertDeclaredTypeMatches, detectMediaType, SNIFF_BYTES } from '../../src/server/media/detect-type'
import { MediaRejectedError } from '../../src/server/media/errors'
import { processImage } from '../../src/server/media/process-image'
import { headObject } from '../../src/server/storage/head-object'
import { type Session, signedInAdmin } from '../helpers/api'
import { exifBlockOf, makeHeic } from '../helpers/heic'
import { CAMERA_TAGS, makeCameraPhoto, makePhoto } from '../helpers/media-fixtures'
import { fetchObject as fetchFromHost, mediaRecord, tagsOf } from '../helpers/objects'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'

let payload: Payload
let admin: Session

const record = (id: string) => mediaRecord(payload, id)

const fetchObject = (objectPath: string, session?: Session) => fetchFromHost(payload, objectPath, session)


/** Mean absolute difference of two images' pixels at 32 × 32 (0 = the same picture). */
async function pictureDifference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) => sharp(image).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const [x, y] = await Promise.all([small(a), small(b)])
  let sum = 0
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i])
  return sum / x.length
}

/** The reason a rejected promise gives the manager, failing the test if it was not a refusal. */
async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(MediaRejectedError)
  return (error as MediaRejectedError).reason
}

let cameraExif: Buffer
beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  cameraExif = await exifBlockOf(await makeCameraPhoto({ width: 64, height: 48 }))
})

describe('recognising HEIC', () => {
  it.each([
    ['heic', 'image/heic'],
    ['heix', 'image/heic'],
    ['mif1', 'image/heif'],
  ] as const)('takes a file with the ftyp brand %s as %s', async (brand, mime) => {
    const { heic } = await makeHeic({ width: 64, height: 48, brand })
    expect(await detectMediaType(heic.subarray(0, SNIFF_BYTES))).toMatchObject({ mime, kind: 'image' })
  })
})

describe('declared HEIC types', () => {
  it('take image/heic and image/heif as one family, and refuse a JPEG declared as either', () => {
    expect(() => assertDeclaredTypeMatches('image/heif', { mime: 'image/heic' })).not.toThrow()
    expect(() => assertDeclaredTypeMatches('image/heic', { mime: 'image/heif' })).not.toThrow()
    expect(() => assertDeclaredTypeMatches('image/heic', { mime: 'image/jpeg' })).toThrow(/uploaded as image\/heic but its content is JPG/)
    expect(() => assertDeclaredTypeMatches('image/jpeg', { mime: 'image/heic' })).toThrow(/uploaded as image\/jpeg but its content is HEIC/)
  })
})

describe('processing a HEIC photo', () => {
  it('decodes the primary image upright and makes the same outputs as a JPEG, the public copy a JPEG', async () => {
    // Stored landscape, turned a quarter clockwise by irot (angle 3 × 90° counter-clockwise), as a portrait iPhone shot.
    const { heic, picture } = await makeHeic({ width: 1024, height: 768, exif: cameraExif, rotations: 3 })
    const image = await processImage(heic)
    expect(image).toMatchObject({ width: 768, height: 1024, format: 'heif', animated: false })
    expect(image.derivatives.map((d) => [d.width, d.height])).toEqual([
      [400, 533],
      [768, 1024],
    ])
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/)
    expect(image.perceptualHash).toMatch(/^[0-9a-f]{16}$/)
    expect(image.publicCopy).toMatchObject({ ext: 'jpg', contentType: 'image/jpeg' })
    const upright = await sharp(picture).rotate(90).png().toBuffer()
    expect(await pictureDifference(image.publicCopy.data, upright)).toBeLessThan(12)
    expect(await pictureDifference(image.derivatives[0].data, upright)).toBeLessThan(12)
    // A different picture is far off: the measure tells pictures apart.
    expect(await pictureDifference(image.publicCopy.data, await makePhoto({ width: 768, height: 1024, seed: 99 }))).toBeGreaterThan(20)
    const copy = await sharp(image.publicCopy.data).metadata()
    expect(copy).toMatchObject({ format: 'jpeg', width: 768, height: 1024 })
    expect(copy.exif).toBeUndefined()
  })

  it('takes the primary image of a file that holds several, whichever comes first', async () => {
    const { heic, picture } = await makeHeic({ width: 320, height: 240, seed: 31, otherImageFirst: { seed: 32 } })
    const other = await makePhoto({ width: 320, height: 240, seed: 32, format: 'png' })
    const image = await processImage(heic)
    expect(image).toMatchObject({ width: 320, height: 240 })
    expect(await pictureDifference(image.publicCopy.data, picture)).toBeLessThan(12)
    expect(await pictureDifference(image.publicCopy.data, other)).toBeGreaterThan(20)
  })

  it.each([
    ['declares 100000 × 100000 pixels', async () => (await makeHeic({ width: 64, height: 48, declaredSize: { width: 100_000, height: 100_000 } })).heic, 'Image is too large: 100000 × 100000 pixels (the limit is 100 megapixels)'],
    ['is cut off part-way', async () => {
      const { heic } = await makeHeic({ width: 256, height: 192 })
      return heic.subarray(0, Math.floor(heic.length * 0.6))
    }, 'The HEIC photo is damaged or incomplete'],
    ['is only its header', async () => (await makeHeic({ width: 64, height: 48 })).heic.subarray(0, 40), 'The HEIC photo is damaged or incomplete'],
  ])('refuses a HEIC that %s, with a reason', async (_label, make, reason) => {
    expect(await reasonOf(processImage(await make()))).toBe(reason)
  })
})

describe('uploading a HEIC photo', () => {
  it('ends ready with renditions; visitors get a JPEG without the position, the manager the HEIC itself', async () => {
    const { heic } = await makeHeic({ width: 640, height: 480, exif: cameraExif, rotations: 3 })
    expect(await tagsOf(heic)).toMatchObject({ Artist: CAMERA_TAGS.artist, SerialNumber: CAMERA_TAGS.serial, GPSLatitudeRef: 'N' })
    const created = await uploadFile(admin, heic, { filename: 'IMG_4301.HEIC', contentType: 'image/heic' })
    expect(created.status).toBe(201)
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media).toMatchObject({ status: 'ready', width: 480, height: 640, mimeType: 'image/heic', publicKey: `public/${created.body.id}.jpg` })
    expect(media.derivatives.map((d: { width: number }) => d.width)).toEqual([400, 480])
    expect(media.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(media.placeholder).toMatch(/^data:image\/webp;base64,/)

    const file = (await admin.json<MediaFile[]>('GET', '/api/media-files')).body.find((f) => f.id === created.body.id)!
    const shown = await fetchObject(file.objectPath)
    expect(shown.response.status).toBe(200)
    expect(shown.response.headers.get('content-type')).toBe('image/jpeg')
    expect(await sharp(shown.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 640 })
    const tags = await tagsOf(shown.bytes)
    for (const name of ['latitude', 'GPSLatitude', 'SerialNumber', 'Artist', 'Model']) expect(tags[name], name).toBeUndefined()
    for (const value of [CAMERA_TAGS.serial, CAMERA_TAGS.artist]) expect(shown.bytes.toString('latin1').includes(value)).toBe(false)
    for (const { width } of media.derivatives as Array<{ width: number }>) {
      const rendition = await fetchObject(`${file.objectPath}/w${width}.webp`)
      expect(rendition.response.status).toBe(200)
      expect((await sharp(rendition.bytes).metadata()).exif).toBeUndefined()
    }
    const original = await fetchObject(`${file.objectPath}/original`, admin)
    expect(original.response.headers.get('content-type')).toBe('image/heic')
    expect(original.bytes.equals(heic)).toBe(true)
  })

  it.each([
    ['a JPEG named .heic', async () => makePhoto({ width: 64, height: 48 }), /uploaded as image\/heic but its content is JPG/],
    ['a HEIC declaring 100000 × 100000 pixels', async () => (await makeHeic({ width: 64, height: 48, declaredSize: { width: 100_000, height: 100_000 } })).heic, /too large: 100000 × 100000/],
    ['a truncated HEIC', async () => {
      const { heic } = await makeHeic({ width: 256, height: 192, seed: 5 })
      return heic.subarray(0, Math.floor(heic.length * 0.6))
    }, /HEIC photo is damaged or incomplete/],
  ])('fails %s with its reason, and the worker goes on', async (_label, make, reason) => {
    const created = await uploadFile(admin, await make(), { filename: 'photo.heic', contentType: 'image/heic' })
    expect(created.status).toBe(201)
    const good = await uploadFile(admin, (await makeHeic({ width: 64, height: 48, seed: 8 })).heic, { filename: 'next.heic', contentType: 'image/heic' })
    await runJobs(payload)
    const media = await record(created.body.id)
    expect(media.status).toBe('failed')
    expect(media.processingError).toMatch(reason)
    expect(await headObject({ key: created.objectPath })).toBeNull()
    expect((await fetchObject(`/public-objects/${encodeURIComponent(media.filename)}`)).response.status).toBe(404)
    expect((await record(good.body.id)).status).toBe('ready')
  })

  it('refuses an empty .heic when it is registered (400)', async () => {
    const empty = await uploadFile(admin, Buffer.alloc(0), { filename: 'empty.heic', contentType: 'image/heic' })
    expect(empty.status).toBe(400)
  })
})
