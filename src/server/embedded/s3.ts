// The embedded S3-compatible store used when no S3_ENDPOINT is configured: s3rver,
// bound to 127.0.0.1, objects kept under the data directory, one private bucket whose
// CORS rules let the browser send file bytes straight to it (presigned PUT, signed POST form
// checked against its policy, presigned parts).
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { freePort } from './free-port'
import { multipartExtras } from './s3-multipart-extras'
import { PostPolicyError, receivePostObject, type PolicyCredentials } from './s3-post-policy'
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

type KoaContext = {
  req: import('node:http').IncomingMessage
  params: { bucket: string }
  is: (type: string) => string | false | null
  status: number
  etag: string
  body: unknown
  type: string
  set: (name: string, value: string) => void
  origin: string
}

/**
 * s3rver's POST Object ignores the form's policy; its router calls the controller through
 * the module's exports, so the form uploads go through `receivePostObject` instead.
 */
async function enforcePostPolicies(store: unknown, credentials: PolicyCredentials) {
  const [{ default: objectController }, { default: S3Error }] = (await Promise.all([
    import('s3rver/lib/controllers/object.js'),
    import('s3rver/lib/models/error.js'),
  ])) as [
    { default: { postObject: (ctx: KoaContext) => Promise<void> } },
    { default: new (code: string, message: string) => Error },
  ]
  objectController.postObject = async (ctx) => {
    if (!ctx.is('multipart/form-data')) {
      throw new S3Error('PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data')
    }
    const { bucket } = ctx.params
    let received: Awaited<ReturnType<typeof receivePostObject>>
    try {
      received = await receivePostObject(ctx.req, bucket, credentials, store as Parameters<typeof receivePostObject>[3])
    } catch (error) {
      if (error instanceof PostPolicyError) throw new S3Error(error.code, error.message)
      throw new S3Error('MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
    }
    const { grant, stored } = received
    const location = `${ctx.origin}/${bucket}/${grant.key.split('/').map(encodeURIComponent).join('/')}`
    ctx.etag = stored.md5
    ctx.set('Location', location)
    ctx.status = grant.successStatus
    if (grant.successStatus === 201) {
      const escape = (text: string) => text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!)
      ctx.type = 'application/xml'
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escape(location)}</Location>` +
        `<Bucket>${escape(bucket)}</Bucket><Key>${escape(grant.key)}</Key><ETag>"${stored.md5}"</ETag></PostResponse>`
    } else {
      ctx.body = ''
    }
  }
}

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
  await enforcePostPolicies(server.store, { accessKeyId: ACCESS_KEY_ID, secretAccessKey, region: 'us-east-1' })
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
