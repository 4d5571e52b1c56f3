// A presigned PUT for one part of a multipart upload.
import { UploadPartCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { appStore, type StoreArgs } from './index'

export function presignUploadPart({
  store = appStore(),
  key,
  uploadId,
  partNumber,
  expiresIn,
}: StoreArgs & { key: string; uploadId: string; partNumber: number; expiresIn: number }) {
  return getSignedUrl(
    store.client,
    new UploadPartCommand({ Bucket: store.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
    { expiresIn },
  )
}
