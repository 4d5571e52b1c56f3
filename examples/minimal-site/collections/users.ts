// The site's accounts. The gallery merges its role, its accounts rules and its sign-in settings
// (username, sessions, lockout) into this collection; `displayName` is the site's own field.
import type { CollectionConfig } from 'payload'

export const Users: CollectionConfig = {
  slug: 'users',
  auth: true,
  admin: { useAsTitle: 'username' },
  fields: [{ name: 'displayName', type: 'text' }],
}
