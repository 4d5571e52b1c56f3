// Answers a prepared JSON body with an ETag derived from the read-model version,
// 304 when the client already has it, compressed when the client accepts it.
import type { PayloadRequest } from 'payload'
import type { PreparedJson } from './prepared-json'

type Answer = { version: string; body: PreparedJson; key: string; audience: 'public' | 'admin' }

export async function cachedJson(req: PayloadRequest, { version, body, key, audience }: Answer): Promise<Response> {
  const etag = `"${audience}-${version}-${Buffer.from(key).toString('base64url')}"`
  const headers: Record<string, string> = {
    ETag: etag,
    // Always revalidate: the answer changes as soon as the manager edits anything.
    'Cache-Control': audience === 'public' ? 'public, no-cache' : 'private, no-cache',
    Vary: 'Cookie, Accept-Encoding',
  }
  const ifNoneMatch = req.headers.get('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers })
  }
  const { body: bytes, encoding } = await body.encodedFor(req.headers.get('accept-encoding'))
  if (encoding) headers['Content-Encoding'] = encoding
  headers['Content-Type'] = 'application/json; charset=utf-8'
  headers['Content-Length'] = String(bytes.length)
  // A Buffer is a Uint8Array over a plain ArrayBuffer here (never shared memory).
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers })
}
