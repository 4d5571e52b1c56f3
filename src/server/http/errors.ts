// Errors an endpoint answers with: a status and a message a person can act on.
import { APIError } from 'payload'
import type { z } from 'zod'

export type Issue = { path: string; message: string }

export class HttpError extends Error {
  readonly status: number
  readonly issues?: Issue[]
  constructor(status: number, message: string, issues?: Issue[]) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.issues = issues
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new HttpError(400, message, issues)
export const unauthorized = (message = 'You must be signed in to do this.') => new HttpError(401, message)
export const forbidden = (message: string) => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)

export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

export const REFUSED_REQUEST = 'RefusedRequest'

/**
 * A request one of Payload's hooks refuses: a client's mistake (4xx). Payload answers it with this
 * status and message, and logs it at info, as it does its own NotFound or ValidationError: the
 * plugin's `loggingLevels` name this class (src/plugin/index.ts). A plain APIError is logged as
 * an error with its stack, whatever its status.
 */
export class RefusedRequest extends APIError {
  constructor(message: string, status: 400 | 403 | 409 | 415 | 429) {
    super(message, status, null, true)
    // Set here, not taken from the constructor (APIError's way): the name is what loggingLevels match.
    this.name = REFUSED_REQUEST
  }
}
