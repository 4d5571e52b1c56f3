// The media collection stores bytes in the real S3-compatible store through
// @payloadcms/storage-s3, and Payload's file route serves only what a visitor may see.
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { s3ClientConfig } from '../../src/server/storage/client'
import { completeMultipartUpload } from '../../src/server/storage/complete-multipart-upload'
import { appStore, type ObjectStore } from '../../src/server/storage/index'
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

describe('a store that answers a server error for an upload that is gone', () => {
  // As Ceph's RADOS Gateway answers the completion of an upload that was just aborted (500, not
  // NoSuchUpload): the embedded store's answer to that one command is replaced.
  const answeringLikeRgw = (): ObjectStore => {
    const client = new S3Client(s3ClientConfig())
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'CompleteMultipartUploadCommand') return next(args)
        throw new S3ServiceException({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'internal error' })
      },
      { step: 'initialize' },
    )
    return { client, bucket: appStore().bucket }
  }

  async function startUpload(key: string) {
    const { client, bucket } = appStore()
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'image/jpeg' }))
    const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.from('one part') }))
    return { uploadId: UploadId!, parts: [{ PartNumber: 1, ETag: ETag! }] }
  }

  it('an aborted upload is no upload (null, which the uploader answers 404), as on the embedded store', async () => {
    const key = 'originals/rgw/aborted.jpg'
    const { uploadId, parts } = await startUpload(key)
    await appStore().client.send(new AbortMultipartUploadCommand({ Bucket: appStore().bucket, Key: key, UploadId: uploadId }))
    expect(await completeMultipartUpload({ key, uploadId, parts })).toBeNull()
    expect(await completeMultipartUpload({ store: answeringLikeRgw(), key, uploadId, parts })).toBeNull()
  })

  it('an upload that is still there keeps the server error (the store failed, a 503)', async () => {
    const key = 'originals/rgw/live.jpg'
    const { uploadId, parts } = await startUpload(key)
    await expect(completeMultipartUpload({ store: answeringLikeRgw(), key, uploadId, parts })).rejects.toMatchObject({ name: 'InternalError' })
    expect(await completeMultipartUpload({ key, uploadId, parts })).toEqual({ key, location: expect.any(String) })
  })
})
