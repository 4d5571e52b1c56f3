// A prepared read answer: a JSON body built once per read-model version, with the
// validators and caching headers that go with it, answered by cachedJson() (a Web Response,
// for Payload's routing).
import type { PayloadRequest } from 'payload'
import type { PreparedJson } from './prepared-json'

export type PreparedAnswer = { version: string; body: PreparedJson; key: string; audience: 'public' | 'admin' }

/** A cacheable read: a path in Payload's syntax (`/sections/:sectionId/media`) and its answer. */
export type PreparedRead = { path: string; answer: (req: PayloadRequest) => Promise<PreparedAnswer> }

export function answerHeaders({ version, key, audience }: PreparedAnswer): Record<string, string> {
  return {
    ETag: `"${audience}-${version}-${Buffer.from(key).toString('base64url')}"`,
    // Always revalidate: the answer changes as soon as the manager edits anything.
    'Cache-Control': audience === 'public' ? 'public, no-cache' : 'private, no-cache',
    Vary: 'Cookie, Accept-Encoding',
  }
}

export function isNotModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag))
}
