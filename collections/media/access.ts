// Who may see which media: an anonymous visitor gets a query (not `true`), so Payload's REST,
// its file route and the Local API all exclude hidden and unprocessed media. The rule itself
// lives in src/server/media/visibility.ts, shared with the read model and object delivery.
// Accounts that may see hidden media (every role today) see everything.
import type { Access } from 'payload'
import { actorOf, may } from '../../src/server/auth/access'
import { PUBLIC_MEDIA_WHERE } from '../../src/server/media/visibility'

export const adminOrVisible: Access = ({ req }) => (may(actorOf(req.user), 'view-hidden') ? true : PUBLIC_MEDIA_WHERE)
