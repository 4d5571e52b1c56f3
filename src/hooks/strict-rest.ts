// Payload's REST routes on our collections (/api/media, /api/gallery-sections, /api/users) are
// held to the same standard as our own endpoints: a clear 4xx for bad input, never a 500 and
// never a silent change. Payload coerces what it is sent ("NaN" becomes a null sortOrder) and
// hands some queries to PostgreSQL unchecked (a NUL byte, `where[id][in]=1,2,3` against a
// uuid, operators a field type does not support), which then fails as a 500.
// Two beforeOperation hooks, with the rules taken from the collection's own field config:
//   - strictQuery: every `where` names a known field with an operator its type supports, and
//     values of the right shape (uuid ids, numbers, dates; no NUL anywhere);
//   - strictWrite: a REST create/update says it is JSON (or the admin's multipart form), and each
//     field sent has its field's type; a relationship names a row that exists.
// Local API calls (jobs, seeds, our services after their own zod parsing) are not checked.
import { containsNul } from '../lib/contains-nul'
import { MAX_IDS_PER_CALL } from '../lib/schemas/placement'
import type { CollectionBeforeOperationHook, Field, PayloadRequest } from 'payload'
import { RefusedRequest } from '../server/http/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BODY_TYPES = ['application/json', 'multipart/form-data']

type FieldKind = { type: string; hasMany: boolean; relationTo?: string; options?: string[] }

const bad = (message: string) => new RefusedRequest(message, 400)

/** Top-level data fields of a collection (collapsibles and rows hold theirs at the top level). */
function fieldKinds(fields: Field[], into = new Map<string, FieldKind>(), prefix = ''): Map<string, FieldKind> {
  for (const field of fields) {
    if (field.type === 'collapsible' || field.type === 'row') fieldKinds(field.fields, into, prefix)
    else if ('name' in field && field.type !== 'ui') {
      // An array's fields are queried by their path (`domains.domain`), as Payload queries them.
      if (field.type === 'array') fieldKinds(field.fields, into, `${prefix}${field.name}.`)
      const options =
        field.type === 'select' ? field.options.map((option) => (typeof option === 'string' ? option : option.value)) : undefined
      into.set(`${prefix}${field.name}`, {
        type: field.type,
        hasMany: 'hasMany' in field && Boolean(field.hasMany),
        relationTo: field.type === 'relationship' && typeof field.relationTo === 'string' ? field.relationTo : undefined,
        options,
      })
    }
  }
  return into
}

const COMPARISONS = new Set(['equals', 'not_equals', 'in', 'not_in', 'exists', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal', 'like', 'contains'])
const LIST_OPERATORS = new Set(['in', 'not_in'])
const TEXT_ONLY = new Set(['like', 'contains'])
const ORDERED = new Set(['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])
const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'select', 'code'])

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return value.split(',')
  return [value]
}

function checkValue(path: string, kind: FieldKind | 'id', idIsUuid: boolean, value: unknown) {
  if (value === null) return
  const type = kind === 'id' ? (idIsUuid ? 'uuid' : 'text') : kind.type
  if (type === 'uuid') {
    if (typeof value !== 'string' || !UUID.test(value)) throw bad(`${path}: ${JSON.stringify(value)} is not an id (ids are UUIDs).`)
  } else if (type === 'number') {
    if (!(typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) || !Number.isFinite(Number(value))) {
      throw bad(`${path}: ${JSON.stringify(value)} is not a number.`)
    }
  } else if (type === 'date') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad(`${path}: ${JSON.stringify(value)} is not a date.`)
  } else if (type === 'checkbox') {
    if (!['true', 'false', true, false].includes(value as never)) throw bad(`${path}: ${JSON.stringify(value)} is not true or false.`)
  } else if (typeof value !== 'string' && typeof value !== 'number') {
    throw bad(`${path}: ${JSON.stringify(value)} is not a value this field can be compared with.`)
  }
}

function checkWhere(where: unknown, kinds: Map<string, FieldKind>, idIsUuid: boolean, depth = 0): void {
  if (where === undefined || where === null) return
  if (depth > 8) throw bad('The query is nested too deeply.')
  if (typeof where !== 'object' || Array.isArray(where)) throw bad('The query (where) is malformed.')
  for (const [path, condition] of Object.entries(where)) {
    if (path === 'and' || path === 'or') {
      const branches = Array.isArray(condition) ? condition : condition && typeof condition === 'object' ? Object.values(condition) : null
      if (!branches) throw bad(`where[${path}] must be a list of conditions.`)
      for (const branch of branches) checkWhere(branch, kinds, idIsUuid, depth + 1)
      continue
    }
    const kind: FieldKind | 'id' | undefined = path === 'id' ? 'id' : kinds.get(path)
    if (!kind) throw bad(`where[${path}]: there is no such field to query.`)
    if (!condition || typeof condition !== 'object' || Array.isArray(condition)) throw bad(`where[${path}] needs an operator, e.g. where[${path}][equals]=…`)
    for (const [operator, value] of Object.entries(condition)) {
      if (!COMPARISONS.has(operator)) throw bad(`where[${path}][${operator}]: this operator is not supported.`)
      const type = kind === 'id' ? 'id' : kind.type
      if (kind !== 'id' && (kind.type === 'json' || kind.type === 'richText')) throw bad(`where[${path}]: this field cannot be queried.`)
      if (TEXT_ONLY.has(operator) && !TEXT_TYPES.has(type)) throw bad(`where[${path}][${operator}] applies to text fields only.`)
      if (ORDERED.has(operator) && !['number', 'date', 'text', 'textarea'].includes(type)) {
        throw bad(`where[${path}][${operator}] applies to numbers and dates only.`)
      }
      if (operator === 'exists') {
        if (!['true', 'false', true, false].includes(value as never)) throw bad(`where[${path}][exists] is true or false.`)
        continue
      }
      const values = LIST_OPERATORS.has(operator) ? listOf(value) : [value]
      if (values.length > MAX_IDS_PER_CALL) throw bad(`where[${path}][${operator}] takes at most ${MAX_IDS_PER_CALL} values.`)
      for (const item of values) checkValue(`where[${path}][${operator}]`, kind, idIsUuid, item)
    }
  }
}

function isRest(req: PayloadRequest) {
  return req.payloadAPI === 'REST' || req.payloadAPI === 'GraphQL'
}

const kindsCache = new WeakMap<object, Map<string, FieldKind>>()

/** The collection's fields as Payload sanitised them (upload, auth and timestamp fields included). */
function kindsOf(collection: { fields: Field[] }) {
  let kinds = kindsCache.get(collection)
  if (!kinds) {
    kinds = fieldKinds(collection.fields)
    kindsCache.set(collection, kinds)
  }
  return kinds
}

/** Checks the `where` of every REST read, count and bulk write on the collection. */
export const strictQuery: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  if (!isRest(req)) return args
  const kinds = kindsOf(collection)
  // A collection with its own id field (sections' slugs) has text ids; the others are UUIDs.
  const idIsUuid = !kinds.has('id')
  const { where, id, page, limit } = args as { where?: unknown; id?: unknown; page?: unknown; limit?: unknown }
  if (containsNul(where) || containsNul(id)) throw bad('The query contains a NUL character.')
  // A negative page becomes a negative OFFSET, which PostgreSQL refuses (a 500).
  if (page !== undefined && page !== null && !(Number.isInteger(page) && (page as number) >= 1)) throw bad('page is a whole number from 1.')
  if (limit !== undefined && limit !== null && !(Number.isInteger(limit) && (limit as number) >= 0)) throw bad('limit is a whole number from 0.')
  if (id !== undefined && idIsUuid && (typeof id !== 'string' || !UUID.test(id))) throw bad('Ids are UUIDs.')
  checkWhere(where, kinds, idIsUuid)
  return args
}

function checkField(name: string, kind: FieldKind, value: unknown) {
  if (value === null || value === undefined) return
  if (kind.hasMany) {
    if (!Array.isArray(value)) throw bad(`${name} must be a list.`)
    if (value.length > MAX_IDS_PER_CALL) throw bad(`${name} has too many values.`)
    for (const item of value) checkField(name, { ...kind, hasMany: false }, item)
    return
  }
  switch (kind.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`${name} must be a number.`)
      return
    case 'checkbox':
      if (typeof value !== 'boolean') throw bad(`${name} must be true or false.`)
      return
    case 'date':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad(`${name} must be a date.`)
      return
    case 'select':
      if (typeof value !== 'string' || !kind.options?.includes(value)) throw bad(`${name} must be one of: ${kind.options?.join(', ')}.`)
      return
    case 'relationship':
    case 'upload':
      if (typeof value === 'string' && value) return
      if (typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return
      throw bad(`${name} must be an id.`)
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      if (typeof value !== 'string') throw bad(`${name} must be text.`)
      return
    default:
      // json, arrays and groups: Payload's own validation
      return
  }
}

const AUTH_OPERATIONS = new Set(['login', 'forgotPassword', 'resetPassword', 'unlock'])

/** REST creates and updates: JSON (or the admin's form), fields of the right type, relations that exist. */
export const strictWrite: CollectionBeforeOperationHook = async ({ args, collection, operation, req }) => {
  if (!isRest(req)) return args
  if (AUTH_OPERATIONS.has(operation)) {
    // Payload's own sign-in routes look the username up as it is sent.
    if (containsNul((args as { data?: unknown }).data)) throw bad('Text may not contain NUL characters.')
    return args
  }
  if (operation !== 'create' && operation !== 'update') return args
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!BODY_TYPES.includes(type)) throw new RefusedRequest('Send the request body as JSON (Content-Type: application/json).', 415)
  const data = (args as { data?: unknown }).data
  if (data === undefined) return args
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad('The request body must be a JSON object.')
  if (containsNul(data)) throw bad('Text may not contain NUL characters.')
  const kinds = kindsOf(collection)
  for (const [name, value] of Object.entries(data)) {
    const kind = kinds.get(name)
    if (!kind) continue
    checkField(name, kind, value)
    if (kind.relationTo && value !== null && value !== undefined) {
      const id = typeof value === 'string' ? value : (value as { id: string }).id
      const { totalDocs } = await req.payload.count({
        collection: kind.relationTo as never,
        where: { id: { equals: id } },
        overrideAccess: true,
        req,
      })
      if (!totalDocs) throw bad(`${name}: ${JSON.stringify(id)} does not exist.`)
    }
  }
  return args
}
