// Which property Media Gallery Pro acts on and how its requests name it (docs/properties-design.md
// §3.3): the property chosen in the admin's selector when the account may act on it, else the one
// the bare paths act on, else the account's first. The bare paths' property is reached by them
// (base ''), any other through its prefix (base '/p/{slug}'), for the API and the public site alike.
import type { CurrentUser, PropertyRef } from './types'

/** The property the screen acts on, from GET /api/user (bare) and the selector's choice. */
export function chooseProperty(user: Pick<CurrentUser, 'property' | 'properties'>, selectedId?: string | number | null): PropertyRef {
  const { property, properties } = user
  const byId = (id: string | number) => properties.find((candidate) => candidate.id === String(id))
  return (selectedId != null ? byId(selectedId) : undefined) ?? byId(property.id) ?? properties[0] ?? property
}

/** The part of the URL that names the property: nothing, or its `/p/{slug}` prefix. */
export type PropertyBasePath = '' | `/p/${string}`

/** A link to an app path (`/`, `/gallery/…?…`) under a property's base path (`/p/x` for its home). */
export function hrefFor(basePath: PropertyBasePath, path: string): string {
  const appPath = path.startsWith('/') ? path : `/${path}`
  return basePath && appPath === '/' ? basePath : basePath + appPath
}

/** '' for the property the bare paths act on, '/p/{slug}' for any other. */
export function basePathFor(property: PropertyRef, bareProperty: PropertyRef): PropertyBasePath {
  return property.id === bareProperty.id ? '' : `/p/${property.slug}`
}

