// Sign-in API of spec §7: GET /api/user, POST /api/login, POST /api/register, POST /api/logout.
import { loginSchema, registerSchema } from '../src/lib/schemas/auth'
import { signIn, register, signOut } from '../src/server/auth/sessions'
import { actorOf } from '../src/server/auth/access'
import { mapCurrentUser, mapUser } from '../src/server/auth/map-user'
import { registrationOpen } from '../src/server/auth/registration'
import { accountProperties } from '../src/server/properties/account-properties'
import { scopeRequest } from '../src/server/properties/request-property'
import { endpoint, parseBody } from '../src/server/http/endpoint'
import { unauthorized } from '../src/server/http/errors'
import { limitRegistration, limitSignIn } from '../src/server/auth/sign-in-limits'

const withCookie = (body: unknown, cookie: string | null, status = 200) =>
  Response.json(body, { status, headers: cookie ? { 'Set-Cookie': cookie } : undefined })

export const authEndpoints = [
  endpoint('get', '/user', 'public', async (req) => {
    if (!req.user) throw unauthorized('Not signed in.')
    // The request's property (scoped by the plumbing) is the one the answer's permissions are for.
    const { property, properties } = await accountProperties(req.payload, actorOf(req.user), await scopeRequest(req))
    return Response.json(mapCurrentUser(req.user, property, properties), { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('post', '/login', 'public', async (req) => {
    limitSignIn(req)
    const credentials = await parseBody(req, loginSchema)
    const { user, cookie } = await signIn(req, credentials)
    return withCookie(mapUser(user), cookie)
  }),

  endpoint('get', '/register', 'public', async (req) => {
    return Response.json({ registrationOpen: await registrationOpen(req) }, { headers: { 'Cache-Control': 'no-store' } })
  }),

  endpoint('post', '/register', 'public', async (req) => {
    limitRegistration(req)
    const input = await parseBody(req, registerSchema)
    const { user, cookie } = await register(req, input)
    return withCookie(mapUser(user), cookie, 201)
  }),

  endpoint('post', '/logout', 'public', async (req) => {
    const cookie = await signOut(req)
    return withCookie({ message: 'Logged out' }, cookie)
  }),
]
