// Who may see which media: an anonymous visitor (or an account that may not see hidden media)
// gets a query (not `true`), so Payload's REST, its file route and the Local API all exclude
// hidden and unprocessed media, and any other property's: a visitor sees the visible media of
// the property the request addresses (its `/p/{slug}` or domain; the default on bare paths).
// The visibility rule itself lives in src/server/media/visibility.ts, shared with the read
// model and object delivery. Accounts that may see hidden media see everything, and the
// multi-tenant plugin keeps them to their own properties.
import type { Access } from 'payload'
import { actorOf, may } from '../../src/server/auth/access'
import { PUBLIC_MEDIA_WHERE } from '../../src/server/media/visibility'
import { scopeRequest } from '../../src/server/properties/request-property'

export const adminOrVisible: Access = async ({ req }) =>
  may(actorOf(req.user), 'view-hidden') ? true : { and: [PUBLIC_MEDIA_WHERE, { property: { equals: await scopeRequest(req) } }] }

/** Sections: anyone reads them, a visitor those of the property the request addresses. */
export const sectionsOfRequest: Access = async ({ req }) =>
  req.user ? true : { property: { equals: await scopeRequest(req) } }
