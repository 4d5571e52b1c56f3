// The embedded store's request check against what the AWS SDK's own signer produces: header
// signatures and presigned URLs pass; another key, another path, a late or early request fail.
import { SignatureV4 } from '@smithy/signature-v4'
import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SignatureError, verifySignedRequest } from '../../src/host/embedded/s3-sigv4'

const credentials = { accessKeyId: 'gallery-embedded', secretAccessKey: 'a-secret-of-the-store', region: 'us-east-1' }

class Sha256 {
  private readonly hash
  constructor(secret?: Uint8Array | string) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', secret)
  }
  update(data: Uint8Array | string) {
    this.hash.update(data)
  }
  async digest() {
    return new Uint8Array(this.hash.digest())
  }
}

const signer = (secretAccessKey = credentials.secretAccessKey) =>
  new SignatureV4({ credentials: { ...credentials, secretAccessKey }, region: 'us-east-1', service: 's3', sha256: Sha256 as never, uriEscapePath: false })

const base = () =>
  ({
    method: 'GET',
    protocol: 'http:',
    hostname: '127.0.0.1',
    port: 45_123,
    path: '/gallery/originals/abc/photo%20one.jpg',
    query: { 'x-id': 'GetObject' },
    headers: { host: '127.0.0.1:45123', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } as Record<string, string>,
  }) as never

const urlOf = (request: { path: string; query?: Record<string, unknown> }) => {
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)])).toString()
  return query ? `${request.path}?${query}` : request.path
}

const check = (request: { method: string; path: string; query?: Record<string, unknown>; headers: Record<string, string> }, now?: Date) =>
  verifySignedRequest({ method: request.method, url: urlOf(request), headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])) }, credentials, now)

describe('embedded store signature check', () => {
  it('accepts a request the SDK signed in its Authorization header', async () => {
    const signed = await signer().sign(base())
    await expect(check(signed as never)).resolves.toBeUndefined()
  })

  it('refuses the same request signed with another secret, or sent to another key', async () => {
    await expect(check((await signer('someone-else').sign(base())) as never)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' })
    const signed = (await signer().sign(base())) as unknown as { path: string }
    await expect(check({ ...(signed as object), path: '/gallery/originals/abc/other.jpg' } as never)).rejects.toBeInstanceOf(SignatureError)
  })

  it('refuses an unsigned request', async () => {
    await expect(check(base() as never)).rejects.toMatchObject({ code: 'AccessDenied' })
  })

  it('accepts a presigned URL until it expires, and not before it was made', async () => {
    const made = new Date('2026-11-22T12:00:00Z')
    const presigned = await signer().presign(base(), { signingDate: made, expiresIn: 900 })
    await expect(check(presigned as never, new Date('2026-11-22T12:14:00Z'))).resolves.toBeUndefined()
    await expect(check(presigned as never, new Date('2026-11-22T12:15:01Z'))).rejects.toMatchObject({ message: 'Request has expired' })
    await expect(check(presigned as never, new Date('2026-11-22T11:40:00Z'))).rejects.toBeInstanceOf(SignatureError)
  })

  it('refuses a header signature far from the store clock', async () => {
    const signed = await signer().sign(base(), { signingDate: new Date('2026-11-22T12:00:00Z') })
    await expect(check(signed as never, new Date('2026-11-22T12:20:00Z'))).rejects.toMatchObject({ code: 'RequestTimeTooSkewed' })
  })
})
