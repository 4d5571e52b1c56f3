// Payload access built on the one access module (src/server/auth/access.ts): collection and
// field access that ask `may`, and a field guard that answers a REST write changing a field the
// account may not change with 403 and a plain message, where Payload itself would drop the
// value without a word.
import {
  APIError,
  type Access,
  type CollectionBeforeOperationHook,
  type FieldAccess,
  type FieldHook,
} from 'payload'
import { refusalMessage, type Action } from '../server/auth/access'
import { requestMay } from '../server/auth/request-access'

/** Collection access: the account may take the action. */
export const allowedTo =
  (action: Action): Access =>
  ({ req }) =>
    requestMay(req, action)

/** Collection access: the account may take at least one of the actions (an update that changes only some fields). */
export const allowedToAny =
  (...actions: Action[]): Access =>
  ({ req }) =>
    actions.some((action) => requestMay(req, action))

export const allowedToField =
  (action: Action): FieldAccess =>
  ({ req }) =>
    requestMay(req, action)

/**
 * A refusal Payload's REST answers as 403 with our message. Named as Payload's own Forbidden,
 * so Payload logs it as it logs its own refusals (info, one line), not as a server error.
 */
class RoleRefusal extends APIError {
  constructor(action: Action) {
    super(refusalMessage(action), 403, null, true)
    this.name = 'Forbidden'
  }
}

export const refusal = (action: Action) => new RoleRefusal(action)

/** One stored value for comparison: empty text is no value, a relation is its id, a list is its items. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null
  if (Array.isArray(value)) return value.map(comparable)
  if (typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id)
  if (typeof value === 'number' || typeof value === 'boolean') return value
  return String(value)
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b))

/** Refuses an update that changes this field unless the account may take the action (the same value sent back passes: Payload's edit form sends every field). */
const refuseChangeWithout =
  (action: Action): FieldHook =>
  ({ field, operation, overrideAccess, previousValue, req, siblingData, value }) => {
    const name = 'name' in field ? field.name : undefined
    if (overrideAccess || operation !== 'update' || !name || siblingData?.[name] === undefined) return value
    if (!requestMay(req, action) && !sameValue(siblingData[name], previousValue)) throw refusal(action)
    return value
  }

/**
 * A field only accounts that may take `action` write: its create and update access (Payload's
 * edit view shows it read-only to others), and a 403 for a REST update that would change it.
 */
export function writableWith(action: Action) {
  return {
    access: { create: allowedToField(action), update: allowedToField(action) },
    hooks: { beforeValidate: [refuseChangeWithout(action)] },
  }
}

/** Replacing a media record's file over REST takes `upload`. */
export const refuseFileReplacementWithout =
  (action: Action): CollectionBeforeOperationHook =>
  ({ args, operation, req }) => {
    if (operation === 'update' && req.file && req.payloadAPI !== 'local' && !requestMay(req, action)) throw refusal(action)
    return args
  }
