// What the store knows of one object without reading it.
import { HeadObjectCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissing } from './errors'

export type ObjectHead = { size: number; etag: string | null; contentType?: string }

/** Size, ETag and type of an object; null when there is none at that key. */
export async function headObject({ store = appStore(), key }: StoreArgs & { key: string }): Promise<ObjectHead | null> {
  try {
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }))
    return { size: head.ContentLength ?? 0, etag: head.ETag ?? null, contentType: head.ContentType }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
