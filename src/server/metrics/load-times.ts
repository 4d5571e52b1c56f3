// Avg Load Time (spec §2 stat cards) from real visitors: image load durations their
// browsers measured, averaged over the most recent samples. 0 until there are any.
import type { Payload } from 'payload'
import { poolOf } from '../db/pool'

/** The stat averages this many of the latest samples, from the last 30 days. */
export const RECENT_SAMPLES = 1000
const CACHE_MS = 30_000

let cached: { at: number; value: number } | undefined

export async function recordLoadTimes(payload: Payload, samples: number[]): Promise<void> {
  await poolOf(payload).query('INSERT INTO gallery_load_samples (duration_ms) SELECT unnest($1::integer[])', [
    samples.map((sample) => Math.round(sample)),
  ])
  cached = undefined
}

/** Mean of the recent samples in seconds, two decimals; 0 when nothing was measured yet. */
export async function averageLoadTimeSeconds(payload: Payload): Promise<number> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value
  const { rows } = await poolOf(payload).query<{ mean: string | null }>(
    `SELECT avg(duration_ms)::float8 AS mean FROM (
       SELECT duration_ms FROM gallery_load_samples
       WHERE created_at > now() - interval '30 days'
       ORDER BY created_at DESC LIMIT ${RECENT_SAMPLES}
     ) recent`,
  )
  const value = rows[0]?.mean == null ? 0 : Math.round(Number(rows[0].mean) / 10) / 100
  cached = { at: Date.now(), value }
  return value
}
