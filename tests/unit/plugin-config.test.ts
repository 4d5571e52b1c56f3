// propertyGallery() as a plugin of someone else's config (src/plugin): applied to an app that
// has its own `pages` and its own `users`, it keeps both and adds the gallery's collections,
// accounts settings, endpoints, tasks, views and start-up work; the composition only, no database.
import { multiTenantPlugin } from '@payloadcms/plugin-multi-tenant'
import type { Access, CollectionConfig, Config, Endpoint, Payload, TaskConfig } from 'payload'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { firstAccountPlatformAdmin } from '../../collections/users/hooks/first-account-platform-admin'
import { enforcePasswordPolicy } from '../../collections/users/hooks/enforce-password-policy'
import { apiEndpoints } from '../../endpoints'
import { docAccessEndpoint } from '../../endpoints/doc-access'
import { propertiesEndpoints } from '../../endpoints/properties'
import { runsEndpoints } from '../../endpoints/runs'
import { LOCK_TIME_MS, MAX_LOGIN_ATTEMPTS } from '../../src/lib/constants'
import { galleryMultiTenantOptions, propertyGallery, type GalleryMigration } from '../../src/plugin'
import { limitPayloadAuthRoutes } from '../../src/server/auth/sign-in-limits'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { outageBehindNoUser, unavailableAfterError } from '../../src/server/http/unavailable'
import { fieldErrorsAfterError } from '../../src/server/http/field-errors'
import { clientMistakesAtInfo } from '../../src/server/http/client-mistakes-at-info'

const GALLERY_TASKS = [
  'ingestMedia',
  'analyzeMedia',
  'scanDuplicates',
  'backfillDuplicateHashes',
  'backfillPublicCopies',
  'makeAvifRenditions',
  'backfillAvifRenditions',
  'backfillQualityIssues',
  'backup',
  'exportListingPack',
  'renderMediaEdits',
]

const ownUsersHook = () => undefined
const ownRead = vi.fn<Access>(() => true)
const ownEndpoint: Endpoint = { path: '/hello', method: 'get', handler: () => Response.json({ hello: true }) }
// TaskConfig's slug is typed by this repository's generated types, which know only the gallery's tasks.
const ownTask = { slug: 'sendNewsletter', handler: async () => ({ output: {} }) } as unknown as TaskConfig
const ownAfterError = () => undefined

/** An app of its own: pages, its own accounts (a field, a hook, a read rule), an endpoint, a task, a view, a start-up. */
function appConfig(overrides: Partial<Config> = {}): Config {
  return {
    secret: 'not-a-secret-in-a-unit-test',
    collections: [
      { slug: 'pages', fields: [{ name: 'title', type: 'text' }] },
      {
        slug: 'users',
        auth: true,
        fields: [{ name: 'nickname', type: 'text' }],
        hooks: { beforeChange: [ownUsersHook] },
        access: { read: ownRead },
      },
    ],
    endpoints: [ownEndpoint],
    jobs: { tasks: [ownTask] },
    hooks: { afterError: [ownAfterError] },
    admin: {
      components: {
        views: { reports: { Component: '/src/reports#Reports', path: '/reports' } },
        afterNavLinks: ['/src/reports#ReportsLink'],
      },
    },
    onInit: async () => undefined,
    ...overrides,
  } as Config
}

const slugs = (config: Config) => (config.collections ?? []).map((collection) => collection.slug)
const collection = (config: Config, slug: string) => config.collections!.find((each) => each.slug === slug)!
const fieldNames = (collection: CollectionConfig) => collection.fields.map((field) => ('name' in field ? field.name : field.type))

/** A payload whose database is a pool that records what start-up asks of it and answers nothing else. */
function fakePayload(events: string[]) {
  const client = {
    query: async (text: string) => {
      events.push(text.includes('unlock') ? 'unlock' : 'lock')
      return { rows: [] }
    },
    release: () => undefined,
  }
  const pool = {
    listenerCount: () => 0,
    on: () => pool,
    connect: async () => client,
    query: async (text: string) => {
      // The legacy-name check finds no migrations table; anything further has no database.
      if (text.includes('to_regclass')) return { rows: [{ exists: false }] }
      events.push('query')
      throw new Error('no database in a unit test')
    },
  }
  const migrate = vi.fn(async () => void events.push('migrate'))
  return { payload: { db: { pool, migrate }, logger: { info() {}, warn() {} } } as unknown as Payload, migrate }
}

// Storage as a clone without S3 settings sees it (the adapter's fields only), before any config is composed.
vi.stubEnv('S3_ENDPOINT', undefined)
afterAll(() => {
  vi.unstubAllEnvs()
})

describe('propertyGallery() on an app with pages and users of its own', () => {
  const config = propertyGallery()(appConfig()) as Config

  it('keeps the app’s collections first and adds the gallery’s', () => {
    expect(slugs(config)).toEqual(['pages', 'users', 'properties', 'media', 'gallery-sections', 'runs'])
    expect(collection(config, 'pages')).toEqual({ slug: 'pages', fields: [{ name: 'title', type: 'text' }] })
  })

  it('keeps the users collection’s own field and hook and adds the gallery’s role, accounts list, hooks and auth settings', () => {
    const users = collection(config, 'users')
    expect(fieldNames(users)).toEqual(['nickname', 'role', 'properties'])
    expect(users.hooks?.beforeChange).toEqual([ownUsersHook, firstAccountPlatformAdmin])
    expect(users.hooks?.beforeOperation).toEqual([limitPayloadAuthRoutes, strictQuery, strictWrite])
    expect(users.hooks?.beforeValidate).toEqual([enforcePasswordPolicy])
    expect(users.hooks?.afterMe).toEqual([outageBehindNoUser])
    expect(users.auth).toMatchObject({
      loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
      useSessions: true,
      maxLoginAttempts: MAX_LOGIN_ATTEMPTS,
      lockTime: LOCK_TIME_MS,
      removeTokenFromResponses: true,
      cookies: { sameSite: 'Lax' },
    })
    expect(users.endpoints).toEqual([docAccessEndpoint])
    expect(config.admin?.user).toBe('users')
  })

  it('applies the app’s read rule and the gallery’s: either refusing refuses, and the app’s query stays', async () => {
    const read = collection(config, 'users').access!.read!
    const platformAdmin = { id: 'u1', role: 'platform-admin', collection: 'users' }
    const args = (user: unknown) => ({ req: { user } }) as Parameters<Access>[0]

    // Anonymous: the app would allow, the gallery does not.
    ownRead.mockReturnValueOnce(true)
    expect(await read(args(null))).toBe(false)
    // A platform admin: the gallery would allow, the app does not.
    ownRead.mockReturnValueOnce(false)
    expect(await read(args(platformAdmin))).toBe(false)
    // Both allow, the app with a query: the app's query is the answer.
    ownRead.mockReturnValueOnce({ nickname: { equals: 'kim' } })
    expect(await read(args(platformAdmin))).toEqual({ nickname: { equals: 'kim' } })
  })

  it('scopes the gallery’s collections by property and gives each its endpoints', () => {
    expect(fieldNames(collection(config, 'gallery-sections'))).toEqual(['property', 'key', 'name', 'icon', 'colour', 'position'])
    expect(collection(config, 'media').endpoints).toEqual([docAccessEndpoint])
    expect(collection(config, 'properties').endpoints).toEqual(
      expect.arrayContaining([docAccessEndpoint, ...propertiesEndpoints]),
    )
    expect(collection(config, 'runs').endpoints).toEqual([docAccessEndpoint, ...runsEndpoints])
  })

  it('adds its API endpoints, tasks, views, nav link and error hook after the app’s own', () => {
    expect(config.endpoints).toEqual([ownEndpoint, ...apiEndpoints])
    expect(config.jobs?.tasks?.map((task) => task.slug)).toEqual(['sendNewsletter', ...GALLERY_TASKS])
    expect(config.jobs?.deleteJobOnComplete).toBe(true)
    expect(config.admin?.components?.views).toEqual({
      reports: { Component: '/src/reports#Reports', path: '/reports' },
      dashboard: { Component: 'property-gallery/rsc#MediaGalleryView' },
      login: { Component: 'property-gallery/rsc#RedirectToLogin' },
      propertiesOverview: {
        Component: 'property-gallery/rsc#PropertiesOverviewView',
        path: '/properties-overview',
      },
    })
    expect(config.admin?.components?.afterNavLinks).toEqual([
      '/src/reports#ReportsLink',
      'property-gallery/rsc#PropertiesNavLink',
    ])
    expect(config.hooks?.afterError).toEqual([ownAfterError, unavailableAfterError, fieldErrorsAfterError])
  })

  it('runs the app’s own start-up first, then the gallery’s under the start-up lock, and applies no migrations', async () => {
    const events: string[] = []
    const { payload, migrate } = fakePayload(events)
    const appOnInit = vi.fn(async () => void events.push('app onInit'))
    const composed = propertyGallery()(appConfig({ onInit: appOnInit })) as Config

    await expect(composed.onInit!(payload)).rejects.toThrow('no database in a unit test')
    expect(appOnInit).toHaveBeenCalledWith(payload)
    expect(events).toEqual(['app onInit', 'lock', 'query', 'unlock'])
    expect(migrate).not.toHaveBeenCalled()
  })

  it('applies the migrations it is given, under the lock, before its own start-up work', async () => {
    const events: string[] = []
    const { payload, migrate } = fakePayload(events)
    const migrations: GalleryMigration[] = [{ name: '20260101_000000_init', up: async () => undefined, down: async () => undefined }]

    await expect((propertyGallery({ migrations })(appConfig()) as Config).onInit!(payload)).rejects.toThrow('no database in a unit test')
    expect(events).toEqual(['lock', 'migrate', 'query', 'unlock'])
    expect(migrate).toHaveBeenCalledWith({ migrations })
  })

  it('gives an app without a logger one whose hook writes 4xx errors at info, and keeps a logger the app set', () => {
    expect(config.logger).toEqual({ options: { hooks: { logMethod: clientMistakesAtInfo } }, destination: expect.anything() })
    const appLogger = { options: { level: 'warn' } }
    expect((propertyGallery()(appConfig({ logger: appLogger })) as Config).logger).toBe(appLogger)
  })

  it('keeps a deleteJobOnComplete the app set', () => {
    const kept = propertyGallery()(appConfig({ jobs: { tasks: [], deleteJobOnComplete: false } })) as Config
    expect(kept.jobs?.deleteJobOnComplete).toBe(false)
  })

  it('gives the same config each time it is applied (the gallery’s definitions are not changed in place)', () => {
    const again = propertyGallery()(appConfig()) as Config
    expect(fieldNames(collection(again, 'gallery-sections'))).toEqual(['property', 'key', 'name', 'icon', 'colour', 'position'])
    expect(fieldNames(collection(again, 'users'))).toEqual(['nickname', 'role', 'properties'])
  })
})

describe('propertyGallery() on an app without users', () => {
  it('adds the gallery’s own accounts collection', () => {
    const config = propertyGallery()(appConfig({ collections: [{ slug: 'pages', fields: [{ name: 'title', type: 'text' }] }] })) as Config
    expect(slugs(config)).toEqual(['pages', 'users', 'properties', 'media', 'gallery-sections', 'runs'])
    expect(fieldNames(collection(config, 'users'))).toEqual(['role', 'properties'])
    expect(collection(config, 'users').hooks?.beforeChange).toEqual([firstAccountPlatformAdmin])
  })
})

describe('propertyGallery() refusing what it cannot compose', () => {
  it('refuses a config that already has a collection with one of its slugs', () => {
    const clash = appConfig({ collections: [{ slug: 'media', fields: [] }] })
    expect(() => propertyGallery()(clash)).toThrow(
      "propertyGallery: the config already has a collection 'media'; the gallery adds its own collections 'properties', 'media', 'gallery-sections', 'runs'. Rename the app's collection.",
    )
  })

  it('refuses a users collection without auth, and one with a field named like the gallery’s', () => {
    expect(() => propertyGallery()(appConfig({ collections: [{ slug: 'users', fields: [] }] }))).toThrow(
      "propertyGallery: the collection 'users' has no auth.",
    )
    const role = appConfig({ collections: [{ slug: 'users', auth: true, fields: [{ name: 'role', type: 'text' }] }] })
    expect(() => propertyGallery()(role)).toThrow("propertyGallery: the 'users' collection already has a field named 'role'")
  })

  it('refuses an admin user collection other than users', () => {
    expect(() => propertyGallery()(appConfig({ admin: { user: 'admins' } }))).toThrow("propertyGallery: admin.user is 'admins'")
  })

  it('refuses a database adapter with numeric ids (the gallery’s schema uses uuids)', () => {
    const numeric = appConfig({ db: { defaultIDType: 'number', init: () => ({}), name: 'postgres' } as unknown as Config['db'] })
    expect(() => propertyGallery()(numeric)).toThrow("Pass `idType: 'uuid'` to postgresAdapter")
  })

  it('refuses to apply plugin-multi-tenant a second time', () => {
    const withTenants = appConfig({ admin: { components: { beforeNav: [{ path: '@payloadcms/plugin-multi-tenant/rsc#TenantSelector' }] } } })
    expect(() => propertyGallery()(withTenants)).toThrow('propertyGallery: plugin-multi-tenant is already in this config.')
  })
})

describe('propertyGallery({ multiTenant: false }) with the app’s own plugin-multi-tenant after it', () => {
  it('leaves the property scoping to that plugin, given the gallery’s options', () => {
    const unscoped = propertyGallery({ multiTenant: false })(appConfig()) as Config
    expect(fieldNames(collection(unscoped, 'gallery-sections'))).toEqual(['key', 'name', 'icon', 'colour', 'position'])
    expect(fieldNames(collection(unscoped, 'users'))).toEqual(['nickname', 'role'])

    const scoped = multiTenantPlugin({ ...galleryMultiTenantOptions })(unscoped)
    expect(fieldNames(collection(scoped, 'gallery-sections'))).toEqual(['property', 'key', 'name', 'icon', 'colour', 'position'])
    expect(fieldNames(collection(scoped, 'users'))).toEqual(['nickname', 'role', 'properties'])
  })
})

describe('propertyGallery({ enabled: false })', () => {
  const appOnInit = async () => undefined
  const config = propertyGallery({ enabled: false })(appConfig({ onInit: appOnInit })) as Config

  it('adds the schema: the collections, the accounts’ fields and auth settings, the property fields and the task slugs', () => {
    expect(slugs(config)).toEqual(['pages', 'users', 'properties', 'media', 'gallery-sections', 'runs'])
    const users = collection(config, 'users')
    expect(fieldNames(users)).toEqual(['nickname', 'role', 'properties'])
    expect(users.auth).toMatchObject({ useSessions: true, loginWithUsername: { requireUsername: true } })
    expect(fieldNames(collection(config, 'media'))).toContain('property')
    // payload_jobs.task_slug is an enum of the task slugs: without them the schema would change.
    expect(config.jobs?.tasks?.map((task) => task.slug)).toEqual(['sendNewsletter', ...GALLERY_TASKS])
  })

  it('adds no endpoints, views, hooks or start-up work', () => {
    expect(config.endpoints).toEqual([ownEndpoint])
    expect(collection(config, 'media').endpoints).toBeUndefined()
    expect(collection(config, 'users').endpoints).toBeUndefined()
    expect(collection(config, 'users').hooks).toEqual({ beforeChange: [ownUsersHook] })
    expect(config.admin?.components?.views).toEqual({ reports: { Component: '/src/reports#Reports', path: '/reports' } })
    expect(config.admin?.components?.afterNavLinks).toEqual(['/src/reports#ReportsLink'])
    expect(config.hooks?.afterError).toEqual([ownAfterError])
    expect(config.onInit).toBe(appOnInit)
  })
})
