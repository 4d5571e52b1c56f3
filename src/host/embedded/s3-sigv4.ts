// Request authentication for the embedded store. s3rver accepts unsigned requests and never
// checks a Signature V4 (its V4 check is "unimplemented"), so anything that could reach its
// port could list, read and write the bucket. This checks every request as S3 does: signed
// with the store's own key, in the Authorization header or as a presigned URL (X-Amz-*
// query), within its time window. The canonical request is built by the AWS SDK's own signer
// (@smithy/signature-v4), so what we expect is exactly what the SDK signs.
// Not checked (accepted, SECURITY.md): the body's SHA-256 against x-amz-content-sha256 (the
// header itself is signed), and session tokens (the embedded store has none).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { SignatureV4, getSigningKey } from '@smithy/signature-v4'

export type StoreCredentials = { accessKeyId: string; secretAccessKey: string; region: string }

export class SignatureError extends Error {
  constructor(
    readonly code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId' | 'RequestTimeTooSkewed' | 'AuthorizationQueryParametersError',
    message: string,
  ) {
    super(message)
  }
}

const ALGORITHM = 'AWS4-HMAC-SHA256'
/** S3 refuses a header-signed request more than 15 minutes away from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000
/** Presigned URLs live at most a week (S3's limit). */
const MAX_EXPIRES_S = 7 * 24 * 60 * 60

const toBytes = (data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data)

/** The hash the SDK's signer expects: SHA-256, or HMAC-SHA-256 when given a key. */
class NodeSha256 {
  private readonly hash
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret))
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(toBytes(data))
  }
  async digest() {
    return new Uint8Array(this.hash.digest())
  }
}

type HttpRequestLike = { method: string; protocol: string; hostname: string; path: string; query: Record<string, string | string[]>; headers: Record<string, string> }

/** The SDK's signer, with its canonical-request and string-to-sign steps opened up. */
class SignatureCheck extends SignatureV4 {
  constructor(private readonly credentials: StoreCredentials) {
    super({ credentials, region: credentials.region, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: false })
  }

  async expected(request: HttpRequestLike, canonicalHeaders: Record<string, string>, payloadHash: string, longDate: string, scope: string) {
    const canonicalRequest = this.createCanonicalRequest(request as never, canonicalHeaders, payloadHash)
    const stringToSign = await this.createStringToSign(longDate, scope, canonicalRequest, ALGORITHM)
    const key = await getSigningKey(NodeSha256, this.credentials, longDate.slice(0, 8), this.credentials.region, 's3')
    return createHmac('sha256', key).update(stringToSign).digest('hex')
  }
}

export type IncomingSigned = { method: string; url: string; headers: IncomingHttpHeaders }

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : value
}

function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(search)) {
    const existing = query[name]
    query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return query
}

function parseLongDate(text: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '')
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match.map(Number)
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s))
}

type Authorization = { credential: string; signedHeaders: string[]; signature: string; longDate: string; payloadHash: string }

function fromHeader(headers: IncomingHttpHeaders, now: Date): Authorization {
  const auth = headerValue(headers, 'authorization') ?? ''
  if (!auth.startsWith(`${ALGORITHM} `)) throw new SignatureError('AccessDenied', 'Only AWS Signature Version 4 is accepted.')
  const fields = Object.fromEntries(
    auth
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part) => part.trim().split('=', 2) as [string, string]),
  )
  const longDate = headerValue(headers, 'x-amz-date') ?? ''
  const date = parseLongDate(longDate)
  if (!date) throw new SignatureError('AccessDenied', 'The request has no valid X-Amz-Date.')
  if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) {
    throw new SignatureError('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.')
  }
  const payloadHash = headerValue(headers, 'x-amz-content-sha256')
  if (!payloadHash) throw new SignatureError('AccessDenied', 'The request has no x-amz-content-sha256 header.')
  return {
    credential: fields.Credential ?? '',
    signedHeaders: (fields.SignedHeaders ?? '').split(';').filter(Boolean),
    signature: fields.Signature ?? '',
    longDate,
    payloadHash,
  }
}

function fromQuery(query: Record<string, string | string[]>, now: Date): Authorization {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '')
  if (one('X-Amz-Algorithm') !== ALGORITHM) throw new SignatureError('AuthorizationQueryParametersError', 'Only AWS Signature Version 4 is accepted.')
  const longDate = one('X-Amz-Date')
  const date = parseLongDate(longDate)
  const expires = Number(one('X-Amz-Expires'))
  if (!date || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_S) {
    throw new SignatureError('AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires must be valid.')
  }
  if (now.getTime() > date.getTime() + expires * 1000) throw new SignatureError('AccessDenied', 'Request has expired')
  if (date.getTime() - now.getTime() > MAX_SKEW_MS) throw new SignatureError('AccessDenied', 'Request is not valid yet')
  return {
    credential: one('X-Amz-Credential'),
    signedHeaders: one('X-Amz-SignedHeaders').split(';').filter(Boolean),
    signature: one('X-Amz-Signature'),
    longDate,
    payloadHash: 'UNSIGNED-PAYLOAD',
  }
}

/** Throws a SignatureError unless the request carries a valid signature made with `credentials`. */
export async function verifySignedRequest(request: IncomingSigned, credentials: StoreCredentials, now = new Date()): Promise<void> {
  const questionMark = request.url.indexOf('?')
  const path = questionMark === -1 ? request.url : request.url.slice(0, questionMark)
  const query = parseQuery(questionMark === -1 ? '' : request.url.slice(questionMark + 1))
  const byHeader = request.headers.authorization !== undefined
  const byQuery = 'X-Amz-Algorithm' in query
  if (byHeader === byQuery) {
    throw new SignatureError('AccessDenied', byHeader ? 'Only one authentication mechanism is allowed.' : 'Access Denied')
  }
  const auth = byHeader ? fromHeader(request.headers, now) : fromQuery(query, now)

  const [accessKeyId, shortDate, region, service, terminator, ...rest] = auth.credential.split('/')
  if (accessKeyId !== credentials.accessKeyId) {
    throw new SignatureError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.')
  }
  if (rest.length || shortDate !== auth.longDate.slice(0, 8) || region !== credentials.region || service !== 's3' || terminator !== 'aws4_request') {
    throw new SignatureError('AccessDenied', 'The credential scope is not valid for this store.')
  }
  if (!auth.signedHeaders.includes('host') || !/^[0-9a-f]{64}$/.test(auth.signature)) {
    throw new SignatureError('AccessDenied', 'The signature must cover the host header.')
  }
  const canonicalHeaders: Record<string, string> = {}
  for (const name of auth.signedHeaders) {
    const value = headerValue(request.headers, name)
    if (value === undefined) throw new SignatureError('AccessDenied', `The signed header ${name} is missing.`)
    canonicalHeaders[name] = value.replace(/[\r\n]/g, ' ').replace(/[ \t]+/g, ' ').trim()
  }
  const signer = new SignatureCheck(credentials)
  const expected = await signer.expected(
    { method: request.method, protocol: 'http:', hostname: '', path, query, headers: canonicalHeaders },
    canonicalHeaders,
    auth.payloadHash,
    auth.longDate,
    [shortDate, region, service, terminator].join('/'),
  )
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))) {
    throw new SignatureError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    )
  }
}
