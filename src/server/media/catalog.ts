// The administrator's view of all media (hidden, pending and failed included, with
// internal notes), prepared once per read-model version like the public read model.
import type { Payload } from 'payload'
import { PreparedJson } from '../http/prepared-json'
import type { MediaFile } from '../../lib/api/types'
import { VersionedCache, readVersion } from '../cache/read-version'
import { poolOf } from '../db/pool'
import { mapMediaFile, type MediaRecord } from './map-media-file'
import { ADMIN_COLUMNS, LIST_ORDER_SQL, MEDIA_JOINS } from './media-sql'

export type AdminCatalog = { version: string; media: MediaFile[] }

const cache = new VersionedCache()

export async function adminCatalog(payload: Payload): Promise<AdminCatalog> {
  const version = await readVersion(payload)
  return cache.get(version, 'catalog', async () => {
    const { rows } = await poolOf(payload).query<MediaRecord>(
      `SELECT ${ADMIN_COLUMNS} FROM media m ${MEDIA_JOINS} ORDER BY ${LIST_ORDER_SQL}`,
    )
    return { version, media: rows.map((row) => mapMediaFile(row, { forAdmin: true })) }
  })
}

export async function adminJson(payload: Payload, key: string, build: (catalog: AdminCatalog) => unknown) {
  const catalog = await adminCatalog(payload)
  const body = await cache.get(catalog.version, `json:${key}`, async () => new PreparedJson(build(catalog)))
  return { version: catalog.version, body }
}
