// Stores bytes (or a stream of known length) at a key, replacing what was there.
import type { Readable } from 'node:stream'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

export async function putObject({
  store = appStore(),
  key,
  body,
  contentType,
  contentLength = Buffer.isBuffer(body) ? body.length : undefined,
}: StoreArgs & { key: string; body: Buffer | Readable; contentType: string; contentLength?: number }) {
  await store.client.send(
    new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: contentLength }),
  )
}
