// The administrator's view of a property's media (hidden, pending and failed included, with
// internal notes), prepared once per read-model version of the property like the public read model.
import type { Payload } from 'payload'
import { PreparedJson } from '../http/prepared-json'
import type { MediaFile } from '../../lib/api/types'
import { PropertyCaches, readVersion, scopedVersion } from '../cache/read-version'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyDb, raw } from '../db/property-db'
import { mapMediaFile, type MediaRecord } from './map-media-file'
import { ADMIN_COLUMNS, LIST_ORDER_SQL, MEDIA_JOINS } from './media-sql'

export type AdminCatalog = { version: string; media: MediaFile[] }

const caches = new PropertyCaches()

export async function adminCatalog(payload: Payload, scope: PropertyScope): Promise<AdminCatalog> {
  const version = scopedVersion(scope, await readVersion(payload, scope))
  return caches.of(scope).get(version, 'catalog', async () => {
    const { rows } = await propertyDb(poolOf(payload), scope).query<MediaRecord>`
      SELECT ${raw(ADMIN_COLUMNS)} FROM media m ${raw(MEDIA_JOINS)} WHERE m.property_id = ${scope} ORDER BY ${raw(LIST_ORDER_SQL)}`
    return { version, media: rows.map((row) => mapMediaFile(row, { forAdmin: true })) }
  })
}

export async function adminJson(payload: Payload, scope: PropertyScope, key: string, build: (catalog: AdminCatalog) => unknown) {
  const catalog = await adminCatalog(payload, scope)
  const body = await caches.of(scope).get(catalog.version, `json:${key}`, async () => new PreparedJson(build(catalog)))
  return { version: catalog.version, body }
}
