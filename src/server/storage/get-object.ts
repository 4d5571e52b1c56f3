// An object as the store answers it (a stream, a byte range, or "not modified"), for
// delivery to a browser; read-object.ts reads one whole into memory.
import { GetObjectCommand, S3ServiceException } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissing } from './errors'

/** An object (or a byte range of it), `notModified` when it still has the client's ETag; null when missing. */
export async function getObject({
  store = appStore(),
  key,
  range,
  ifNoneMatch,
}: StoreArgs & { key: string; range?: string; ifNoneMatch?: string }) {
  try {
    return {
      ...(await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, Range: range, IfNoneMatch: ifNoneMatch }))),
      notModified: false,
    }
  } catch (error) {
    if (isMissing(error)) return null
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304) {
      return { ETag: ifNoneMatch, notModified: true, Body: undefined, ContentLength: undefined, ContentRange: undefined }
    }
    throw error
  }
}
