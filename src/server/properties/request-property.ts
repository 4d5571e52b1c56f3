// Which property a request acts on, worked out once per request and kept on `req.context`:
// every endpoint (src/server/http/endpoint.ts) and the host's own paths
// (src/host/http/payload-request.ts) scope the request before anything asks what the caller
// may do, so the access rules read it synchronously. Today that is the default property; the
// Host header and /p/{slug} choose among several (docs/properties-design.md §2.6).
import type { PayloadRequest } from 'payload'
import { defaultPropertyId } from './default-property'

const CONTEXT_KEY = 'propertyId'

/** Scopes the request (once) and answers its property's id. */
export async function scopeRequest(req: PayloadRequest): Promise<string> {
  const known = requestPropertyId(req)
  if (known) return known
  const id = await defaultPropertyId(req.payload)
  req.context ??= {}
  req.context[CONTEXT_KEY] = id
  return id
}

/** The property the request was scoped to, or undefined before scopeRequest ran. */
export function requestPropertyId(req: Pick<PayloadRequest, 'context'>): string | undefined {
  const id = req.context?.[CONTEXT_KEY]
  return typeof id === 'string' ? id : undefined
}
