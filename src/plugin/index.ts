// The property gallery as a Payload plugin: `plugins: [propertyGallery()]` adds the gallery's
// collections (properties, media, gallery-sections, runs), its accounts settings on the app's
// `users`, its API endpoints, job tasks, admin views and start-up work to any Payload 3 config,
// keeping everything the config already has. Like Payload's own plugins it returns the config
// it was given, extended: (config) => config.
//
// Order relative to @payloadcms/plugin-multi-tenant: by default the gallery applies that plugin
// itself, with properties as the tenants (galleryMultiTenantOptions), so the config must not
// list it too. An app that runs plugin-multi-tenant for collections of its own passes
// `multiTenant: false` and lists its multiTenantPlugin AFTER propertyGallery (plugins run in
// the order listed, and plugin-multi-tenant needs the `properties` collection to exist), with
// galleryMultiTenantOptions plus its own collections.
import { defaultLoggerOptions, type CollectionConfig, type Config, type Plugin } from 'payload'
import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import { apiEndpoints } from '../../endpoints'
import { clientMistakesAtInfo } from '../server/http/client-mistakes-at-info'
import { REFUSED_REQUEST } from '../server/http/errors'
import { fieldErrorsAfterError } from '../server/http/field-errors'
import { unavailableAfterError } from '../server/http/unavailable'
import { galleryAdminViews, galleryNavLinks } from './admin'
import { namePayloadErrors } from './error-names'
import { GALLERY_COLLECTION_SLUGS, USERS_SLUG, galleryCollections, galleryUsers, withGalleryEndpoints } from './collections'
import { galleryMultiTenantOptions } from './multi-tenant'
import { type GalleryMigration, galleryStartup } from './startup'
import { galleryStorage } from './storage'
import { withGalleryTables } from './tables'
import { galleryTasks } from './tasks'
import { mergeGalleryUsers } from './users'

export { galleryMultiTenantOptions } from './multi-tenant'
export type { GalleryMigration } from './startup'
export { startGalleryWorker } from './worker'
/** For the app's `instrumentation.ts`, before Payload starts: src/server/http/server-requests.ts. */
export { hookServerRequests } from '../server/http/server-requests'
/**
 * The gallery's schema as migrations (this repository's `src/migrations`): its tables, triggers,
 * functions, the read-model version and the default property. An app applies them before its own
 * (`propertyGallery({ migrations: [...galleryMigrations, ...migrations] })`); they use uuid ids.
 */
export { migrations as galleryMigrations } from '../migrations'

export type PropertyGalleryOptions = {
  /**
   * false: add only what the database schema needs — the collections, the accounts' fields and
   * auth settings, the `property` fields, the storage fields and the job task slugs — and no
   * endpoints, admin views, error hook or start-up work, so an app's migrations stay in step
   * while the gallery is switched off (as Payload's plugin template does).
   * @default true
   */
  enabled?: boolean
  /**
   * true: the gallery applies @payloadcms/plugin-multi-tenant itself with properties as the
   * tenants (galleryMultiTenantOptions). false: the app applies it, after propertyGallery, with
   * galleryMultiTenantOptions (its own collections added to `collections`).
   * @default true
   */
  multiTenant?: boolean
  /**
   * Migrations the gallery applies on every start, before its own start-up work and under the
   * same advisory lock, so several instances starting together apply them once. The root app of
   * this repository passes its committed migrations (src/migrations). Without them the plugin
   * applies none: the app runs `payload migrate` itself.
   * @default undefined (none)
   */
  migrations?: readonly GalleryMigration[]
}

/** The Payload plugin that adds the property gallery to a config. */
export function propertyGallery(options: PropertyGalleryOptions = {}): Plugin {
  const { enabled = true, multiTenant = true, migrations } = options
  return (incomingConfig: Config): Config => {
    // Here, not at start-up: each of Next's module graphs that loads the config has its own Payload.
    namePayloadErrors()
    const own = incomingConfig.collections ?? []
    refuseTakenSlugs(own)
    const usersSlug = incomingConfig.admin?.user ?? USERS_SLUG
    if (usersSlug !== USERS_SLUG) {
      throw new Error(
        `propertyGallery: admin.user is '${usersSlug}', but the gallery's accounts live in the '${USERS_SLUG}' collection (its sessions, registration, backups and SQL name it). Use '${USERS_SLUG}' as the admin's users collection.`,
      )
    }
    if (incomingConfig.db?.defaultIDType === 'number') {
      throw new Error(
        "propertyGallery: the database adapter uses numeric ids, but the gallery's schema and queries use uuid ids. Pass `idType: 'uuid'` to postgresAdapter.",
      )
    }
    if (multiTenant && multiTenantAlreadyApplied(incomingConfig)) {
      throw new Error(
        'propertyGallery: plugin-multi-tenant is already in this config. Pass `multiTenant: false` and give that plugin galleryMultiTenantOptions (listed after propertyGallery), or remove it and let the gallery apply it.',
      )
    }
    const appUsers = own.find((collection) => collection.slug === USERS_SLUG)
    const collections: CollectionConfig[] = [
      ...own.map((collection) =>
        collection === appUsers ? withGalleryEndpoints(mergeGalleryUsers(collection, { behaviour: enabled }), enabled) : collection,
      ),
      ...(appUsers ? [] : [galleryUsers({ withEndpoints: enabled })]),
      ...galleryCollections({ withEndpoints: enabled }),
    ]
    let config: Config = {
      ...incomingConfig,
      // Schema, so added even when disabled: the gallery's tables that are no collection's.
      db: withGalleryTables(incomingConfig.db),
      admin: { ...incomingConfig.admin, user: USERS_SLUG },
      collections,
      // The task slugs are schema (an enum of payload_jobs), so they are added even when disabled.
      jobs: {
        ...incomingConfig.jobs,
        tasks: [...(incomingConfig.jobs?.tasks ?? []), ...galleryTasks],
        deleteJobOnComplete: incomingConfig.jobs?.deleteJobOnComplete ?? true,
      },
    }
    refuseTakenTaskSlugs(config)
    if (enabled) config = withGalleryBehaviour(config, incomingConfig, migrations)
    if (multiTenant) config = multiTenantPlugin({ ...galleryMultiTenantOptions })(config)
    // storage-s3 extends the config synchronously (its Plugin type allows a promise).
    return galleryStorage()(config) as Config
  }
}

/** Endpoints, admin views, the outage hook and start-up work: everything but the schema. */
function withGalleryBehaviour(config: Config, incomingConfig: Config, migrations?: readonly GalleryMigration[]): Config {
  const components = incomingConfig.admin?.components
  const startup = galleryStartup({ migrations })
  const appOnInit = incomingConfig.onInit
  return {
    ...config,
    endpoints: [...(incomingConfig.endpoints ?? []), ...apiEndpoints],
    admin: {
      ...config.admin,
      components: {
        ...components,
        // The dashboard and login views are the gallery's (Media Gallery Pro; sign-in on /login).
        views: { ...components?.views, ...galleryAdminViews },
        afterNavLinks: [...(components?.afterNavLinks ?? []), ...galleryNavLinks],
      },
    },
    // A database or store outage answers 503 with a message on Payload's routes too; a refused
    // field's message reaches the admin's form in the production build as under `next dev`.
    hooks: {
      ...incomingConfig.hooks,
      afterError: [...(incomingConfig.hooks?.afterError ?? []), unavailableAfterError, fieldErrorsAfterError],
    },
    // A client's mistake is logged at info with its message, like Payload's own NotFound or
    // ValidationError: requests the gallery's hooks refuse or slow down (src/server/http/errors.ts),
    // and a wrong password or an unverified address on Payload's sign-in, which it would log as
    // errors with their stacks. A level the app sets wins. Payload's type names only its own errors,
    // but it looks any error's name up (its logError; the security-holes and auth integration tests
    // hold this).
    loggingLevels: {
      AuthenticationError: 'info',
      UnverifiedEmail: 'info',
      [REFUSED_REQUEST]: 'info',
      ...config.loggingLevels,
    } as Config['loggingLevels'],
    // Payload's own output (its pretty printer) with a hook for the errors loggingLevels cannot tell
    // apart: Payload's plain APIError has one name for its 400s and its 500s, and one with a 4xx
    // status is written at info (src/server/http/client-mistakes-at-info.ts). A logger the app sets wins.
    logger: incomingConfig.logger ?? { options: { hooks: { logMethod: clientMistakesAtInfo } }, destination: defaultLoggerOptions },
    // The app's own start-up first, then the gallery's.
    onInit: appOnInit
      ? async (payload) => {
          await appOnInit(payload)
          await startup(payload)
        }
      : startup,
  }
}

function refuseTakenSlugs(collections: CollectionConfig[]) {
  const taken = collections.filter((collection) => (GALLERY_COLLECTION_SLUGS as readonly string[]).includes(collection.slug))
  if (taken.length > 0) {
    const slugs = taken.map((collection) => `'${collection.slug}'`).join(', ')
    throw new Error(
      `propertyGallery: the config already has a collection ${slugs}; the gallery adds its own collections ${GALLERY_COLLECTION_SLUGS.map((slug) => `'${slug}'`).join(', ')}. Rename the app's collection.`,
    )
  }
}

function refuseTakenTaskSlugs(config: Config) {
  const slugs = (config.jobs?.tasks ?? []).map((task) => task.slug)
  const twice = slugs.filter((slug, index) => slugs.indexOf(slug) !== index)
  if (twice.length > 0) {
    throw new Error(`propertyGallery: the config already has a job task '${twice[0]}', which the gallery registers. Rename the app's task.`)
  }
}

const pathOf = (component: unknown) =>
  typeof component === 'string' ? component : ((component as { path?: string } | undefined)?.path ?? '')

function multiTenantAlreadyApplied(config: Config) {
  return (config.admin?.components?.beforeNav ?? []).some((component) => pathOf(component).startsWith('@payloadcms/plugin-multi-tenant/'))
}
