// Sign-in API (spec §7): registration policy, login, current user, logout, lockout,
// and refusals that change nothing.
import type { Payload } from 'payload'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PASSWORD, Session } from '../helpers/api'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload

const userCount = async () => (await payload.count({ collection: 'users', overrideAccess: true })).totalDocs

beforeAll(async () => {
  payload = await testPayload()
})

beforeEach(async () => {
  await resetDatabase(payload)
})

describe('registration', () => {
  it('lets anyone create the first account, signs them in, and then closes', async () => {
    const visitor = new Session()
    expect((await visitor.json('GET', '/api/register')).body).toEqual({ registrationOpen: true })

    const first = await visitor.json('POST', '/api/register', { body: { username: 'Manager', password: PASSWORD } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ username: 'manager' })
    expect(visitor.cookie).toMatch(/^payload-token=/)
    expect((await visitor.json('GET', '/api/user')).body).toMatchObject({ username: 'manager' })

    const stranger = new Session()
    expect((await stranger.json('GET', '/api/register')).body).toEqual({ registrationOpen: false })
    const refused = await stranger.json('POST', '/api/register', { body: { username: 'intruder', password: PASSWORD } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Registration is closed: ask the property manager to create an account for you.')
    expect(await userCount()).toBe(1)
  })

  it('gives the first account to one of two strangers registering at the same moment, and refuses the other', async () => {
    const attempts = await Promise.all(
      ['first-a', 'first-b', 'first-c'].map((username) =>
        new Session().json('POST', '/api/register', { body: { username, password: PASSWORD } }),
      ),
    )
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 403, 403])
    for (const refused of attempts.filter((attempt) => attempt.status === 403)) {
      expect(refused.body.message).toBe('Registration is closed: ask the property manager to create an account for you.')
    }
    const { docs } = await payload.find({ collection: 'users', overrideAccess: true })
    expect(docs.map((user) => user.role)).toEqual(['platform-admin'])
  })

  it("gives the first account to one stranger only through Payload's REST as well", async () => {
    const attempts = await Promise.all(
      ['rest-a', 'rest-b', 'rest-c'].map((username) =>
        new Session().json('POST', '/api/users', { body: { username, password: PASSWORD } }),
      ),
    )
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 403, 403])
    const { docs } = await payload.find({ collection: 'users', overrideAccess: true })
    expect(docs.map((user) => user.role)).toEqual(['platform-admin'])
  })

  it('lets a signed-in admin add an account without switching sessions', async () => {
    const admin = new Session()
    await admin.json('POST', '/api/register', { body: { username: 'manager', password: PASSWORD } })
    const cookie = admin.cookie
    const added = await admin.json('POST', '/api/register', { body: { username: 'editor', password: PASSWORD } })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ username: 'editor' })
    expect(admin.cookie).toBe(cookie)
    expect((await admin.json('GET', '/api/user')).body).toMatchObject({ username: 'manager' })

    const duplicate = await admin.json('POST', '/api/register', { body: { username: 'Editor', password: PASSWORD } })
    expect(duplicate.status).toBe(409)
    expect(await userCount()).toBe(2)
  })

  it.each([
    ['a short password', { username: 'manager', password: 'short' }, 'password'],
    ['a missing username', { password: PASSWORD }, 'username'],
    ['a username with spaces', { username: 'the manager', password: PASSWORD }, 'username'],
    ['a number as password', { username: 'manager', password: 123456789012345 }, 'password'],
  ])('refuses %s with 400 and creates nothing', async (_label, body, path) => {
    const response = await new Session().json('POST', '/api/register', { body })
    expect(response.status).toBe(400)
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    expect(await userCount()).toBe(0)
  })

  it('slows down a client that keeps trying (429) without creating anything', async () => {
    const client = new Session()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await client.json('POST', '/api/register', { body: { username: 'x', password: 'short' } })).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
    expect(await userCount()).toBe(0)
  })

  it('refuses malformed JSON with 400', async () => {
    const response = await new Session().json('POST', '/api/register', { rawBody: '{"username":' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('The request body is not valid JSON.')
    expect(await userCount()).toBe(0)
  })
})

describe('login, current user and logout', () => {
  beforeEach(async () => {
    await new Session().json('POST', '/api/register', { body: { username: 'manager', password: PASSWORD } })
  })

  it('answers 401 for the current user of an anonymous visitor', async () => {
    const response = await new Session().json('GET', '/api/user')
    expect(response.status).toBe(401)
  })

  it('signs in with username and password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const session = new Session()
    const response = await session.request('POST', '/api/login', { body: { username: 'manager', password: PASSWORD } })
    expect(response.status).toBe(200)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^payload-token=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const user = await response.json()
    expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'id', 'username'])
    expect(JSON.stringify(user)).not.toMatch(/hash|salt|password|session/i)
  })

  it('refuses wrong credentials with 401 and a message', async () => {
    const wrong = await new Session().json('POST', '/api/login', { body: { username: 'manager', password: 'not the password' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('The username or password is incorrect.')
    const unknown = await new Session().json('POST', '/api/login', { body: { username: 'nobody', password: PASSWORD } })
    expect(unknown.status).toBe(401)
  })

  it('logs a wrong password and a client slowed down at info, with their messages only, not as errors', async () => {
    const logged = { error: [] as unknown[], info: [] as unknown[] }
    const error = vi.spyOn(payload.logger, 'error').mockImplementation((entry: unknown) => void logged.error.push(entry))
    const info = vi.spyOn(payload.logger, 'info').mockImplementation((entry: unknown) => void logged.info.push(entry))
    const client = new Session()
    const statuses: number[] = []
    try {
      const wrong = { username: 'manager', password: 'not the password' }
      statuses.push((await client.json('POST', '/api/login', { body: wrong })).status)
      // Payload's own sign-in route, which logs what it refuses itself.
      statuses.push((await client.json('POST', '/api/users/login', { body: wrong })).status)
      // An unknown account is never locked: only the per-address limit (30 a minute) stops these.
      for (let attempt = 0; attempt < 40 && statuses.at(-1) !== 429; attempt++) {
        statuses.push(
          (await client.json('POST', '/api/users/login', { body: { username: 'nobody', password: PASSWORD } })).status,
        )
      }
    } finally {
      error.mockRestore()
      info.mockRestore()
    }
    expect(statuses.slice(0, 2)).toEqual([401, 401])
    expect(statuses.at(-1)).toBe(429)
    expect(logged.error).toEqual([])
    expect(logged.info).toEqual(
      expect.arrayContaining([
        { msg: 'The username or password provided is incorrect.' },
        { msg: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) },
      ]),
    )
  })

  it.each([
    ['an empty body', undefined, undefined],
    ['malformed JSON', undefined, '{oops'],
    ['a missing password', { username: 'manager' }, undefined],
    ['an array', [], undefined],
  ])('refuses %s with 400', async (_label, body, rawBody) => {
    const response = await new Session().json('POST', '/api/login', { body, rawBody })
    expect(response.status).toBe(400)
    expect(typeof response.body.message).toBe('string')
  })

  it('logout ends the server-side session: the old cookie no longer works', async () => {
    const session = new Session()
    await session.json('POST', '/api/login', { body: { username: 'manager', password: PASSWORD } })
    const stolen = new Session()
    stolen.cookie = session.cookie
    expect((await stolen.json('GET', '/api/user')).status).toBe(200)

    const logout = await session.request('POST', '/api/logout')
    expect(logout.status).toBe(200)
    expect(logout.headers.get('set-cookie')).toMatch(/payload-token=;/)
    expect((await stolen.json('GET', '/api/user')).status).toBe(401)
  })

  it('ignores the session cookie on requests from a foreign origin', async () => {
    const session = new Session()
    await session.json('POST', '/api/login', { body: { username: 'manager', password: PASSWORD } })
    const foreign = await session.json('GET', '/api/user', { headers: { Origin: 'https://evil.example' } })
    expect(foreign.status).toBe(401)
  })

  it('locks the account for 10 minutes after 5 failed attempts', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await new Session().json('POST', '/api/login', {
        body: { username: 'manager', password: `wrong ${attempt}` },
      })
      expect(response.status).toBe(401)
    }
    const locked = await new Session().json('POST', '/api/login', { body: { username: 'manager', password: PASSWORD } })
    expect(locked.status).toBe(423)
    expect(locked.body.message).toMatch(/locked/)
    const [user] = (await payload.find({ collection: 'users', overrideAccess: true, showHiddenFields: true })).docs as Array<{
      lockUntil?: string
    }>
    const lockedForMs = new Date(user.lockUntil ?? 0).getTime() - Date.now()
    expect(lockedForMs).toBeGreaterThan(9 * 60_000)
    expect(lockedForMs).toBeLessThanOrEqual(10 * 60_000)
  })
})
