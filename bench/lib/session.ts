// A signed-in account of the app under a benchmark: registered as the first account (the
// platform admin), its session cookie sent with our origin on every call, as the admin's own calls are.

export type Session = { baseUrl: string; headers: Record<string, string> }

export async function signIn(baseUrl: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench-password-1234' }),
  })
  const body = await res.text()
  if (res.status !== 201) throw new Error(`POST /api/register answered ${res.status}: ${body.slice(0, 300)}`)
  const token = res.headers.getSetCookie().find((cookie) => cookie.startsWith('payload-token='))
  if (!token) throw new Error('POST /api/register set no payload-token cookie')
  return { baseUrl, headers: { cookie: token.split(';')[0], origin: baseUrl } }
}

export async function api<T>(session: Session, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(session.baseUrl + pathname, {
    method,
    headers: { ...session.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T }
}
