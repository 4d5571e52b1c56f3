// Removes many objects with one request per 1,000 keys (S3's multi-object delete).
import { DeleteObjectsCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

/** S3's limit of keys in one multi-object delete. */
const KEYS_PER_REQUEST = 1000

/** A key that is not there counts as deleted. Throws when the store reports a key it could not delete. */
export async function deleteObjects({ store = appStore(), keys }: StoreArgs & { keys: string[] }) {
  for (let start = 0; start < keys.length; start += KEYS_PER_REQUEST) {
    const chunk = keys.slice(start, start + KEYS_PER_REQUEST)
    const answer = await store.client.send(
      new DeleteObjectsCommand({ Bucket: store.bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }),
    )
    const errors = answer.Errors ?? []
    if (errors.length) {
      throw new Error(`${errors.length} object(s) could not be deleted (${errors.slice(0, 3).map((e) => `${e.Key}: ${e.Code}`).join(', ')})`)
    }
  }
}
