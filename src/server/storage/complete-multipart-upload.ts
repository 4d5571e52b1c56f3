// Joins the stored parts of a multipart upload into the object.
import { CompleteMultipartUploadCommand, ListPartsCommand, S3ServiceException } from '@aws-sdk/client-s3'
import { appStore, type ObjectStore, type StoreArgs } from './index'
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
    if (isMissingUpload(error) || (isServerError(error) && (await uploadIsGone(store, key, uploadId)))) return null
    throw error
  }
}

const isServerError = (error: unknown) => error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 0) >= 500

/**
 * Some stores answer a server error, not NoSuchUpload, to the completion of an upload that was
 * just aborted (Ceph's RADOS Gateway: 500). Asked for the upload's parts, the same store says
 * whether the upload is still there; a store that is really down fails this too, and the first
 * error stands (503).
 */
async function uploadIsGone(store: ObjectStore, key: string, uploadId: string): Promise<boolean> {
  try {
    await store.client.send(new ListPartsCommand({ Bucket: store.bucket, Key: key, UploadId: uploadId, MaxParts: 1 }))
    return false
  } catch (error) {
    return isMissingUpload(error)
  }
}
