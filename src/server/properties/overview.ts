// The Properties overview of platform admins (docs/properties-design.md §3.3): every property
// with its media count and its last complete backup, in one statement over the installation.
import type { Payload } from 'payload'
import type { PropertyOverview } from '../../lib/api/types'
import { poolOf } from '../db/pool'

export async function propertiesOverview(payload: Payload): Promise<PropertyOverview[]> {
  const { rows } = await poolOf(payload).query<PropertyOverview>(
    `SELECT p.id::text AS id, p.name, p.slug, coalesce(p.is_default, false) AS "isDefault", p.time_zone AS "timeZone",
            (SELECT count(*)::int FROM media m WHERE m.property_id = p.id) AS "mediaCount",
            (SELECT max(b.completed_at) FROM backups b WHERE b.property_id = p.id AND b.status = 'complete') AS "lastBackupAt"
       FROM properties p
      ORDER BY p.name, p.slug`,
  )
  return rows
}
