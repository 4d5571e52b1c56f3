// The embedded S3-compatible store used when no S3_ENDPOINT is configured: s3rver,
// bound to 127.0.0.1 on a free port, objects kept under the data directory, one private
// bucket. Like a private S3 bucket, it answers only requests signed with its own key
// (s3-sigv4.ts: Authorization header or presigned URL) and upload forms whose signed policy
// allows them (s3-post-policy.ts); its CORS rules let only the app's own origins send file
// bytes straight to it from the browser.
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { freePort } from './free-port'
import { multipartExtras } from './s3-multipart-extras'
import { PostPolicyError, receivePostObject, type PolicyCredentials } from './s3-post-policy'
import { SignatureError, verifySignedRequest, type StoreCredentials } from './s3-sigv4'
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
  /** Origins whose pages may call the store from the browser (the app's own). */
  allowedOrigins?: string[]
  /** A fixed port (a store stopped and started again at the same address); a free one otherwise. */
  port?: number
}

const ACCESS_KEY_ID = 'gallery-embedded'

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)

function corsConfiguration(origins: string[]) {
  // No origin, no rule: the browser may not call the store at all.
  if (!origins.length) return []
  const allowed = origins.map((origin) => `    <AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`).join('\n')
  return [
    `<CORSConfiguration>
  <CORSRule>
${allowed}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Location</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`,
  ]
}

type AuthContext = {
  method: string
  url: string
  path: string
  query: Record<string, unknown>
  headers: import('node:http').IncomingHttpHeaders
  status: number
  type: string
  body: unknown
  response: { get: (name: string) => string }
  set: (name: string, value: string) => void
}

/**
 * In front of s3rver's router: every request must be signed with the store's key, except CORS
 * preflights (the browser sends no credentials on them) and browser upload forms, whose signed
 * policy s3-post-policy.ts checks instead.
 */
function requireSignature(credentials: StoreCredentials) {
  return async (ctx: AuthContext, next: () => Promise<void>) => {
    const unsignedForm =
      ctx.method === 'POST' &&
      /^multipart\/form-data/i.test(String(ctx.headers['content-type'] ?? '')) &&
      ctx.headers.authorization === undefined &&
      !('X-Amz-Algorithm' in ctx.query)
    if (ctx.method === 'OPTIONS') {
      await next()
      // s3rver answers an allowed preflight with "*"; S3 names the one origin that matched.
      const origin = ctx.headers.origin
      if (origin && ctx.response.get('Access-Control-Allow-Origin') === '*') ctx.set('Access-Control-Allow-Origin', origin)
      return
    }
    if (unsignedForm) return next()
    try {
      await verifySignedRequest({ method: ctx.method, url: ctx.url, headers: ctx.headers }, credentials)
    } catch (error) {
      if (!(error instanceof SignatureError)) throw error
      ctx.status = 403
      ctx.type = 'application/xml'
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code>` +
        `<Message>${escapeXml(error.message)}</Message><Resource>${escapeXml(ctx.path)}</Resource></Error>`
      return
    }
    return next()
  }
}

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

export async function startEmbeddedS3({
  dir,
  bucket = 'gallery',
  resetOnClose = false,
  allowedOrigins = [],
  port: fixedPort,
}: Options): Promise<EmbeddedS3> {
  const { default: S3rver } = await import('s3rver')
  const objectsDir = path.join(dir, 'objects')
  await fs.mkdir(objectsDir, { recursive: true })
  const port = fixedPort ?? (await freePort())
  const secretAccessKey = await readOrCreateSecret(path.join(dir, 'secret-access-key'), 20)
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: objectsDir,
    resetOnClose,
    configureBuckets: [{ name: bucket, configs: corsConfiguration(allowedOrigins) }],
  })
  // s3rver knows one hard-coded key pair; register ours so the SDK signs exactly as in production.
  const { DUMMY_ACCOUNT } = (await import('s3rver/lib/models/account.js')) as {
    DUMMY_ACCOUNT: { createKeyPair: (id: string, secret: string) => void }
  }
  DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY_ID, secretAccessKey)
  // Koa composes its middleware when the server starts: this one runs before s3rver's own.
  const credentials = { accessKeyId: ACCESS_KEY_ID, secretAccessKey, region: 'us-east-1' }
  server.middleware.unshift(multipartExtras(server.store))
  server.middleware.unshift(requireSignature(credentials))
  await enforcePostPolicies(server.store, credentials)
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
