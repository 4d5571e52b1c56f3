// The default property (collections/properties): the one the bare paths, unknown hosts and,
// until the admin chooses among several, Media Gallery Pro act on. Made by the migration that
// introduced properties, so every installation has exactly one. Its id never changes while it
// exists (only removing it could, docs/properties-design.md §3.4), so each process keeps it.
import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'
import type { PropertyRef } from '../../lib/api/types'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyScope } from '../db/property-db'

export async function defaultProperty(payload: Payload): Promise<PropertyRef> {
  const { rows } = await poolOf(payload).query<PropertyRef>(
    'SELECT id::text AS id, name, slug FROM properties WHERE is_default LIMIT 1',
  )
  if (!rows[0]) throw new Error('The installation has no default property: run the migrations.')
  return rows[0]
}

const known = new WeakMap<Payload, Promise<PropertyScope>>()

/** The default property's scope, read once per process. */
export function defaultPropertyScope(payload: Payload): Promise<PropertyScope> {
  let scope = known.get(payload)
  if (!scope) {
    scope = defaultProperty(payload).then(propertyScope)
    known.set(payload, scope)
    // A failed read (the database starting) is asked again next time.
    scope.catch(() => known.get(payload) === scope && known.delete(payload))
  }
  return scope
}

/** The default property's id, read once per process. */
export const defaultPropertyId = async (payload: Payload): Promise<string> => (await defaultPropertyScope(payload)).id

const scopesById = new Map<string, PropertyScope>()

/** A removed property's scope is no longer kept (its jobs then find no property). */
export const forgetPropertyScope = (id: string) => scopesById.delete(id)

/**
 * The scope of a property named by id (a job's input, a run's row, the host's stamp); null when
 * there is no such property. Kept once found (a property's id never changes), so the host's
 * per-request lookups cost no query.
 */
export async function propertyScopeById(payload: Payload, id: string): Promise<PropertyScope | null> {
  const known = scopesById.get(id)
  if (known) return known
  const scope = await propertyScopeOn(poolOf(payload), id)
  if (scope) {
    if (scopesById.size >= 10_000) scopesById.clear()
    scopesById.set(id, scope)
  }
  return scope
}

/** The same, on a pool of its own (a process without Payload: the backup run's work, a child process). */
export async function propertyScopeOn(pool: Pool | PoolClient, id: string): Promise<PropertyScope | null> {
  const { rows } = await pool.query<{ id: string; slug: string }>('SELECT id::text AS id, slug FROM properties WHERE id::text = $1', [id])
  return rows[0] ? propertyScope(rows[0]) : null
}

/** Every property's scope, oldest first (the scheduler queues a backup for each). */
export async function everyPropertyScope(pool: Pool | PoolClient): Promise<PropertyScope[]> {
  const { rows } = await pool.query<{ id: string; slug: string }>('SELECT id::text AS id, slug FROM properties ORDER BY created_at, id')
  return rows.map(propertyScope)
}
