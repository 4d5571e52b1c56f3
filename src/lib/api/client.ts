// The API client of spec §7: every call sends cookies; a JSON body (with a JSON content
// type) only when there is one; any non-OK answer becomes an Error "status: text".
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

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
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
