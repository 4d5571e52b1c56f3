// Per-address limits on every path that takes a password or creates an account: the spec's
// /api/login and /api/register, and Payload's own auth routes (/api/users/login,
// /api/users/first-register, /api/users/forgot-password, /api/users/reset-password,
// /api/users/unlock), which reach the users collection's beforeOperation hook.
// One window per address is shared by all sign-in paths, so switching routes gains nothing.
import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'
import { rateLimiter } from '../http/rate-limit'

/** Sign-in attempts and registrations per client address and minute (DECISIONS.md, "Lockout"). */
export const SIGN_IN_LIMIT = { limit: 30, windowMs: 60_000 }
export const REGISTRATION_LIMIT = { limit: 10, windowMs: 60_000 }

const signInLimit = rateLimiter(SIGN_IN_LIMIT)
const registrationLimit = rateLimiter(REGISTRATION_LIMIT)

const COUNTED = 'signInLimitCounted'

/** Counts one attempt now (before the body is read) and marks the request as counted. */
export function limitSignIn(req: PayloadRequest): void {
  signInLimit(req)
  req.context[COUNTED] = true
}

export function limitRegistration(req: PayloadRequest): void {
  registrationLimit(req)
  req.context[COUNTED] = true
}

const SIGN_IN_OPERATIONS = new Set(['login', 'forgotPassword', 'resetPassword', 'unlock'])

/** The users collection's hook: Payload's own routes count towards the same windows. */
export const limitPayloadAuthRoutes: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (req.payloadAPI === 'local' || req.context[COUNTED]) return args
  if (SIGN_IN_OPERATIONS.has(operation)) limitSignIn(req)
  else if (operation === 'create' && !req.user) limitRegistration(req)
  return args
}
