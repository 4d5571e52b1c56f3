// Who may read runs over Payload's REST: the kinds an account may start (RUN_KIND_ACTIONS), as
// a query, so a role with some of them would see only those; none, nothing.
import type { Access } from 'payload'
import { RUN_KINDS } from '../../src/lib/schemas/runs'
import { actorOf, may, RUN_KIND_ACTIONS } from '../../src/server/auth/access'

export const runsItMayStart: Access = ({ req }) => {
  const actor = actorOf(req.user)
  const kinds = RUN_KINDS.filter((kind) => may(actor, RUN_KIND_ACTIONS[kind]))
  if (kinds.length === RUN_KINDS.length) return true
  return kinds.length ? { kind: { in: kinds } } : false
}
