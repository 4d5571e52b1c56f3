// The read-model version of a property: a counter in PostgreSQL that triggers bump on every
// write to the property's media, their texts, its sections or its own record (whoever writes:
// our endpoints, Payload's editors, a restore). Answers prepared for one version are reused
// until it changes, in every app instance; a write in one property leaves the others' valid.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyDb } from '../db/property-db'

export async function readVersion(payload: Payload, scope: PropertyScope): Promise<string> {
  const { rows } = await propertyDb(poolOf(payload), scope).query<{ version: string }>`
    SELECT version::text AS version FROM gallery_read_version WHERE property_id = ${scope}`
  return rows[0]?.version ?? '0'
}

/** The version string of a property's answers: its counter, and its id so two properties' never match. */
export const scopedVersion = (scope: PropertyScope, version: string) => `${version}.${scope.id.slice(0, 8)}`

type Entry = { version: string; values: Map<string, Promise<unknown>> }

/** Memoises values per read-model version; a new version drops everything older. */
export class VersionedCache {
  private entry: Entry = { version: '', values: new Map() }

  async get<T>(version: string, key: string, build: () => Promise<T>): Promise<T> {
    if (this.entry.version !== version) this.entry = { version, values: new Map() }
    const values = this.entry.values
    let value = values.get(key) as Promise<T> | undefined
    if (!value) {
      value = build()
      values.set(key, value)
      // A failed build must not be cached.
      value.catch(() => values.get(key) === value && values.delete(key))
    }
    return value
  }
}

/**
 * One VersionedCache per property, the most recently used kept (a property's prepared answers
 * are a few MB at 1,000 media): a property not asked for in a while is prepared again.
 */
export class PropertyCaches {
  private caches = new Map<string, VersionedCache>()

  constructor(private readonly limit = 64) {}

  of(scope: PropertyScope): VersionedCache {
    let cache = this.caches.get(scope.id)
    if (cache) this.caches.delete(scope.id)
    else cache = new VersionedCache()
    this.caches.set(scope.id, cache)
    if (this.caches.size > this.limit) this.caches.delete(this.caches.keys().next().value!)
    return cache
  }
}
