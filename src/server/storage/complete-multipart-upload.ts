// Joins the stored parts of a multipart upload into the object.
import { CompleteMultipartUploadCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissingUpload } from './errors'

/** Null when there is no such upload for that key. */
export async function completeMultipartUpload({
  store = appStore(),
  key,
  uploadId,
  parts,
}: StoreArgs & { key: string; uploadId: string; parts: Array<{ PartNumber: number; ETag: string }> }) {
  try {
    const answer = await store.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: store.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: [...parts].sort((a, b) => a.PartNumber - b.PartNumber) },
      }),
    )
    return { location: answer.Location ?? key, key }
  } catch (error) {
    if (isMissingUpload(error)) return null
    throw error
  }
}
