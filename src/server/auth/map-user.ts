// What the API says about a user: never the password, hash, salt, sessions or lock state.
import type { User } from '../../lib/api/types'

type UserRecord = { id: string | number; username?: string | null; email?: string | null; createdAt?: string | null }

export function mapUser(user: UserRecord): User {
  return {
    id: String(user.id),
    username: user.username ?? '',
    email: user.email ?? null,
    createdAt: user.createdAt ?? undefined,
  }
}
