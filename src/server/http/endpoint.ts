// Shared plumbing for our API endpoints: authorise → parse (zod) → call a service → answer.
// Every endpoint names the action it needs (src/server/auth/access.ts), or 'public'; the
// plumbing scopes the request to its property and refuses before the handler runs: 401 for
// nobody, 403 for an account whose role or properties do not allow it.
// Every failure becomes a JSON answer { message, issues? } with a 4xx status; only a
// genuine server fault answers 500, and never with a stack trace.
import type { Endpoint, PayloadHandler, PayloadRequest } from 'payload'
import type { z } from 'zod'
import type { Action } from '../auth/access'
import { requireMay } from '../auth/request-access'
import { scopeRequest } from '../properties/request-property'
import { cachedJson } from './cached-json'
import { HttpError, badRequest, issuesOf, unauthorized } from './errors'
import type { PreparedRead } from './prepared-answer'
import { outageBehindRefusal, unavailableJson, unavailableService } from './unavailable'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** What a route needs: an action of the access rules, or nothing ('public': the public reads and sign-in). */
export type EndpointAction = Action | 'public'

export function endpoint(
  method: Method,
  path: string,
  action: EndpointAction,
  handler: (req: PayloadRequest) => Promise<Response>,
): Endpoint {
  const wrapped: PayloadHandler = async (req) => {
    try {
      // The property first: what the caller may do is asked of it.
      await scopeRequest(req)
      if (action !== 'public') requireMay(req, action)
      return await handler(req)
    } catch (error) {
      return errorResponse(await outageBehindRefusal(error, req), req)
    }
  }
  return { method, path, handler: wrapped, custom: { action } }
}

/** Payload endpoints for prepared reads (GET), answered as Web Responses; public, with an answer per audience. */
export function preparedEndpoints(reads: PreparedRead[]): Endpoint[] {
  return reads.map((read) => endpoint('get', read.path, 'public', async (req) => cachedJson(req, await read.answer(req))))
}

export function errorResponse(error: unknown, req?: PayloadRequest): Response {
  // The database or the store is down: 503, try again shortly (nothing the caller did wrong).
  const unavailable = unavailableService(error)
  if (unavailable) {
    req?.payload.logger.warn(`${req.method} ${req.url}: the ${unavailable} is unavailable (${(error as Error)?.message})`)
    return unavailableJson(unavailable)
  }
  if (error instanceof HttpError) {
    return Response.json(error.issues ? { message: error.message, issues: error.issues } : { message: error.message }, {
      status: error.status,
    })
  }
  // Payload's own errors (ValidationError, Forbidden, NotFound, ...) carry a client status.
  const status = (error as { status?: unknown })?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const data = (error as { data?: { errors?: Array<{ message: string; path?: string }> } }).data
    const issues = data?.errors?.map((issue) => ({ path: issue.path ?? '', message: issue.message }))
    const message = issues?.length ? issues.map((issue) => issue.message).join(' ') : (error as Error).message
    return Response.json(issues?.length ? { message, issues } : { message }, { status })
  }
  req?.payload.logger.error({ err: error, msg: `Unhandled error in ${req.method} ${req.url}` })
  return Response.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 })
}

export function requireUser(req: PayloadRequest) {
  if (!req.user) throw unauthorized()
  return req.user
}

/**
 * A JSON body, refused unless it says it is JSON: a cross-site form or `fetch` without a
 * preflight can only send text/plain, urlencoded or multipart bodies.
 */
export async function parseBody<S extends z.ZodType>(req: PayloadRequest, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {}
  const text = typeof req.text === 'function' ? await req.text() : ''
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (text.length && type !== 'application/json') {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).')
  }
  if (text.trim()) {
    try {
      raw = JSON.parse(text)
    } catch {
      throw badRequest('The request body is not valid JSON.')
    }
  }
  return parseWith(schema, raw, 'The request body is invalid.')
}

export function parseQuery<S extends z.ZodType>(req: PayloadRequest, schema: S): z.infer<S> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.search.toLowerCase().includes('%00')) throw badRequest('The query string contains a NUL character.')
  return parseWith(schema, Object.fromEntries(url.searchParams), 'The query string is invalid.')
}

export function parseParams<S extends z.ZodType>(req: PayloadRequest, schema: S): z.infer<S> {
  if (Object.values(req.routeParams ?? {}).some((value) => String(value).includes('\u0000'))) {
    throw badRequest('The address contains a NUL character.')
  }
  return parseWith(schema, req.routeParams ?? {}, 'The address is invalid.')
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, message: string): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(message, issuesOf(parsed.error))
  return parsed.data
}
