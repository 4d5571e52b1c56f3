// Which property a request acts on, worked out once per request and kept on `req.context`:
// every endpoint (src/server/http/endpoint.ts) and the host's own paths
// (src/host/http/payload-request.ts) scope the request before anything asks what the caller
// may do, so the access rules read it synchronously. Today that is the default property; the
// Host header and /p/{slug} choose among several (docs/properties-design.md §2.6).
import type { PayloadRequest } from 'payload'
import type { PropertyScope } from '../db/property-db'
import { defaultPropertyScope } from './default-property'

const CONTEXT_KEY = 'propertyScope'

/** Scopes the request (once) and answers its property's scope (for property-db's statements). */
export async function requestScope(req: PayloadRequest): Promise<PropertyScope> {
  const known = req.context?.[CONTEXT_KEY] as PropertyScope | undefined
  if (known) return known
  const scope = await defaultPropertyScope(req.payload)
  req.context ??= {}
  req.context[CONTEXT_KEY] = scope
  return scope
}

/** Scopes the request (once) and answers its property's id. */
export const scopeRequest = async (req: PayloadRequest): Promise<string> => (await requestScope(req)).id

/** The property the request was scoped to, or undefined before it was scoped. */
export function requestPropertyId(req: Pick<PayloadRequest, 'context'>): string | undefined {
  return (req.context?.[CONTEXT_KEY] as PropertyScope | undefined)?.id
}
