// The media collection stores bytes in the real S3-compatible store through
// @payloadcms/storage-s3, and Payload's file route serves only what a visitor may see.
import type { Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { readObject } from '../../src/server/storage/read-object'
import { Session } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'
import { sectionIdOf } from '../helpers/media'

let payload: Payload

async function uploadPhoto(name: string, data: Record<string, unknown>) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer()
  const doc = await payload.create({
    collection: 'media',
    overrideAccess: true,
    data: { originalFilename: name, fileType: 'image', status: 'ready', section: await sectionIdOf(payload, 'backyard'), ...data } as never,
    file: { data: bytes, mimetype: 'image/jpeg', name, size: bytes.length },
  })
  return { doc: doc as unknown as { id: string; filename: string; width: number; height: number }, bytes }
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
})

describe('object storage', () => {
  it('writes uploaded bytes to the bucket', async () => {
    const { doc, bytes } = await uploadPhoto('patio.jpg', {})
    expect(doc).toMatchObject({ width: 64, height: 48 })
    expect((await readObject({ key: doc.filename }))!.equals(bytes)).toBe(true)
  })

  it("serves a visible photo through Payload's file route and refuses a hidden one", async () => {
    const visible = await uploadPhoto('lawn.jpg', {})
    const hidden = await uploadPhoto('hidden-shed.jpg', { isHidden: true, section: null })
    const visitor = new Session()
    const ok = await visitor.request('GET', `/api/media/file/${visible.doc.filename}`)
    expect(ok.status).toBe(200)
    expect(Buffer.from(await ok.arrayBuffer()).equals(visible.bytes)).toBe(true)
    const refused = await visitor.request('GET', `/api/media/file/${hidden.doc.filename}`)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
  })
})
