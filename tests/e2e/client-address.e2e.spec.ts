// The client's address on the production server (Next's own, `next start`): Next keeps an
// X-Forwarded-For a client sent, and the gallery's hook on the process's requests appends the
// socket's address to it (src/server/http/server-requests.ts), so a client that names a new
// address on every attempt still has one sign-in window. Each client here connects from a
// loopback address of its own, so the other tests' sign-ins (from 127.0.0.1) share no window.
import { expect, test } from '@playwright/test'
import { Agent, fetch } from 'undici'

const signInFrom = (baseURL: string, agent: Agent, forwardedFor: string) =>
  fetch(`${baseURL}/api/login`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', origin: baseURL, 'x-forwarded-for': forwardedFor, 'x-real-ip': forwardedFor },
    body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
  })

test('a forged X-Forwarded-For does not reset the sign-in limit; another address has its own window', async ({ baseURL }) => {
  const forger = new Agent({ localAddress: '127.5.0.1' })
  const neighbour = new Agent({ localAddress: '127.5.0.2' })
  try {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await signInFrom(baseURL!, forger, `198.51.100.${attempt}`)).status)
    expect(statuses).toEqual([...Array(30).fill(401), 429])

    const refused = await signInFrom(baseURL!, forger, '198.51.100.200')
    expect(refused.status).toBe(429)
    expect(await refused.text()).toMatch(/"Too many attempts\. Try again in \d+ seconds\."/)
    expect((await signInFrom(baseURL!, neighbour, '198.51.100.0')).status).toBe(401)
  } finally {
    await Promise.all([forger.close(), neighbour.close()])
  }
})
