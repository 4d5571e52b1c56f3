// A record made without naming its property belongs to the property of the request that made
// it (src/server/properties/request-property.ts): an upload, a seeded section, a create in
// Payload's REST. The multi-tenant plugin then checks the account belongs to that property.
import type { CollectionBeforeValidateHook } from 'payload'
import { scopeRequest } from '../server/properties/request-property'

export const propertyOfRequest: CollectionBeforeValidateHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || !data || data.property) return data
  return { ...data, property: await scopeRequest(req) }
}
