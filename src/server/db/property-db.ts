// Raw SQL on one property's data (docs/properties-design.md §2.2): the installation holds many
// properties, and every statement on their rows must name the one it works on. Statements are
// written as tagged templates bound to a PropertyScope; the scope itself is interpolated where
// the statement names its property (`WHERE property_id = ${scope}`), and a statement that does
// not interpolate it is refused before it reaches the database (UnscopedQueryError), so a
// forgotten property condition fails its first run instead of reading or writing every property.
//
// - propertyDb(pool or client, scope).query`…` runs the statement on node-postgres;
// - scopedSql(scope)`…` builds a drizzle SQL for a SqlSession (src/server/db/transaction.ts), in
//   which the statement's own drizzle fragments (a SET list, an id list) may be interpolated: the
//   statement around them names the property;
// - buildScopedQuery(scope, strings, values) is the building both share: text and values.
//
// In a template, `${scope}` becomes a parameter bound to the scope's id; the same scope named
// again reuses that parameter's number (one `$n` for the property in the whole statement, so
// PostgreSQL gives it one type: compare it with uuid columns or cast it `::uuid`). Any
// other value becomes a parameter of its own; an array is one parameter (node-postgres sends it
// as a PostgreSQL array: `= ANY(${ids})`). raw(text) inlines a trusted fragment (a table or a
// column chosen from a fixed list, the shared SELECT lists of media-sql.ts) as it is. Only the
// scope object counts as the property's mark: `${scope.id}` is an ordinary value.
import { is, sql, SQL } from 'drizzle-orm'
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg'

declare const scopeBrand: unique symbol

/** One property, as the statements on its data name it. Made only by propertyScope(). */
export type PropertyScope = { readonly id: string; readonly slug: string; readonly [scopeBrand]: true }

/** The scopes propertyScope() made: a look-alike `{ id, slug }` from elsewhere is not one. */
const madeScopes = new WeakSet<object>()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The scope of a property row (its uuid id and its slug); throws when the id is not a uuid. */
export function propertyScope(row: { id: string; slug: string }): PropertyScope {
  const { id, slug } = row ?? {}
  if (typeof id !== 'string' || !UUID.test(id)) throw new TypeError(`Not a property id: ${JSON.stringify(id)}`)
  if (typeof slug !== 'string') throw new TypeError(`Not a property slug: ${JSON.stringify(slug)}`)
  const scope = Object.freeze({ id: id.toLowerCase(), slug }) as PropertyScope
  madeScopes.add(scope)
  return scope
}

function isScope(value: unknown): value is PropertyScope {
  return typeof value === 'object' && value !== null && madeScopes.has(value)
}

function assertScope(scope: PropertyScope): void {
  if (!isScope(scope)) throw new TypeError('Not a property scope: scopes are made by propertyScope() only.')
}

export class UnscopedQueryError extends Error {
  constructor(text: string) {
    super(`This statement names no property: ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`)
    this.name = 'UnscopedQueryError'
  }
}

class RawFragment {
  constructor(readonly text: string) {}
}

/** A fragment inlined as written; never parameterised, so never a value from a request. */
export type RawSql = RawFragment

/** A trusted fragment of SQL text (an identifier from a fixed list, a shared column list). */
export function raw(text: string): RawSql {
  if (typeof text !== 'string') throw new TypeError('raw() takes SQL text.')
  // A placeholder inside inlined text would bind to another value's parameter.
  if (/\$\d/.test(text)) throw new TypeError(`raw() text must not hold parameters: ${text.slice(0, 80)}`)
  return new RawFragment(text)
}

export type ScopedQuery = { text: string; values: unknown[]; scoped: boolean }

type Piece = { kind: 'scope' } | { kind: 'raw'; text: string } | { kind: 'value'; value: unknown } | { kind: 'fragment'; fragment: SQL }

/** What an interpolated value stands for in a statement bound to scope (drizzle fragments only where `fragments` says so). */
function pieceOf(scope: PropertyScope, value: unknown, { fragments = false } = {}): Piece {
  if (isScope(value)) {
    if (value.id !== scope.id) throw new TypeError(`This statement names two properties: ${scope.slug} and ${value.slug}.`)
    return { kind: 'scope' }
  }
  if (value instanceof RawFragment) return { kind: 'raw', text: value.text }
  if (is(value, SQL)) {
    if (fragments) return { kind: 'fragment', fragment: value }
    throw new TypeError('A drizzle SQL fragment cannot be interpolated here: use raw() for trusted text.')
  }
  return { kind: 'value', value }
}

/**
 * The statement text with `$n` parameters, its values, and whether it names scope's property.
 * Pure: checks nothing against the database, throws only on a scope not made here.
 */
export function buildScopedQuery(
  scope: PropertyScope,
  strings: readonly string[],
  values: readonly unknown[],
  options: { fragments?: boolean } = {},
): ScopedQuery {
  assertScope(scope)
  const params: unknown[] = []
  let scopeParam: string | undefined
  let text = strings[0]
  values.forEach((value, index) => {
    const piece = pieceOf(scope, value, options)
    if (piece.kind === 'raw') text += piece.text
    else if (piece.kind === 'fragment') text += '(…)'
    else if (piece.kind === 'scope') text += scopeParam ??= `$${params.push(scope.id)}`
    else text += `$${params.push(piece.value)}`
    text += strings[index + 1]
  })
  return { text, values: params, scoped: scopeParam !== undefined }
}

export type PropertyDb = {
  query<R extends QueryResultRow = QueryResultRow>(strings: TemplateStringsArray, ...values: unknown[]): Promise<QueryResult<R>>
}

/** Statements on scope's property, run on the pool (autocommit) or on a client (its transaction). */
export function propertyDb(db: Pool | PoolClient, scope: PropertyScope): PropertyDb {
  assertScope(scope)
  return {
    async query<R extends QueryResultRow = QueryResultRow>(strings: TemplateStringsArray, ...values: unknown[]) {
      const { text, values: params, scoped } = buildScopedQuery(scope, strings, values)
      if (!scoped) throw new UnscopedQueryError(text)
      return db.query<R>(text, params)
    },
  }
}

/**
 * A drizzle statement on scope's property, for SqlSession.execute; throws UnscopedQueryError
 * here, when it is built, if it does not name the property. Drizzle numbers its own
 * parameters: a scope named twice is two parameters holding the same id. The statement's own
 * drizzle fragments (a SET list, an id list) may be interpolated; they never stand for the
 * property's condition, which the statement itself must write.
 */
export function scopedSql(scope: PropertyScope): (strings: TemplateStringsArray, ...values: unknown[]) => SQL {
  assertScope(scope)
  return (strings, ...values) => {
    const { text, scoped } = buildScopedQuery(scope, strings, values, { fragments: true })
    if (!scoped) throw new UnscopedQueryError(text)
    return sql(strings, ...values.map((value) => drizzleChunk(scope, value)))
  }
}

function drizzleChunk(scope: PropertyScope, value: unknown): SQL | ReturnType<typeof sql.param> {
  const piece = pieceOf(scope, value, { fragments: true })
  if (piece.kind === 'raw') return sql.raw(piece.text)
  if (piece.kind === 'fragment') return piece.fragment
  return sql.param(piece.kind === 'scope' ? scope.id : piece.value)
}
