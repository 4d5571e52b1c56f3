// docs/properties-design.md §2.2 on the real database: a statement bound to a property's scope
// runs with the property's id as its parameter, through the pool, a pooled client and a drizzle
// session; one that names no property is refused before the database sees it.
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { poolOf, withPoolTransaction } from '../../src/server/db/pool'
import { propertyDb, propertyScope, raw, scopedSql, UnscopedQueryError } from '../../src/server/db/property-db'
import { ownTransaction, standaloneSql } from '../../src/server/db/transaction'
import { testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

const scope = propertyScope({ id: '5d1e0c4b-8a7f-4e2d-b3c6-9f0a1b2c3d4e', slug: 'seaside' })

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
})

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows

describe('scoped statements on the database', () => {
  it('run through the pool and a pooled client, the scope bound to the property id', async () => {
    const { rows } = await propertyDb(pool, scope).query<{ id: string; same: boolean; ids: number[] }>`
      SELECT ${scope}::uuid AS id, ${scope}::uuid = ${scope.id}::uuid AS same, ${[3, 1, 2]}::int[] AS ids`
    expect(rows).toEqual([{ id: scope.id, same: true, ids: [3, 1, 2] }])

    const inTransaction = await withPoolTransaction(pool, async (client) =>
      (await propertyDb(client, scope).query<{ count: number }>`
        SELECT count(*)::int AS count FROM ${raw('media')} WHERE ${scope}::uuid IS NOT NULL AND id = ANY(${[scope.id]}::uuid[])`).rows,
    )
    expect(inTransaction).toEqual([{ count: 0 }])
  })

  it('run through a drizzle session, standalone and in a transaction of their own', async () => {
    const standalone = rowsOf<{ id: string }>(await standaloneSql(payload).execute(scopedSql(scope)`SELECT ${scope}::uuid AS id`))
    expect(standalone).toEqual([{ id: scope.id }])

    const inTransaction = await ownTransaction(payload, async (db) =>
      rowsOf<{ id: string; slug: string }>(await db.execute(scopedSql(scope)`SELECT ${scope}::uuid AS id, ${scope.slug} AS slug`)),
    )
    expect(inTransaction).toEqual([{ id: scope.id, slug: 'seaside' }])
  })

  it('refuse a statement that names no property before it reaches the database', async () => {
    const query = vi.spyOn(pool, 'query')
    try {
      await expect(propertyDb(pool, scope).query`DELETE FROM media WHERE id = ${scope.id}`).rejects.toThrow(UnscopedQueryError)
      expect(query).not.toHaveBeenCalled()
    } finally {
      query.mockRestore()
    }
    expect(() => scopedSql(scope)`DELETE FROM media WHERE id = ${scope.id}`).toThrow(
      'This statement names no property: DELETE FROM media WHERE id = $1',
    )
  })
})
