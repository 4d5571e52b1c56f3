// Avg Load Time (spec §2 stat cards) from real visitors: image load durations their
// browsers measured, averaged over the most recent samples. 0 until there are any. Each
// property has its own: a sample is recorded under the property whose page reported it.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'
import { type PropertyScope, propertyDb } from '../db/property-db'

/** The stat averages this many of the latest samples, from the last 30 days. */
export const RECENT_SAMPLES = 1000

export async function recordLoadTimes(payload: Payload, scope: PropertyScope, samples: number[]): Promise<void> {
  const durations = samples.map((sample) => Math.round(sample))
  await propertyDb(poolOf(payload), scope).query`
    INSERT INTO gallery_load_samples (property_id, duration_ms) SELECT ${scope}::uuid, unnest(${durations}::integer[])`
}

/**
 * Mean of the property's recent samples in seconds, two decimals; 0 when nothing was measured yet.
 * Read for each stats request (the admin's, an indexed read of at most 1,000 rows), so the figure is
 * the current one on every instance.
 */
export async function averageLoadTimeSeconds(payload: Payload, scope: PropertyScope): Promise<number> {
  const { rows } = await propertyDb(poolOf(payload), scope).query<{ mean: string | null }>`
    SELECT avg(duration_ms)::float8 AS mean FROM (
      SELECT duration_ms FROM gallery_load_samples
       WHERE property_id = ${scope} AND created_at > now() - interval '30 days'
       ORDER BY created_at DESC LIMIT ${RECENT_SAMPLES}
    ) recent`
  return rows[0]?.mean == null ? 0 : Math.round(Number(rows[0].mean) / 10) / 100
}
