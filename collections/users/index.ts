// The accounts (spec §3 User). Login by username; server-side sessions so logout and expiry
// really end a session; lockout after repeated failures. Each account has a role
// (src/lib/roles.ts): only platform admins give or change one.
import type { CollectionConfig } from 'payload'
import { allowedTo, writableWith } from '../../src/access/may'
import { DEFAULT_ROLE, ROLES, ROLE_LABELS } from '../../src/lib/roles'
import { LOCK_TIME_MS, MAX_LOGIN_ATTEMPTS } from '../../src/lib/constants'
import { limitPayloadAuthRoutes } from '../../src/server/auth/sign-in-limits'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { isSecureDeployment } from '../../src/server/env'
import { outageBehindNoUser } from '../../src/server/http/unavailable'
import { actorOf, may } from '../../src/server/auth/access'
import { firstUserOrPlatformAdmin, selfOrEveryAccount } from './access'
import { firstAccountPlatformAdmin } from './hooks/first-account-platform-admin'
import { enforcePasswordPolicy } from './hooks/enforce-password-policy'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'username',
    group: 'Administration',
    // Accounts are a platform admin's business: the others reach their own at /admin/account.
    hidden: ({ user }) => !may(actorOf(user), 'manage-accounts'),
  },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    useSessions: true,
    maxLoginAttempts: MAX_LOGIN_ATTEMPTS,
    lockTime: LOCK_TIME_MS,
    tokenExpiration: 7 * 24 * 60 * 60,
    removeTokenFromResponses: true,
    cookies: { sameSite: 'Lax', secure: isSecureDeployment() },
  },
  access: {
    read: selfOrEveryAccount,
    create: firstUserOrPlatformAdmin,
    update: selfOrEveryAccount,
    delete: allowedTo('manage-accounts'),
    admin: ({ req }) => Boolean(req.user),
  },
  hooks: {
    beforeOperation: [limitPayloadAuthRoutes, strictQuery, strictWrite],
    beforeValidate: [enforcePasswordPolicy],
    beforeChange: [firstAccountPlatformAdmin],
    // GET /api/users/me during a database outage: 503, not `{ user: null }` ("signed out").
    afterMe: [outageBehindNoUser],
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: DEFAULT_ROLE,
      options: ROLES.map((value) => ({ label: ROLE_LABELS[value], value })),
      ...writableWith('manage-accounts'),
      admin: {
        position: 'sidebar',
        description:
          'Platform admin: everything, accounts too. Property manager: all the gallery work. Content editor: descriptions, tags, notes and rooms.',
      },
    },
  ],
}
