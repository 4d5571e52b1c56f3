// Calls the HTTP API through Payload's own request handling (routing, auth strategies,
// CSRF origin check, cookies) without a Next server, as the browser would.
import { getPayload, handleEndpoints } from 'payload'
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof } from '../../src/server/http/client-address'
import { testConfig as config } from './test-config'

// These calls skip the host server, so the helper stamps each session's address, with its
// proof, as the host server would (rate limits are per address; a real server takes it from the socket).

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
    const { secret } = await getPayload({ config })
    const headers = new Headers({
      Origin: ORIGIN,
      [CLIENT_ADDRESS_HEADER]: this.address,
      [CLIENT_ADDRESS_PROOF_HEADER]: clientAddressProof(this.address, secret),
      ...options.headers,
    })
    if (this.cookie) headers.set('Cookie', this.cookie)
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    const response = await handleEndpoints({ config, request: new Request(`${ORIGIN}${path}`, { method, headers, body }) })
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
