// Which property a request acts on, worked out once per request and kept on `req.context`:
// every endpoint (src/server/http/endpoint.ts) scopes the request before anything asks what the
// caller may do, so the access rules read it synchronously. It is the property the proxy addressed
// (its `/p/{slug}` prefix or Host header, stamped with a proof: property-header.ts), else the
// default property.
import type { PayloadRequest } from 'payload'
import type { PropertyScope } from '../db/property-db'
import { defaultPropertyScope, propertyScopeById } from './default-property'
import { stampedPropertyId } from './property-header'

const CONTEXT_KEY = 'propertyScope'

/** Scopes the request (once) and answers its property's scope (for property-db's statements). */
export async function requestScope(req: PayloadRequest): Promise<PropertyScope> {
  const known = req.context?.[CONTEXT_KEY] as PropertyScope | undefined
  if (known) return known
  const stamped = req.headers ? stampedPropertyId(req.headers, req.payload.secret) : null
  const byDefault = await defaultPropertyScope(req.payload)
  const scope = !stamped || stamped === byDefault.id ? byDefault : ((await propertyScopeById(req.payload, stamped)) ?? byDefault)
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
