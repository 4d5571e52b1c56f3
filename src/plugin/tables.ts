// The gallery's own tables (src/server/db/gallery-tables.ts) in the app's Postgres schema: the
// plugin adds them to the adapter's afterSchemaInit hooks, after the app's own, so the app's
// `payload migrate:create` describes and migrates them with everything else.
import type { Config } from 'payload'
import { galleryTables } from '../server/db/gallery-tables'

type SchemaHooks = { afterSchemaInit?: unknown[] }

export function withGalleryTables(db: Config['db']): Config['db'] {
  // A config without its adapter yet (Payload refuses it at start): nothing to add to.
  if (!db) return db
  if (db.name !== 'postgres') {
    throw new Error(`propertyGallery: the gallery needs @payloadcms/db-postgres (this config's database adapter is '${db.name ?? 'unnamed'}').`)
  }
  return {
    ...db,
    init: (args) => {
      const adapter = db.init(args)
      const hooks = adapter as unknown as SchemaHooks
      hooks.afterSchemaInit = [...(hooks.afterSchemaInit ?? []), galleryTables]
      return adapter
    },
  }
}
