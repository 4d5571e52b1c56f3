// The one S3 client of this process (cached), with the settings Payload's storage adapter
// shares. Every storage operation in this folder sends through it unless given another store.
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { readEnv } from '../env'

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
    // Retries are the SDK's own (3 attempts for throttling, 5xx and network errors).
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS },
  }
}

let client: S3Client | undefined

export function s3Client(): S3Client {
  client ??= new S3Client(s3ClientConfig())
  return client
}
