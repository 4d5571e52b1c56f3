// Share links (guests issue, item 2), of the property the request addresses:
//   POST   /api/share-links       { sectionId?, room?, mediaIds?, expiresAt?, includeHidden? } → 201 { id, url, expiresAt }
//   GET    /api/share-links       → the live links: [{ id, url, sectionId, room, mediaIds, includeHidden, expiresAt, createdAt, opens }]
//   DELETE /api/share-links/{id}  → 200 { id, revoked: true }; 404 for no such link of this property
// The guest's side is the proxy's gate and the share files' route (/s/{token}, media-public/object-routes.ts).
import type { PayloadRequest } from 'payload'
import { createShareLinkSchema, shareLinkExpiry, shareLinkParamsSchema } from '../src/lib/schemas/share-links'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { badRequest, notFound } from '../src/server/http/errors'
import { requestScope } from '../src/server/properties/request-property'
import { siteUrl } from '../src/server/properties/site-url'
import { createShareLink, liveShareLinks, revokeShareLink, type ShareLink } from '../src/server/share-links/share-links'

const NO_STORE = { 'Cache-Control': 'no-store' }

const answerOf = (req: PayloadRequest, { token, ...link }: ShareLink) => ({ ...link, url: siteUrl(req, `/s/${token}`) })

export const shareLinksEndpoints = [
  endpoint('post', '/share-links', 'share', async (req) => {
    const user = requireUser(req)
    const input = await parseBody(req, createShareLinkSchema)
    const expiry = shareLinkExpiry(input.expiresAt)
    if ('problem' in expiry) throw badRequest(expiry.problem)
    const link = await createShareLink(req.payload, await requestScope(req), { input, expiresAt: expiry.at, createdBy: String(user.id) })
    const { id, url, expiresAt } = answerOf(req, link)
    return Response.json({ id, url, expiresAt }, { status: 201, headers: NO_STORE })
  }),

  endpoint('get', '/share-links', 'share', async (req) => {
    const links = await liveShareLinks(req.payload, await requestScope(req))
    return Response.json(
      links.map((link) => answerOf(req, link)),
      { headers: NO_STORE },
    )
  }),

  endpoint('delete', '/share-links/:id', 'share', async (req) => {
    const { id } = parseParams(req, shareLinkParamsSchema)
    if (!(await revokeShareLink(req.payload, await requestScope(req), id))) throw notFound('There is no such share link.')
    return Response.json({ id, revoked: true }, { headers: NO_STORE })
  }),
]
