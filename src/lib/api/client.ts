// The API client of spec §7: every call sends cookies; a JSON body (with a JSON content
// type) only when there is one; any non-OK answer becomes an Error "status: text".
// Paths are the installation's (`/api/…`); the screen that acts on a property other than the
// bare paths' one sets its base once (`/p/{slug}`), and every call is sent under it.
export class ApiError extends Error {
  readonly status: number
  readonly body: string
  constructor(status: number, body: string) {
    super(`${status}: ${body}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }

  /** The server's `message`, when the answer was our JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown }
      return typeof parsed.message === 'string' ? parsed.message : undefined
    } catch {
      return undefined
    }
  }
}

let base = ''

/** The prefix of every call from now on: '' (bare paths) or '/p/{slug}'. */
export function setApiBase(next: string): void {
  base = next
}

/** A path (`/api/…`) under the current base: for links and the uploader, which do not call fetch here. */
export const apiUrl = (path: string): string => `${base}${path}`

export const apiRequest = (method: string, url: string, body?: unknown): Promise<Response> => send(method, apiUrl(url), body)

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText)
  return response
}

/** The default data loading: GET and parse JSON. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url)
  return (await response.json()) as T
}

/** GET and parse JSON at the bare path, whatever the base: what the installation answers. */
export async function getBareJson<T>(url: string): Promise<T> {
  const response = await send('GET', url)
  return (await response.json()) as T
}
