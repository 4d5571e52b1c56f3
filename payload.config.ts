// Wiring only: collections, endpoints, storage, admin views and the database.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import { s3Storage } from '@payloadcms/storage-s3'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { Media } from './collections/media'
import { Properties } from './collections/properties'
import { Runs } from './collections/runs'
import { Sections } from './collections/sections'
import { Users } from './collections/users'
import { backupTask } from './jobs/backup'
import { analyzeMediaTask } from './jobs/analyze-media'
import { ingestMediaTask } from './jobs/ingest-media'
import { scanDuplicatesTask } from './jobs/scan-duplicates'
import { backfillDuplicateHashesTask } from './jobs/backfill-duplicate-hashes'
import { backfillPublicCopiesTask } from './jobs/backfill-public-copies'
import { backfillAvifRenditionsTask, makeAvifRenditionsTask } from './jobs/make-avif-renditions'
import { backfillQualityIssuesTask } from './jobs/backfill-quality-issues'
import { exportListingPackTask } from './jobs/export-listing-pack'
import { apiEndpoints } from './endpoints'
import { docAccessEndpoint } from './endpoints/doc-access'
import { propertiesEndpoints } from './endpoints/properties'
import { runsEndpoints } from './endpoints/runs'
import { migrations } from './src/migrations'
import { LOCKS, withAdvisoryLock } from './src/server/db/advisory-lock'
import { renameLegacyMigrations } from './src/server/db/migration-names'
import { poolOf } from './src/server/db/pool'
import { seedSections } from './src/server/sections/seed-sections'
import { actorOf } from './src/server/auth/access'
import { queueHashBackfill } from './src/server/duplicates/backfill'
import { queuePublicCopyBackfill } from './src/server/media/public-copy-backfill'
import { queueAvifBackfill } from './src/server/media/avif-renditions'
import { queueQualityBackfill } from './src/server/media/quality-backfill'
import { s3ClientConfig } from './src/server/storage/client'
import { csrfOrigins, readEnv, secretWithoutEnv } from './src/server/env'
import { objectUrl } from './src/lib/media-urls'
import { COOKIE_PREFIX } from './src/lib/constants'
import { unavailableAfterError } from './src/server/http/unavailable'
import { registerGalleryRuntime } from './src/server/http/gallery-runtime'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const env = readEnv()

export default buildConfig({
  serverURL: env.SERVER_URL,
  csrf: csrfOrigins(),
  secret: env.PAYLOAD_SECRET ?? secretWithoutEnv(),
  cookiePrefix: COOKIE_PREFIX,
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · Media Gallery Pro' },
    components: {
      views: {
        // Media Gallery Pro (it includes the upload card) replaces the stock dashboard.
        dashboard: { Component: '/src/admin/media-gallery-view#MediaGalleryView' },
        // Visitors sign in on the product's own /login page, not Payload's.
        login: { Component: '/src/admin/redirect-to-login#RedirectToLogin' },
        // Every property with its media count and last backup (platform admins).
        propertiesOverview: {
          Component: '/collections/properties/admin/overview-view#PropertiesOverviewView',
          path: '/properties-overview',
        },
      },
      afterNavLinks: ['/collections/properties/admin/overview-nav-link#PropertiesNavLink'],
    },
  },
  // GET /api/runs and /api/runs/{id} answer as the runs collection's own endpoints, and
  // POST /api/properties/{id}/remove as the properties collection's.
  // Each also answers POST /api/{slug}/access/{id} only for a record the caller may read (endpoints/doc-access.ts).
  collections: [Users, { ...Properties, endpoints: propertiesEndpoints }, Media, Sections, { ...Runs, endpoints: runsEndpoints }].map(
    (collection) => ({ ...collection, endpoints: [docAccessEndpoint, ...(collection.endpoints || [])] }),
  ),
  endpoints: apiEndpoints,
  // Run by the worker loop the server starts (src/server/jobs/worker.ts), not by a cron.
  jobs: { tasks: [ingestMediaTask, analyzeMediaTask, scanDuplicatesTask, backfillDuplicateHashesTask, backfillPublicCopiesTask, makeAvifRenditionsTask, backfillAvifRenditionsTask, backfillQualityIssuesTask, backupTask, exportListingPackTask], deleteJobOnComplete: true },
  db: postgresAdapter({
    pool: { connectionString: env.DATABASE_URL, max: 20 },
    idType: 'uuid',
    // The schema is only ever changed by committed migrations (never pushed), so a
    // production start can apply them without an interactive prompt.
    push: false,
    migrationDir: path.resolve(dirname, 'src/migrations'),
  }),
  // A database or store outage answers 503 with a message on Payload's routes too.
  hooks: { afterError: [unavailableAfterError] },
  graphQL: { disable: true },
  sharp,
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  plugins: [
    // Every media record and section belongs to one property (docs/properties-design.md §1): the
    // plugin adds the field, scopes Payload's REST and admin to the account's properties, and
    // gives the admin its property selector. The raw-SQL reads are scoped by our own helper.
    multiTenantPlugin({
      tenantsSlug: 'properties',
      // A record never moves to another property.
      tenantField: { name: 'property', access: { update: () => false } },
      tenantsArrayField: { arrayFieldName: 'properties', arrayTenantFieldName: 'property' },
      collections: { media: {}, 'gallery-sections': {}, runs: {} },
      userHasAccessToAllTenants: (user) => actorOf(user)?.role === 'platform-admin',
      // Removing a property is a run of its own with a final backup, not a cascade of deletes.
      cleanupAfterTenantDelete: false,
      i18n: { translations: { en: { 'nav-tenantSelector-label': 'Property' } } },
    }),
    s3Storage({
      enabled: Boolean(env.S3_ENDPOINT),
      // Same schema whether or not storage is configured (builds and code generation run without it).
      alwaysInsertFields: true,
      bucket: env.S3_BUCKET,
      acl: 'private',
      // A file's URL is the app's own delivery (visibility checked there), not /api/media/file/…,
      // which would look for an object named after the filename.
      collections: { media: { generateFileURL: ({ filename }) => objectUrl(filename) } },
      config: s3ClientConfig(env),
    }),
  ],
  // Every start applies the committed migrations and seeds the sections, once across
  // instances (advisory lock); Payload itself would only migrate in production.
  onInit: async (payload) => {
    // The proxy finds the running Payload here (src/server/http/gallery-runtime.ts).
    registerGalleryRuntime(payload)
    await withAdvisoryLock(payload, LOCKS.startup, async () => {
      // A database that recorded a migration under an earlier name must not run it again.
      await renameLegacyMigrations(poolOf(payload))
      // Generated migrations are typed for the postgres adapter; migrate() takes the generic shape.
      await payload.db.migrate({ migrations: migrations as never })
      await seedSections(payload)
      // Media processed before mirror and region hashes existed get them (a job, once).
      await queueHashBackfill(payload).catch((error: unknown) =>
        payload.logger.warn({ err: error, msg: 'Could not queue the duplicate hash backfill' }),
      )
      // Media processed before public copies existed get theirs (a job, once).
      await queuePublicCopyBackfill(payload).catch((error: unknown) =>
        payload.logger.warn({ err: error, msg: 'Could not queue the public copy backfill' }),
      )
      // Photos processed before AVIF renditions existed get theirs (a job, once).
      await queueAvifBackfill(payload).catch((error: unknown) =>
        payload.logger.warn({ err: error, msg: 'Could not queue the AVIF backfill' }),
      )
      // Photos processed before ingest measured quality get their codes (a job, once).
      await queueQualityBackfill(payload).catch((error: unknown) =>
        payload.logger.warn({ err: error, msg: 'Could not queue the quality backfill' }),
      )
    })
  },
})
