// The parts of a multipart upload stored so far (the uploader resumes from them).
import { ListPartsCommand } from '@aws-sdk/client-s3'
import { appStore, type StoreArgs } from './index'
import { isMissingUpload } from './errors'

export type StoredPart = { PartNumber: number; ETag: string; Size: number }

/** Parts stored so far, or null when there is no such upload for that key. */
export async function listParts({
  store = appStore(),
  key,
  uploadId,
}: StoreArgs & { key: string; uploadId: string }): Promise<StoredPart[] | null> {
  try {
    const parts: StoredPart[] = []
    let marker: string | undefined
    do {
      const page = await store.client.send(
        new ListPartsCommand({ Bucket: store.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      )
      for (const part of page.Parts ?? []) parts.push({ PartNumber: part.PartNumber!, ETag: part.ETag!, Size: part.Size ?? 0 })
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined
    } while (marker)
    return parts
  } catch (error) {
    if (isMissingUpload(error)) return null
    throw error
  }
}
