// A presigned POST form (an S3 POST policy) for one exact key, content type and size: what
// the uploader sends a file with when it is not split into parts.
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { appStore, type StoreArgs } from './index'

export function presignPost({
  store = appStore(),
  key,
  contentType,
  size,
  expiresIn,
}: StoreArgs & { key: string; contentType: string; size: number; expiresIn: number }) {
  return createPresignedPost(store.client, {
    Bucket: store.bucket,
    Key: key,
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['eq', '$Content-Type', contentType],
      ['content-length-range', size, size],
    ],
    Expires: expiresIn,
  })
}
