// Removes one object; one that is not there counts as removed (S3 answers 204 either way).
import { DeleteObjectCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'

export async function deleteObject({ store = appStore(), key }: StoreArgs & { key: string }) {
  await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: key }))
}
