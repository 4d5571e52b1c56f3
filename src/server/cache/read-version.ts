// The read-model version: a counter in PostgreSQL that triggers bump on every write to
// media or sections (whoever writes: our endpoints, Payload's editors, a restore).
// Answers prepared for one version are reused until it changes, in every app instance.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'

export async function readVersion(payload: Payload): Promise<string> {
  const { rows } = await poolOf(payload).query<{ version: string }>(
    'SELECT version::text AS version FROM gallery_read_version WHERE id = 1',
  )
  return rows[0]?.version ?? '0'
}

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
