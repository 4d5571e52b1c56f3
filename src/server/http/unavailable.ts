// Outages: PostgreSQL or the object store not answering (stopped, restarting, unreachable).
// A request that needs one of them then answers 503 with a message and a Retry-After, not a
// 500 "something went wrong", so people and scripts know to try again shortly and nothing
// looks broken for good. The error is recognised wherever it was thrown (an endpoint, the
// object routes, Payload's REST handling through its afterError hook).
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { HttpError } from './errors'
import { carriesCredentials } from '../auth/request-user'

export type UnavailableService = 'database' | 'store'

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGES: Record<UnavailableService, string> = {
  database: 'The gallery cannot reach its database right now. Please try again in a moment.',
  store: 'The gallery cannot reach its file storage right now. Please try again in a moment.',
}

/** Network failures: the peer is down, restarting, unreachable or stopped answering. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's own codes for a server going away or not yet taking connections: class 08
 * (connection exception), 57P01–57P03 (admin/crash shutdown, cannot connect now).
 */
const isPostgresUnavailableCode = (code: string) => /^08\d{3}$/.test(code) || /^57P0[1-3]$/.test(code)

/** node-postgres's messages for a connection lost or never made (they carry no code). */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|cannot begin transaction: connect|\bconnect (ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b|read ECONNRESET|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)/i

/** The AWS SDK's marks on a call to the store: `$metadata` on every error it throws. */
const fromStore = (error: object) => '$metadata' in error

const STORE_UNAVAILABLE_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'ServiceUnavailable', 'SlowDown', 'InternalError'])

function ownVerdict(error: object): UnavailableService | null | undefined {
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (fromStore(error)) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'store'
    if (typeof name === 'string' && STORE_UNAVAILABLE_NAMES.has(name)) return 'store'
    // No answer at all (the connection failed), or the store said it is failing.
    if (status === undefined || status >= 500) return 'store'
    return null
  }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailableCode(code))) return 'database'
  if (typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message)) return 'database'
  return undefined
}

/**
 * Which service an error says is unavailable, or null when it is some other failure. Looks
 * through wrappers (`cause`, AggregateError's `errors`, drizzle's query errors), a few deep.
 */
export function unavailableService(error: unknown, depth = 0): UnavailableService | null {
  if (!error || typeof error !== 'object' || depth > 5) return null
  if (error instanceof ServiceUnavailableError) return error.service
  const verdict = ownVerdict(error)
  if (verdict !== undefined) return verdict
  const { cause, errors } = error as { cause?: unknown; errors?: unknown }
  const inner = unavailableService(cause, depth + 1)
  if (inner) return inner
  if (Array.isArray(errors)) {
    for (const each of errors) {
      const found = unavailableService(each, depth + 1)
      if (found) return found
    }
  }
  return null
}

/** Thrown where code knows a service is down; answered as a 503. */
export class ServiceUnavailableError extends HttpError {
  readonly service: UnavailableService
  constructor(service: UnavailableService, options?: { cause?: unknown }) {
    super(503, UNAVAILABLE_MESSAGES[service])
    this.service = service
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause
  }
}

export const unavailableHeaders = () => ({
  'Cache-Control': 'no-store',
  'Retry-After': String(RETRY_AFTER_SECONDS),
})

/** The 503 for an API caller: `{ message }` as every other error answer. */
export function unavailableJson(service: UnavailableService): Response {
  return Response.json({ message: UNAVAILABLE_MESSAGES[service] }, { status: 503, headers: unavailableHeaders() })
}

/**
 * The 503 for an error that says a service is out, or null for any other error: the page for a
 * person asking for one (`page`), else the JSON every API caller gets.
 */
export function unavailableAnswer(error: unknown, { page = false }: { page?: boolean } = {}): Response | null {
  const service = unavailableService(error)
  if (!service) return null
  if (!page) return unavailableJson(service)
  return new Response(unavailablePage(service), {
    status: 503,
    headers: { ...unavailableHeaders(), 'Content-Type': 'text/html; charset=utf-8' },
  })
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!)

/** The 503 for a person on a page: a small page of its own, no script, no outside resources. */
export function unavailablePage(service: UnavailableService): string {
  const message = escapeHtml(UNAVAILABLE_MESSAGES[service])
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily Unavailable</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}a{color:#2563eb}</style>
</head><body><main><h1>Temporarily Unavailable</h1><p>${message}</p><p><a href="">Try again</a></p></main></body></html>`
}

/**
 * Payload's afterError hook (its REST and admin API): a database or store outage answers 503
 * with our message instead of Payload's 500 "Something went wrong".
 */
export const unavailableAfterError = ({ error, req }: { error: Error; req: { responseHeaders?: Headers } }) => {
  const service = unavailableService(error)
  if (!service) return
  const headers = new Headers(req.responseHeaders)
  for (const [name, value] of Object.entries(unavailableHeaders())) headers.set(name, value)
  req.responseHeaders = headers
  const message = UNAVAILABLE_MESSAGES[service]
  return { status: 503, response: { message, errors: [{ message }] } }
}

/**
 * Payload's session check treats a database error as "no user", so during an outage a
 * signed-in manager's call would be refused with 401 as if signed out. When a call with
 * credentials is refused that way, one `SELECT 1` tells the two apart: the database's error
 * (answered 503) replaces the 401.
 */
export async function outageBehindRefusal(error: unknown, req: { payload: Payload; headers: Headers }): Promise<unknown> {
  if (!(error instanceof HttpError) || error.status !== 401) return error
  return (await databaseOutageBehindNoUser(req)) ?? error
}

/**
 * For a request that carries credentials but was found to have no user: the database's error
 * when that is because the database does not answer (one `SELECT 1`), else null.
 */
async function databaseOutageBehindNoUser(req: { payload: Payload; headers: Headers }): Promise<unknown> {
  if (!carriesCredentials(req.payload, req.headers)) return null
  try {
    await poolOf(req.payload).query('SELECT 1')
    return null
  } catch (probe) {
    return unavailableService(probe) ? probe : null
  }
}

/**
 * Payload's `GET /api/users/me` (the admin's "who am I") answers `{ user: null }` when the
 * session check failed, so during a database outage the admin would think it was signed out.
 * This afterMe hook answers the database's 503 instead, as every other call with a session does.
 */
export const outageBehindNoUser = async ({
  req,
  response,
}: {
  req: { payload: Payload; headers: Headers }
  response: unknown
}) => {
  if ((response as { user?: unknown } | null)?.user) return response
  const outage = await databaseOutageBehindNoUser(req)
  if (outage) throw new ServiceUnavailableError('database', { cause: outage })
  return response
}
