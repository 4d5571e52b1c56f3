// The Properties overview of platform admins (docs/properties-design.md §3.3): every property
// with its media count and its last complete backup, in one statement over the installation.
// Backups do not yet record their property: today each one is the default property's (it
// carries that property's settings block), so the others have none until backups are per property.
import type { Payload } from 'payload'
import type { PropertyOverview } from '../../lib/api/types'
import { poolOf } from '../db/pool'

export async function propertiesOverview(payload: Payload): Promise<PropertyOverview[]> {
  const { rows } = await poolOf(payload).query<PropertyOverview>(
    `SELECT p.id::text AS id, p.name, p.slug, coalesce(p.is_default, false) AS "isDefault", p.time_zone AS "timeZone",
            (SELECT count(*)::int FROM media m WHERE m.property_id = p.id) AS "mediaCount",
            (SELECT max(b.completed_at) FROM backups b WHERE coalesce(p.is_default, false) AND b.status = 'complete') AS "lastBackupAt"
       FROM properties p
      ORDER BY p.name, p.slug`,
  )
  return rows
}
