// Errors an endpoint answers with: a status and a message a person can act on.
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
