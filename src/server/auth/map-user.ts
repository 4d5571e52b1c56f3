// What the API says about a user: never the password, hash, salt, sessions or lock state.
// Sign-in and registration answer the User shape; GET /api/user adds the account's role and
// what it may do in the property it acts on and the properties it may act on, so screens render
// from the server's rules instead of guessing them.
import type { CurrentUser, PropertyRef, User } from '../../lib/api/types'
import { actorOf, permissionsFor } from './access'

type UserRecord = {
  id: string | number
  username?: string | null
  email?: string | null
  createdAt?: string | null
  role?: unknown
  properties?: unknown
}

export function mapUser(user: UserRecord): User {
  return {
    id: String(user.id),
    username: user.username ?? '',
    email: user.email ?? null,
    createdAt: user.createdAt ?? undefined,
  }
}

export function mapCurrentUser(user: UserRecord, property: PropertyRef, properties: PropertyRef[]): CurrentUser {
  const actor = actorOf(user)
  return { ...mapUser(user), role: actor?.role ?? null, permissions: permissionsFor(actor, property.id), property, properties }
}
