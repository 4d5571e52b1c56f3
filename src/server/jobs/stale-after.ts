// How long a job marked processing may go untouched before it counts as lost (its worker
// crashed or was killed) and is claimed again. Production keeps the default; the crash
// suites set JOBS_STALE_AFTER_MS to a few seconds so a re-claim does not take two minutes.
import type { EnvVars } from '../env'

export const DEFAULT_STALE_AFTER_MS = 120_000
/** A heartbeat every quarter of the limit: three may be late before a live job looks lost. */
export const HEARTBEATS_PER_STALE_LIMIT = 4
const MIN_STALE_AFTER_MS = 1_000

export function jobsStaleAfterMs(env: EnvVars = process.env): number {
  const text = env.JOBS_STALE_AFTER_MS?.trim()
  if (!text) return DEFAULT_STALE_AFTER_MS
  const value = Number(text)
  if (!Number.isInteger(value) || value < MIN_STALE_AFTER_MS) {
    throw new Error(
      `Invalid configuration: JOBS_STALE_AFTER_MS must be a whole number of milliseconds, at least ${MIN_STALE_AFTER_MS} (got "${text}").`,
    )
  }
  return value
}
