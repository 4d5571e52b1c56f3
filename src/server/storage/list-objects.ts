// Every object under a prefix (trash/ for the purge and the restore).
import { ListObjectsCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

export type ListedObject = { size: number; etag: string | null }

/**
 * Every object under a prefix, by key (1,000 a page). The first version of ListObjects, paged
 * by marker (the last key seen): every S3-compatible store has it, and the embedded store's
 * version-2 continuation tokens use a cipher (DES) that Node's OpenSSL 3 no longer offers.
 */
export async function listObjects({ store = appStore(), prefix }: StoreArgs & { prefix: string }): Promise<Map<string, ListedObject>> {
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
