// What the gallery does when Payload starts: it leaves Payload where the proxy finds it and keeps
// a dropped idle database connection from ending the process, then, once
// across instances (advisory lock), applies the migrations the app hands it, if any, seeds the
// five areas of a property that has none, and queues the one-off backfill jobs for media
// processed before a derived field existed.
import type { Migration, Payload } from 'payload'
import { LOCKS, withAdvisoryLock } from '../server/db/advisory-lock'
import { refuseLegacyMigrationNames } from '../server/db/migration-names'
import { keepPoolErrorsQuiet, poolOf } from '../server/db/pool'
import { registerGalleryRuntime } from '../server/http/gallery-runtime'
import { BACKFILLS } from '../../jobs/backfills'
import { queueBackfill } from '../server/jobs/backfill'
import { seedSections } from '../server/sections/seed-sections'

/** A migration as `payload migrate:create` writes it for any database adapter. */
export type GalleryMigration = {
  name: string
  up: (args: never) => Promise<void>
  down: (args: never) => Promise<void>
}

export function galleryStartup({ migrations }: { migrations?: readonly GalleryMigration[] }) {
  return (payload: Payload) => {
    // The proxy finds the running Payload here (src/server/http/gallery-runtime.ts).
    registerGalleryRuntime(payload)
    keepPoolErrorsQuiet(payload)
    return withAdvisoryLock(payload, LOCKS.startup, async () => {
      if (migrations) {
        // A database that recorded a migration under an earlier name must not run it again.
        await refuseLegacyMigrationNames(poolOf(payload))
        // Payload itself would only migrate in production.
        await payload.db.migrate({ migrations: [...migrations] as unknown as Migration[] })
      }
      await seedSections(payload)
      // Media processed before a derived field existed get it (a job per backfill, queued once).
      for (const backfill of BACKFILLS) {
        await queueBackfill(payload, backfill).catch((error: unknown) =>
          payload.logger.warn({ err: error, msg: `Could not queue the backfill "${backfill.label}"` }),
        )
      }
    })
  }
}
