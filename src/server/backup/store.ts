// The object-store operations backups need, on a client and bucket given by the caller
// (the app's own by default; tests point one at a store that is down).
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { bucket as defaultBucket, s3 } from '../storage/s3'

export type BackupStore = { client: S3Client; bucket: string }

export const BACKUP_PREFIX = 'backups/'
export const BACKUP_TEMP_PREFIX = 'backups/incomplete/'
export const TRASH_PREFIX = 'trash/'
export const appStore = (): BackupStore => ({ client: s3(), bucket: defaultBucket() })

export type ListedObject = { size: number; etag: string | null }

/**
 * Every object under a prefix, by key (1,000 a page). The first version of ListObjects, paged
 * by marker (the last key seen): every S3-compatible store has it, and the embedded store's
 * version-2 continuation tokens use a cipher (DES) that Node's OpenSSL 3 no longer offers.
 */
export async function listObjects(store: BackupStore, prefix: string): Promise<Map<string, ListedObject>> {
  const objects = new Map<string, ListedObject>()
  let marker: string | undefined
  for (;;) {
    const page = await store.client.send(new ListObjectsCommand({ Bucket: store.bucket, Prefix: prefix, Marker: marker }))
    const contents = page.Contents ?? []
    for (const object of contents) {
      if (object.Key) objects.set(object.Key, { size: object.Size ?? 0, etag: object.ETag ?? null })
    }
    const last = contents.at(-1)?.Key
    if (!page.IsTruncated || !last) return objects
    marker = last
  }
}

export const isMissing = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey'
}

/** Size and ETag of one object; null when there is none. */
export async function headKey(store: BackupStore, key: string): Promise<ListedObject | null> {
  try {
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }))
    return { size: head.ContentLength ?? 0, etag: head.ETag ?? null }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

export async function putBytes(store: BackupStore, key: string, bytes: Buffer, contentType: string) {
  await store.client.send(
    new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
  )
}

export async function getBytes(store: BackupStore, key: string): Promise<Buffer | null> {
  try {
    const object = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }))
    return Buffer.from(await object.Body!.transformToByteArray())
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** Copies an object inside the bucket; answers the copy's ETag when the store gives one. */
export async function copyObject(store: BackupStore, from: string, to: string): Promise<string | null> {
  const source = `${store.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`
  const copied = await store.client.send(new CopyObjectCommand({ Bucket: store.bucket, Key: to, CopySource: source }))
  return copied.CopyObjectResult?.ETag ?? null
}

export async function deleteKey(store: BackupStore, key: string) {
  await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: key }))
}

/**
 * Deletes many objects with one request per 1,000 keys (S3's multi-object delete); a key that
 * is not there counts as deleted. Throws when the store reports a key it could not delete.
 */
export async function deleteKeys(store: BackupStore, keys: string[]) {
  for (let start = 0; start < keys.length; start += 1000) {
    const chunk = keys.slice(start, start + 1000)
    const answer = await store.client.send(
      new DeleteObjectsCommand({ Bucket: store.bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }),
    )
    const errors = answer.Errors ?? []
    if (errors.length) {
      throw new Error(`${errors.length} object(s) could not be deleted (${errors.slice(0, 3).map((e) => `${e.Key}: ${e.Code}`).join(', ')})`)
    }
  }
}

/** Runs work over items, a few at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}
