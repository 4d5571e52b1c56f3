// docs/properties-design.md §2.2: every raw statement on property data names its property. The
// building of a scoped statement (text and parameters), the refusal of one that names none,
// and the scope that only propertyScope() makes.
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Pool } from 'pg'
import { describe, expect, it, vi } from 'vitest'
import {
  buildScopedQuery,
  propertyDb,
  propertyScope,
  raw,
  scopedSql,
  UnscopedQueryError,
  type PropertyScope,
} from '../../src/server/db/property-db'

const A = propertyScope({ id: '0b7c6f2e-3d4a-4c1b-9e8f-1a2b3c4d5e6f', slug: 'seaside' })
const B = propertyScope({ id: '9f8e7d6c-5b4a-4321-8fed-cba987654321', slug: 'chalet' })

/** The template's parts, as a tagged template hands them over. */
const parts = (strings: TemplateStringsArray, ...values: unknown[]) => ({ strings, values })
const build = (scope: PropertyScope, { strings, values }: { strings: readonly string[]; values: unknown[] }) =>
  buildScopedQuery(scope, strings, values)

/** A pool that records the statements it is asked to run. */
function recordingPool() {
  const query = vi.fn(async () => ({ rows: [], rowCount: 0 }))
  return { pool: { query } as unknown as Pool, query }
}

const dialect = new PgDialect()
const rendered = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  return { sql: text, params }
}

describe('buildScopedQuery', () => {
  it('makes the scope and every other value a parameter, in order', () => {
    const id = 42
    expect(build(A, parts`SELECT 1 FROM media WHERE property_id = ${A} AND id = ${id}`)).toEqual({
      text: 'SELECT 1 FROM media WHERE property_id = $1 AND id = $2',
      values: [A.id, 42],
      scoped: true,
    })
    expect(build(A, parts`UPDATE media SET room = ${'Kitchen'} WHERE id = ${7} AND property_id = ${A}`)).toEqual({
      text: 'UPDATE media SET room = $1 WHERE id = $2 AND property_id = $3',
      values: ['Kitchen', 7, A.id],
      scoped: true,
    })
  })

  it('reuses the scope\'s parameter when the statement names the property again', () => {
    expect(
      build(A, parts`SELECT m.id FROM media m JOIN gallery_sections s ON s.id = m.section_id AND s.property_id = ${A} WHERE m.property_id = ${A} AND m.room = ${'Hall'}`),
    ).toEqual({
      text: 'SELECT m.id FROM media m JOIN gallery_sections s ON s.id = m.section_id AND s.property_id = $1 WHERE m.property_id = $1 AND m.room = $2',
      values: [A.id, 'Hall'],
      scoped: true,
    })
    // Numbered where it first appears, after the values before it.
    expect(build(A, parts`SELECT ${'x'}, ${A}, ${'y'}, ${A}`)).toMatchObject({ text: 'SELECT $1, $2, $3, $2', values: ['x', A.id, 'y'] })
  })

  it('makes an array one parameter', () => {
    expect(build(A, parts`DELETE FROM media WHERE property_id = ${A} AND id = ANY(${[1, 2, 3]})`)).toEqual({
      text: 'DELETE FROM media WHERE property_id = $1 AND id = ANY($2)',
      values: [A.id, [1, 2, 3]],
      scoped: true,
    })
  })

  it('inlines raw fragments as written', () => {
    const column = raw('sort_order')
    expect(build(A, parts`SELECT ${raw('m.id, m.room')} FROM ${raw('media')} m WHERE m.property_id = ${A} ORDER BY ${column} DESC LIMIT ${10}`)).toEqual({
      text: 'SELECT m.id, m.room FROM media m WHERE m.property_id = $1 ORDER BY sort_order DESC LIMIT $2',
      values: [A.id, 10],
      scoped: true,
    })
  })

  it('refuses raw text that holds parameters', () => {
    expect(() => raw('id = $1')).toThrow(/must not hold parameters/)
  })

  it('counts only the scope as the property\'s mark: its id as a value is not one', () => {
    expect(build(A, parts`SELECT 1 FROM media WHERE property_id = ${A.id}`)).toEqual({
      text: 'SELECT 1 FROM media WHERE property_id = $1',
      values: [A.id],
      scoped: false,
    })
    expect(build(A, parts`SELECT 1 FROM media`)).toEqual({ text: 'SELECT 1 FROM media', values: [], scoped: false })
  })

  it('refuses a statement that names another property too', () => {
    expect(() => build(A, parts`SELECT 1 FROM media WHERE property_id = ${A} OR property_id = ${B}`)).toThrow(
      'This statement names two properties: seaside and chalet.',
    )
  })

  it('refuses a drizzle fragment, whose parameters would be lost', () => {
    expect(() => build(A, parts`SELECT 1 FROM media WHERE property_id = ${A} AND ${sql`id = ${1}`}`)).toThrow(/use raw\(\)/)
  })
})

describe('propertyDb', () => {
  it('runs a statement that names its property, with its parameters', async () => {
    const { pool, query } = recordingPool()
    await propertyDb(pool, A).query`SELECT 1 FROM media WHERE property_id = ${A} AND id = ${5}`
    expect(query).toHaveBeenCalledWith('SELECT 1 FROM media WHERE property_id = $1 AND id = $2', [A.id, 5])
  })

  it('refuses a statement that names no property, before it reaches the database', async () => {
    const { pool, query } = recordingPool()
    const statement = propertyDb(pool, A).query`
      SELECT m.id, m.filename, m.original_filename, m.section_id, m.room, m.sort_order, m.is_hidden
      FROM media m WHERE m.id = ${5}`
    await expect(statement).rejects.toThrow(UnscopedQueryError)
    // The statement's first 80 characters, its white space run together.
    const first80 = 'SELECT m.id, m.filename, m.original_filename, m.section_id, m.room, m.sort_order'
    expect(first80).toHaveLength(80)
    await expect(statement).rejects.toThrow(`This statement names no property: ${first80}`)
    await expect(statement).rejects.not.toThrow(`${first80},`)
    expect(query).not.toHaveBeenCalled()
  })
})

describe('scopedSql', () => {
  it('builds a drizzle statement with the scope and the values as parameters and raw text inlined', () => {
    const statement = scopedSql(A)`SELECT ${raw('id')} FROM media WHERE property_id = ${A} AND id = ANY(${[1, 2]}) AND room = ${'Hall'}`
    expect(rendered(statement)).toEqual({
      sql: 'SELECT id FROM media WHERE property_id = $1 AND id = ANY($2) AND room = $3',
      params: [A.id, [1, 2], 'Hall'],
    })
  })

  it('gives each mention of the scope a parameter of its own (drizzle numbers them)', () => {
    expect(rendered(scopedSql(A)`SELECT ${A}::uuid, ${A}::uuid`)).toEqual({ sql: 'SELECT $1::uuid, $2::uuid', params: [A.id, A.id] })
  })

  it('throws when the statement is built without naming the property', () => {
    expect(() => scopedSql(A)`DELETE FROM duplicate_groups WHERE id = ${3}`).toThrow(
      new UnscopedQueryError('DELETE FROM duplicate_groups WHERE id = $1'),
    )
    expect(() => scopedSql(A)`DELETE FROM duplicate_groups`).toThrow('This statement names no property: DELETE FROM duplicate_groups')
  })

  it("takes the statement's own drizzle fragments, numbering their parameters, while the statement itself names the property", () => {
    const set = sql.join([sql`room = ${'Hall'}`, sql`notes = ${'Quiet'}`], sql`, `)
    expect(rendered(scopedSql(A)`UPDATE media SET ${set} WHERE id = ${7} AND property_id = ${A}`)).toEqual({
      sql: 'UPDATE media SET room = $1, notes = $2 WHERE id = $3 AND property_id = $4',
      params: ['Hall', 'Quiet', 7, A.id],
    })
    // A fragment never stands for the property's condition.
    expect(() => scopedSql(A)`UPDATE media SET ${set} WHERE id = ${7}`).toThrow(new UnscopedQueryError('UPDATE media SET (…) WHERE id = $1'))
  })
})

describe('propertyScope', () => {
  it('makes a frozen scope of a property row', () => {
    const scope = propertyScope({ id: '0B7C6F2E-3D4A-4C1B-9E8F-1A2B3C4D5E6F', slug: 'seaside' })
    expect(scope).toEqual({ id: A.id, slug: 'seaside' })
    expect(Object.isFrozen(scope)).toBe(true)
    // Another scope of the same property names the same property.
    expect(build(A, parts`SELECT ${scope}`)).toMatchObject({ text: 'SELECT $1', scoped: true })
  })

  it('refuses an id that is not a uuid', () => {
    expect(() => propertyScope({ id: '42', slug: 'seaside' })).toThrow('Not a property id: "42"')
    expect(() => propertyScope({ id: "0b7c6f2e-3d4a-4c1b-9e8f-1a2b3c4d5e6f' OR true --", slug: 'x' })).toThrow(TypeError)
    expect(() => propertyScope({ id: 42 as unknown as string, slug: 'seaside' })).toThrow('Not a property id: 42')
  })

  it('is the only maker of a scope: a look-alike object is refused, by the types and when run', () => {
    const lookAlike = { id: A.id, slug: A.slug }
    // @ts-expect-error a plain { id, slug } is not a PropertyScope
    expect(() => propertyDb(recordingPool().pool, lookAlike)).toThrow('Not a property scope')
    // @ts-expect-error
    expect(() => scopedSql(lookAlike)).toThrow('Not a property scope')
    // @ts-expect-error
    expect(() => buildScopedQuery(lookAlike, ['SELECT 1'], [])).toThrow('Not a property scope')
    // Nor does it mark a statement as naming the property: it is an ordinary value.
    expect(build(A, parts`SELECT ${lookAlike}`)).toMatchObject({ scoped: false })
  })
})
