// The properties an account may act on, for GET /api/user: every property for a platform
// admin, the ones in its `properties` array otherwise, sorted by name. The same statement
// reads the property the request acts on, so the answer costs one query.
import type { Payload } from 'payload'
import type { PropertyRef } from '../../lib/api/types'
import type { Actor } from '../auth/access'
import { poolOf } from '../db/pool'

export type AccountProperties = { property: PropertyRef; properties: PropertyRef[] }

export async function accountProperties(payload: Payload, actor: Actor, requestPropertyId: string): Promise<AccountProperties> {
  const all = actor?.role === 'platform-admin'
  const assigned = actor?.properties ?? []
  const { rows } = await poolOf(payload).query<PropertyRef & { current: boolean; member: boolean }>(
    `SELECT id::text AS id, name, slug, id::text = $1 AS current, ($2 OR id::text = ANY($3::text[])) AS member
       FROM properties
      WHERE id::text = $1 OR $2 OR id::text = ANY($3::text[])
      ORDER BY name, slug`,
    [requestPropertyId, all, assigned],
  )
  const current = rows.find((row) => row.current)
  if (!current) throw new Error(`The request's property ${requestPropertyId} does not exist.`)
  return { property: refOf(current), properties: rows.filter((row) => row.member).map(refOf) }
}

const refOf = ({ id, name, slug }: PropertyRef): PropertyRef => ({ id, name, slug })
