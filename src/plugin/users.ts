// The gallery's accounts merged into an app's own users collection: the app keeps its fields,
// hooks, access and admin settings; the gallery adds its role field, its hooks after the app's,
// its access rules on top of the app's (both must allow) and the auth settings it relies on
// (username sign-in, server-side sessions, lockout), which win over the app's.
import type { Access, CollectionConfig } from 'payload'
import { Users } from '../../collections/users'
import { bothAllow } from './both-allow'
import { copyCollection } from './collections'

type Hooks = NonNullable<CollectionConfig['hooks']>
type CollectionAccess = NonNullable<CollectionConfig['access']>

const fieldNames = (collection: CollectionConfig) =>
  collection.fields.flatMap((field) => ('name' in field && typeof field.name === 'string' ? [field.name] : []))

/**
 * The app's users collection with the gallery's accounts settings added. With `behaviour`
 * false (the plugin disabled) only what the database schema needs is added: the fields and the
 * auth settings, not the hooks or access rules.
 */
export function mergeGalleryUsers(appUsers: CollectionConfig, { behaviour }: { behaviour: boolean }): CollectionConfig {
  if (!appUsers.auth) {
    throw new Error(
      `propertyGallery: the collection '${appUsers.slug}' has no auth. The gallery's accounts need an auth collection with the slug '${appUsers.slug}': add \`auth: true\` to it, or remove it and the gallery adds its own.`,
    )
  }
  const gallery = copyCollection(Users)
  const taken = fieldNames(gallery).filter((name) => fieldNames(appUsers).includes(name))
  if (taken.length > 0) {
    throw new Error(
      `propertyGallery: the '${appUsers.slug}' collection already has a field named ${taken.map((name) => `'${name}'`).join(', ')}, which the gallery adds to accounts. Rename the app's field.`,
    )
  }
  const appAuth = typeof appUsers.auth === 'object' ? appUsers.auth : {}
  const galleryAuth = typeof gallery.auth === 'object' ? gallery.auth : {}
  const merged: CollectionConfig = {
    ...appUsers,
    fields: [...appUsers.fields, ...gallery.fields],
    auth: {
      ...appAuth,
      ...galleryAuth,
      cookies: { ...appAuth.cookies, ...galleryAuth.cookies },
    },
  }
  if (!behaviour) return merged
  return {
    ...merged,
    admin: { ...gallery.admin, ...appUsers.admin },
    hooks: concatHooks(appUsers.hooks ?? {}, gallery.hooks ?? {}),
    access: combineAccess(appUsers.access ?? {}, gallery.access ?? {}),
  }
}

/** Each kind of hook: the app's first, then the gallery's. */
function concatHooks(app: Hooks, gallery: Hooks): Hooks {
  const merged: Record<string, unknown> = { ...app }
  for (const [name, hooks] of Object.entries(gallery)) {
    merged[name] = [...((app as Record<string, unknown[] | undefined>)[name] ?? []), ...(hooks as unknown[])]
  }
  return merged as Hooks
}

/** Each operation the gallery rules on answers as both rules allow; the app's other rules stay as they are. */
function combineAccess(app: CollectionAccess, gallery: CollectionAccess): CollectionAccess {
  const merged: Record<string, unknown> = { ...app }
  for (const [operation, galleryRule] of Object.entries(gallery)) {
    const appRule = (app as Record<string, Access | undefined>)[operation]
    merged[operation] = appRule ? bothAllow(appRule, galleryRule as Access) : galleryRule
  }
  return merged as CollectionAccess
}
