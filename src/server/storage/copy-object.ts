// Copies an object inside the bucket (S3 has no move: a move is a copy, then a delete).
import { CopyObjectCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

/** Answers the copy's ETag when the store gives one; throws (isMissing) when the source is gone. */
export async function copyObject({ store = appStore(), from, to }: StoreArgs & { from: string; to: string }): Promise<string | null> {
  const source = `${store.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`
  const copied = await store.client.send(new CopyObjectCommand({ Bucket: store.bucket, Key: to, CopySource: source }))
  return copied.CopyObjectResult?.ETag ?? null
}
