// Starts a multipart upload (a large file, sent in presigned parts); answers its upload id.
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

export async function createMultipartUpload({
  store = appStore(),
  key,
  contentType,
}: StoreArgs & { key: string; contentType: string }): Promise<string> {
  const answer = await store.client.send(new CreateMultipartUploadCommand({ Bucket: store.bucket, Key: key, ContentType: contentType }))
  return answer.UploadId!
}
