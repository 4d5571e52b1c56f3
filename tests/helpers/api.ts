// Calls the app as the browser would, through the path production takes: the proxy, then the
// route handler (Payload's REST handling: routing, auth strategies, CSRF origin check, cookies),
// in this process (next-app.ts). Each session is its own peer: Next's server puts the socket's
// address in X-Forwarded-For, and this helper puts the session's there (rate limits are per address).
import { appendPeer } from '../../src/server/http/forwarded'
import { appFetcher } from './next-app'

const appFetch = appFetcher()

export const ORIGIN = 'http://localhost:3000'

let clients = 0

/** One browser: its own cookie and its own client address (rate limits are per address). */
export class Session {
  cookie: string | null = null
  readonly address = `10.0.${Math.floor(++clients / 250)}.${clients % 250}`

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers({ Origin: ORIGIN, Host: new URL(ORIGIN).host, ...options.headers })
    headers.set('X-Forwarded-For', appendPeer(headers.get('X-Forwarded-For') ?? undefined, this.address)!)
    if (this.cookie) headers.set('Cookie', this.cookie)
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    const response = await appFetch(new Request(`${ORIGIN}${path}`, { method, headers, body }))
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) {
      const [pair] = setCookie.split(';')
      this.cookie = /Expires=Thu, 01 Jan 1970/i.test(setCookie) || pair.endsWith('=') ? null : pair
    }
    return response
  }

  async json<T = any>(method: string, path: string, options?: Parameters<Session['request']>[2]) {
    const response = await this.request(method, path, options)
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T }
  }
}

export const PASSWORD = 'a long enough password'

export async function signedInAdmin(username = 'manager'): Promise<Session> {
  const session = new Session()
  const registered = await session.json('POST', '/api/register', { body: { username, password: PASSWORD } })
  if (registered.status !== 201) {
    const login = await session.json('POST', '/api/login', { body: { username, password: PASSWORD } })
    if (login.status !== 200) throw new Error(`Could not sign in ${username}: ${JSON.stringify(login.body)}`)
  }
  return session
}
