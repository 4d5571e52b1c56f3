// What a restore makes of the share links a backup holds (docs/backups.md "What a backup holds"). A link is a
// secret given to someone for this property's address (`{site}/s/{token}`), so:
// - restored into the property the backup was made of, a link keeps its id, token, expiry,
//   opens and revoked state and works at its URL again, as when the backup was made; but a link
//   revoked since stays revoked (a revocation is a decision about who may see the photos, and
//   going back to older photos must not undo it);
// - restored into another property (a removed property's final backup), a link comes back
//   revoked and with a new token: the old token names nothing (404), never the photos at the
//   new property's address, and no second link with a token someone already holds is live.
// Expired links stay expired: their expiry is kept.
import type { PoolClient } from 'pg'
import { type PropertyScope, propertyDb } from '../db/property-db'
import { newShareToken } from '../share-links/share-links'

type Row = Record<string, unknown>

export function restoredShareLinks(
  rows: Row[],
  { sameProperty, revokedSince, at }: { sameProperty: boolean; revokedSince: ReadonlyMap<string, string>; at: string },
): Row[] {
  if (!sameProperty) return rows.map((row) => ({ ...row, token: newShareToken(), revoked_at: row.revoked_at ?? at }))
  return rows.map((row) => (row.revoked_at ? row : { ...row, revoked_at: revokedSince.get(String(row.id)) ?? null }))
}

/** The property's links revoked now, by id, with when (read before the restore replaces them). */
export async function revokedShareLinks(client: PoolClient, scope: PropertyScope): Promise<Map<string, string>> {
  const { rows } = await propertyDb(client, scope).query<{ id: string; revoked_at: Date }>`
    SELECT id::text AS id, revoked_at FROM share_links WHERE property_id = ${scope} AND revoked_at IS NOT NULL`
  return new Map(rows.map((row) => [row.id, row.revoked_at.toISOString()]))
}
