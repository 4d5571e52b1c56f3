// The Properties overview's entry in Payload's navigation, for platform admins only.
import type { ServerProps } from 'payload'
import { actorOf, may } from '../../../src/server/auth/access'

export function PropertiesNavLink({ user }: ServerProps) {
  if (!may(actorOf(user), 'manage-properties')) return null
  return (
    <a className="nav__link" href="/admin/properties-overview">
      <span className="nav__link-label">Properties overview</span>
    </a>
  )
}
