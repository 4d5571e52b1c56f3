// Answers a prepared JSON body with an ETag derived from the read-model version,
// and 304 when the client already has it.
import type { PayloadRequest } from 'payload'

export function cachedJson(req: PayloadRequest, { version, body, key, audience }: { version: string; body: string; key: string; audience: 'public' | 'admin' }) {
  const etag = `"${audience}-${version}-${Buffer.from(key).toString('base64url')}"`
  const headers = {
    ETag: etag,
    // Always revalidate: the answer changes as soon as the manager edits anything.
    'Cache-Control': audience === 'public' ? 'public, no-cache' : 'private, no-cache',
    Vary: 'Cookie',
  }
  const ifNoneMatch = req.headers.get('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } })
}
