// The embedded S3-compatible store used when no S3_ENDPOINT is configured: s3rver,
// bound to 127.0.0.1, objects kept under the data directory, one private bucket whose
// CORS rules let the browser PUT file bytes straight to it with a presigned URL.
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { freePort } from './free-port'
import { multipartExtras } from './s3-multipart-extras'
import { readOrCreateSecret } from './secret'
import path from 'node:path'

export type EmbeddedS3 = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  stop: () => Promise<void>
}

type Options = {
  dir: string
  bucket?: string
  /** Remove every object on stop (throw-away test stores). */
  resetOnClose?: boolean
}

const ACCESS_KEY_ID = 'gallery-embedded'

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Location</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

export async function startEmbeddedS3({ dir, bucket = 'gallery', resetOnClose = false }: Options): Promise<EmbeddedS3> {
  const { default: S3rver } = await import('s3rver')
  const objectsDir = path.join(dir, 'objects')
  await fs.mkdir(objectsDir, { recursive: true })
  const port = await freePort()
  const secretAccessKey = await readOrCreateSecret(path.join(dir, 'secret-access-key'), 20)
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: objectsDir,
    resetOnClose,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  })
  // s3rver knows one hard-coded key pair; register ours so the SDK signs exactly as in production.
  const { DUMMY_ACCOUNT } = (await import('s3rver/lib/models/account.js')) as {
    DUMMY_ACCOUNT: { createKeyPair: (id: string, secret: string) => void }
  }
  DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY_ID, secretAccessKey)
  // Koa composes its middleware when the server starts: this one runs before s3rver's own.
  server.middleware.unshift(multipartExtras(server.store))
  const address = (await server.run()) as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey,
    stop: () => server.close(),
  }
}
