// The S3-compatible object store: one cached client, and the few operations the app
// needs. The bucket is private; browsers only ever get short-lived presigned URLs (a PUT,
// a POST form, or the parts of a multipart upload) for keys the server chose.
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { readEnv } from '../env'

let client: S3Client | undefined

const S3_CONNECT_TIMEOUT_MS = 5_000
const S3_IDLE_TIMEOUT_MS = 30_000

/** Client settings from the environment, shared with Payload's storage adapter. */
export function s3ClientConfig(env = readEnv()): S3ClientConfig {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that is down or stops answering fails the call within seconds (the caller answers
    // 503) instead of holding the request open: no connection in 5 s, or 30 s without a byte.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS },
  }
}

export function s3(): S3Client {
  client ??= new S3Client(s3ClientConfig())
  return client
}

export const bucket = () => readEnv().S3_BUCKET

/** A presigned PUT bound to the key and the content type (the signature covers both). */
export function presignPut({ key, contentType, expiresIn }: { key: string; contentType: string; expiresIn: number }) {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType }), {
    expiresIn,
    signableHeaders: new Set(['content-type']),
  })
}

/**
 * A presigned POST form (an S3 POST policy) for one exact key, content type and size: what
 * the uploader sends a file with when it is not split into parts.
 */
export function presignPost({
  key,
  contentType,
  size,
  expiresIn,
}: {
  key: string
  contentType: string
  size: number
  expiresIn: number
}) {
  return createPresignedPost(s3(), {
    Bucket: bucket(),
    Key: key,
    Fields: { 'Content-Type': contentType },
    Conditions: [
      ['eq', '$Content-Type', contentType],
      ['content-length-range', size, size],
    ],
    Expires: expiresIn,
  })
}

export async function createMultipartUpload(key: string, contentType: string) {
  const answer = await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: contentType }))
  return answer.UploadId!
}

/** Parts stored so far, or null when there is no such upload for that key. */
export async function listParts(key: string, uploadId: string) {
  try {
    const parts: Array<{ PartNumber: number; ETag: string; Size: number }> = []
    let marker: string | undefined
    do {
      const page = await s3().send(
        new ListPartsCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumberMarker: marker }),
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

export function presignUploadPart({
  key,
  uploadId,
  partNumber,
  expiresIn,
}: {
  key: string
  uploadId: string
  partNumber: number
  expiresIn: number
}) {
  return getSignedUrl(s3(), new UploadPartCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumber: partNumber }), {
    expiresIn,
  })
}

/** Joins the parts into the object; null when there is no such upload for that key. */
export async function completeMultipartUpload(key: string, uploadId: string, parts: Array<{ PartNumber: number; ETag: string }>) {
  try {
    const answer = await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket(),
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

/** Removes the upload and every part stored for it; false when there was no such upload. */
export async function abortMultipartUpload(key: string, uploadId: string) {
  try {
    await s3().send(new AbortMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId: uploadId }))
    return true
  } catch (error) {
    if (isMissingUpload(error)) return false
    throw error
  }
}

const isMissingUpload = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.$metadata.httpStatusCode === 404)

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')

/** Size and type of an object, or null when there is none at that key. */
export async function headObject(key: string): Promise<{ size: number; contentType?: string; etag?: string } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))
    return { size: head.ContentLength ?? 0, contentType: head.ContentType, etag: head.ETag }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** The first bytes of an object (for sniffing its real type). */
export async function readHead(key: string, bytes: number): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

export async function readObject(key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

/** An object (or a byte range of it), `notModified` when it still has the client's ETag; null when missing. */
export async function getObject(key: string, range?: string, ifNoneMatch?: string) {
  try {
    return {
      ...(await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: range, IfNoneMatch: ifNoneMatch }))),
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

export async function putObject(key: string, body: Buffer | Readable, contentType: string, contentLength?: number) {
  await s3().send(
    new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, ContentLength: contentLength }),
  )
}

export async function deleteObject(key: string) {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }))
}

/** Moves an object to another key (copy, then delete); a source that is already gone is not an error. */
export async function moveObject(from: string, to: string) {
  if (!(await headObject(from))) return
  const source = `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`
  await s3().send(new CopyObjectCommand({ Bucket: bucket(), Key: to, CopySource: source }))
  await deleteObject(from)
}
