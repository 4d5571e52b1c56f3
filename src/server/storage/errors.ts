// How the store says "not there": operations answer null (or false) for these instead of throwing.
import { S3ServiceException } from '@aws-sdk/client-s3'

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode

/** No object at that key (HEAD answers a bare 404 NotFound, GET and copy NoSuchKey). */
export const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (statusOf(error) === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')

/** No multipart upload with that id for that key (completed, aborted or never started). */
export const isMissingUpload = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || statusOf(error) === 404)
