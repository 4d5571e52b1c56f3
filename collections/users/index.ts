// The property manager's accounts (spec §3 User). Login by username; server-side
// sessions so logout and expiry really end a session; lockout after repeated failures.
import type { CollectionConfig } from 'payload'
import { authenticated } from '../../src/access/authenticated'
import { LOCK_TIME_MS, MAX_LOGIN_ATTEMPTS } from '../../src/lib/constants'
import { limitPayloadAuthRoutes } from '../../src/server/auth/sign-in-limits'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { isSecureDeployment } from '../../src/server/env'
import { outageBehindNoUser } from '../../src/server/http/unavailable'
import { firstUserOrAuthenticated } from './access'
import { enforcePasswordPolicy } from './hooks/enforce-password-policy'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'username', group: 'Administration' },
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
    read: authenticated,
    create: firstUserOrAuthenticated,
    update: authenticated,
    delete: authenticated,
    admin: ({ req }) => Boolean(req.user),
  },
  hooks: {
    beforeOperation: [limitPayloadAuthRoutes, strictQuery, strictWrite],
    beforeValidate: [enforcePasswordPolicy],
    // GET /api/users/me during a database outage: 503, not `{ user: null }` ("signed out").
    afterMe: [outageBehindNoUser],
  },
  fields: [],
}
