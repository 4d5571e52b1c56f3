// Who may see which media. The one place the visibility rule lives: an anonymous
// visitor gets a query (not `true`), so Payload's REST, its file route and the
// Local API all exclude hidden and unprocessed media.
import type { Access, Where } from 'payload'

export const PUBLIC_MEDIA_WHERE: Where = {
  and: [{ isHidden: { equals: false } }, { status: { equals: 'ready' } }],
}

export const adminOrVisible: Access = ({ req }) => (req.user ? true : PUBLIC_MEDIA_WHERE)
