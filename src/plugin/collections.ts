// The gallery's own collections, as the plugin adds them to an app's config. Each call gives
// fresh copies: plugin-multi-tenant and Payload's sanitising change the configs they are given
// (fields pushed, access wrapped, admin menu items added), and the definitions in collections/
// are shared by every config built in a process (tests build several).
import type { CollectionConfig } from 'payload'
import { Media } from '../../collections/media'
import { Properties } from '../../collections/properties'
import { Runs } from '../../collections/runs'
import { Sections } from '../../collections/sections'
import { Users } from '../../collections/users'
import { docAccessEndpoint } from '../../endpoints/doc-access'
import { propertiesEndpoints } from '../../endpoints/properties'
import { runsEndpoints } from '../../endpoints/runs'

/** The accounts collection the gallery reads and writes by this slug (sessions, registration, backups, raw SQL). */
export const USERS_SLUG = 'users'

/** The collections the gallery brings, in the order it adds them (after the app's own). */
export const GALLERY_COLLECTION_SLUGS = ['properties', 'media', 'gallery-sections', 'runs'] as const

/** The endpoints each gallery collection answers before Payload's own ones. */
const OWN_ENDPOINTS: Record<string, CollectionConfig['endpoints']> = {
  properties: propertiesEndpoints,
  runs: runsEndpoints,
}

/** A copy deep enough that whatever a later plugin pushes, wraps or adds lands in the copy only. */
export function copyCollection(collection: CollectionConfig): CollectionConfig {
  const copy: CollectionConfig = { ...collection, fields: [...collection.fields] }
  if (collection.access) copy.access = { ...collection.access }
  if (collection.hooks) {
    copy.hooks = Object.fromEntries(
      Object.entries(collection.hooks).map(([name, hooks]) => [name, Array.isArray(hooks) ? [...hooks] : hooks]),
    )
  }
  if (Array.isArray(collection.endpoints)) copy.endpoints = [...collection.endpoints]
  if (collection.admin) {
    const components = collection.admin.components
    copy.admin = { ...collection.admin }
    if (components) {
      copy.admin.components = { ...components }
      if (components.edit) {
        copy.admin.components.edit = { ...components.edit }
        if (components.edit.editMenuItems) copy.admin.components.edit.editMenuItems = [...components.edit.editMenuItems]
      }
    }
  }
  return copy
}

/**
 * The gallery's collections other than the accounts, each answering POST /{slug}/access/{id}
 * for readable records only (endpoints/doc-access.ts) and its own endpoints when `withEndpoints`.
 */
export function galleryCollections({ withEndpoints }: { withEndpoints: boolean }): CollectionConfig[] {
  return [Properties, Media, Sections, Runs].map((collection) => withGalleryEndpoints(copyCollection(collection), withEndpoints, OWN_ENDPOINTS[collection.slug]))
}

/** The gallery's accounts collection, whole: for an app that has none of its own. */
export function galleryUsers({ withEndpoints }: { withEndpoints: boolean }): CollectionConfig {
  return withGalleryEndpoints(copyCollection(Users), withEndpoints)
}

/** The doc-access endpoint first (it stands before Payload's handler of the same path), then the collection's own. */
export function withGalleryEndpoints(
  collection: CollectionConfig,
  withEndpoints: boolean,
  own: CollectionConfig['endpoints'] = [],
): CollectionConfig {
  if (!withEndpoints || collection.endpoints === false) return collection
  return { ...collection, endpoints: [docAccessEndpoint, ...(own || []), ...(collection.endpoints || [])] }
}
