// The access rules (./access.ts) applied to a request and its property: who asks, refusals as HTTP errors
// (401 for nobody, 403 naming what the account may not do), and which prepared answer a
// caller gets.
import type { PayloadRequest } from 'payload'
import { forbidden, unauthorized } from '../http/errors'
import { requestPropertyId } from '../properties/request-property'
import { actorOf, may, refusalMessage, type Action, type Actor } from './access'

export const actorOfRequest = (req: PayloadRequest): Actor => actorOf(req.user)

/** Whether the caller may take the action in the request's property (src/server/properties/request-property.ts). */
export const requestMay = (req: PayloadRequest, action: Action): boolean =>
  may(actorOfRequest(req), action, requestPropertyId(req))

/** 401 when nobody is signed in, 403 when the account's role does not allow the action. */
export function requireMay(req: PayloadRequest, action: Action): void {
  if (!req.user) throw unauthorized()
  if (!requestMay(req, action)) throw forbidden(refusalMessage(action))
}

/** Prepared reads: the admin answer (hidden, pending and failed media too) for accounts that may see hidden media. */
export const audienceFor = (req: PayloadRequest): 'admin' | 'public' => (requestMay(req, 'view-hidden') ? 'admin' : 'public')
