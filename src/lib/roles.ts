// The roles of an account and the actions they are checked against (docs/properties-design.md
// §3): names only, shared by the server, the client's types and the forms. Who may do what is
// decided in one place on the server (src/server/auth/access.ts).

export const ROLES = ['platform-admin', 'property-manager', 'content-editor'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  'platform-admin': 'Platform admin',
  'property-manager': 'Property manager',
  'content-editor': 'Content editor',
}

/**
 * A new account's role when whoever creates it names none: the spec's one role, the property
 * manager who manages the gallery (spec §6). The first account is a platform admin whatever
 * it asks (collections/users/hooks/first-account-platform-admin.ts).
 */
export const DEFAULT_ROLE: Role = 'property-manager'

export const ACTIONS = [
  'view-hidden',
  'edit-metadata',
  'edit-room',
  'place',
  'reorder',
  'upload',
  'delete',
  'analyze',
  'scan',
  'backup',
  'restore',
  'share',
  'export',
  'edit-photo',
  'edit-settings',
  'manage-accounts',
  'manage-properties',
] as const
export type Action = (typeof ACTIONS)[number]

/** What an account may do, action by action (GET /api/user's `permissions`). */
export type Permissions = Record<Action, boolean>
