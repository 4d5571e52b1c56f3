// A presigned PUT for scripts (POST /api/objects/upload): bound to the key and the content
// type, which the signature covers.
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { appStore, type StoreArgs } from './index'

export function presignPut({
  store = appStore(),
  key,
  contentType,
  expiresIn,
}: StoreArgs & { key: string; contentType: string; expiresIn: number }) {
  return getSignedUrl(store.client, new PutObjectCommand({ Bucket: store.bucket, Key: key, ContentType: contentType }), {
    expiresIn,
    signableHeaders: new Set(['content-type']),
  })
}
