// An object's bytes in memory (a backup file, an original to process, a rendition to analyse),
// or only its first bytes (to sniff its real type).
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissing } from './errors'

/** The object's bytes (the first `firstBytes` of them when given); null when there is none at that key. */
export async function readObject({
  store = appStore(),
  key,
  firstBytes,
}: StoreArgs & { key: string; firstBytes?: number }): Promise<Buffer | null> {
  try {
    const range = firstBytes === undefined ? undefined : `bytes=0-${firstBytes - 1}`
    const object = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, Range: range }))
    // The SDK's array as a Buffer over the same memory: a copy of a 4 MB original is garbage the next moment.
    const bytes = await object.Body!.transformToByteArray()
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}
