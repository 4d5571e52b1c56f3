// Who may see and change accounts: everyone their own; platform admins (`manage-accounts`)
// every account. Creating one follows the registration policy (src/server/auth/registration.ts).
import type { Access } from 'payload'
import { actorOf, may } from '../../src/server/auth/access'
import { registrationOpen } from '../../src/server/auth/registration'

export const firstUserOrPlatformAdmin: Access = ({ req }) => registrationOpen(req)

export const selfOrEveryAccount: Access = ({ req }) => {
  if (!req.user) return false
  if (may(actorOf(req.user), 'manage-accounts')) return true
  return { id: { equals: req.user.id } }
}
