// A browser-like client of the app over HTTP (tests/helpers/host.ts): its own cookie,
// the app's Origin by default, JSON bodies with their content type unless told otherwise.
import { Agent, fetch as fetchFrom } from 'undici'
import { ORIGIN, PASSWORD } from './api'

export type CallOptions = {
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
  origin?: string | null
  cookie?: string | null
}

let clients = 0

export class HttpClient {
  cookie: string | null = null
  /**
   * Sent as X-Forwarded-For: it counts only behind a host started with a trusted proxy
   * (startTestHost(payload, { trustProxy: 'loopback' })), where each client has its own window.
   */
  address = `10.13.${Math.floor(++clients / 250)}.${clients % 250}`
  private readonly agent?: Agent

  /**
   * `from`: the loopback address the client connects from (127.x.y.z), which a host trusting no
   * proxy takes for the client's: a client with a window of its own, whoever called before it
   * in this process.
   */
  constructor(
    readonly base: string,
    { from }: { from?: string } = {},
  ) {
    if (from) this.agent = new Agent({ localAddress: from })
  }

  async call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address }
    const origin = options.origin === undefined ? ORIGIN : options.origin
    if (origin) headers.origin = origin
    const cookie = options.cookie === undefined ? this.cookie : options.cookie
    if (cookie) headers.cookie = cookie
    let body = options.body
    if (options.json !== undefined) {
      body = JSON.stringify(options.json)
      headers['content-type'] = 'application/json'
    }
    Object.assign(headers, options.headers)
    const url = `${this.base}${path}`
    const response = this.agent
      ? ((await fetchFrom(url, { method, headers, body: body as string, redirect: 'manual', dispatcher: this.agent })) as unknown as Response)
      : await fetch(url, { method, headers, body, redirect: 'manual' })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie && options.cookie === undefined) {
      const [pair] = setCookie.split(';')
      this.cookie = /Expires=Thu, 01 Jan 1970/i.test(setCookie) || pair.endsWith('=') ? null : pair
    }
    const text = await response.text()
    let parsed: any = null
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    return { status: response.status, headers: response.headers, text, body: parsed }
  }
}

/** Registers (first account) or signs in the manager over HTTP. */
export async function managerClient(base: string, username = 'manager') {
  const client = new HttpClient(base)
  const registered = await client.call('POST', '/api/register', { json: { username, password: PASSWORD } })
  if (registered.status !== 201) {
    const login = await client.call('POST', '/api/login', { json: { username, password: PASSWORD } })
    if (login.status !== 200) throw new Error(`Could not sign in ${username}: ${login.text}`)
  }
  return client
}
