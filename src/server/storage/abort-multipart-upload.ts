// Removes a multipart upload and every part stored for it.
import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissingUpload } from './errors'

/** False when there was no such upload for that key. */
export async function abortMultipartUpload({ store = appStore(), key, uploadId }: StoreArgs & { key: string; uploadId: string }) {
  try {
    await store.client.send(new AbortMultipartUploadCommand({ Bucket: store.bucket, Key: key, UploadId: uploadId }))
    return true
  } catch (error) {
    if (isMissingUpload(error)) return false
    throw error
  }
}
