// Sign-in, registration and sign-out over Payload's own auth operations, so that
// lockout, server-side sessions and cookies behave exactly as in Payload's admin.
import { AuthenticationError, LockedAuth, loginOperation, logoutOperation, type PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared'
import type { LoginInput, RegisterInput } from '../../lib/schemas/auth'
import { registrationRefusal } from './registration'
import { DEFAULT_ROLE } from '../../lib/roles'
import { HttpError, forbidden, unauthorized } from '../http/errors'
import { inTransaction } from '../db/transaction'
import { scopeRequest } from '../properties/request-property'

const USERS = 'users'

function usersCollection(req: PayloadRequest) {
  return req.payload.collections[USERS]
}

function sessionCookie(req: PayloadRequest, token: string) {
  return generatePayloadCookie({
    collectionAuthConfig: usersCollection(req).config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })
}

export function expiredSessionCookie(req: PayloadRequest) {
  return generateExpiredPayloadCookie({
    collectionAuthConfig: usersCollection(req).config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
  })
}

/** Checks the credentials (counting failures towards the lockout) and opens a session. */
export async function signIn(req: PayloadRequest, { username, password }: LoginInput) {
  try {
    const result = await loginOperation({ collection: usersCollection(req), data: { username, password }, req })
    if (!result.token || !result.user) throw unauthorized('Invalid credentials')
    return { user: result.user, cookie: sessionCookie(req, result.token) }
  } catch (error) {
    if (error instanceof LockedAuth) {
      throw new HttpError(423, 'This account is locked after too many failed sign-in attempts. Try again in 10 minutes.')
    }
    if (error instanceof AuthenticationError) throw unauthorized('The username or password is incorrect.')
    throw error
  }
}

/**
 * Creates an account. The first account may be created by anyone (and is the platform admin,
 * whatever role it names); after that only a platform admin may add one, with the role they
 * name (a property manager when they name none), and stays signed in as themselves.
 */
export async function register(req: PayloadRequest, input: RegisterInput) {
  const signedIn = Boolean(req.user)
  // The policy is checked in the transaction that creates the account (registration.ts orders
  // concurrent first registrations there), so its answer still holds when the row is written.
  const user = await inTransaction(req, async () => {
    const refusal = await registrationRefusal(req)
    if (refusal) throw forbidden(refusal)
    const existing = await req.payload.count({
      collection: USERS,
      where: { username: { equals: input.username.toLowerCase() } },
      overrideAccess: true,
      req,
    })
    if (existing.totalDocs > 0) throw new HttpError(409, 'That username is already taken.')
    const properties = input.properties ?? [await scopeRequest(req)]
    return req.payload.create({
      collection: USERS,
      data: {
        username: input.username,
        password: input.password,
        ...(input.email ? { email: input.email } : {}),
        // Kept only when a platform admin names it (field access); the first account's hook overrides it.
        role: input.role ?? DEFAULT_ROLE,
        // Only a platform admin assigns properties (the plugin's field access); a platform admin needs none.
        properties: properties.map((property) => ({ property })),
      },
      overrideAccess: false,
      user: req.user ?? undefined,
      req,
    })
  })
  if (signedIn) return { user, cookie: null }
  const session = await signIn(req, { username: input.username, password: input.password })
  return { user: session.user, cookie: session.cookie }
}

/** Ends the current server-side session; the cookie alone is no longer enough. */
export async function signOut(req: PayloadRequest) {
  if (req.user) await logoutOperation({ collection: usersCollection(req), req })
  return expiredSessionCookie(req)
}
