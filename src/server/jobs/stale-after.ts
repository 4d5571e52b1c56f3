// How long a job marked processing may go untouched before it counts as lost (its worker
// crashed or was killed) and is claimed again. Production keeps the default; the crash
// suites set JOBS_STALE_AFTER_MS to a few seconds so a re-claim does not take two minutes.
import { millisecondsSetting, type EnvVars } from '../env'

export const DEFAULT_STALE_AFTER_MS = 120_000
/** A heartbeat every quarter of the limit: three may be late before a live job looks lost. */
export const HEARTBEATS_PER_STALE_LIMIT = 4
const MIN_STALE_AFTER_MS = 1_000

export function jobsStaleAfterMs(env: EnvVars = process.env): number {
  return millisecondsSetting(env, 'JOBS_STALE_AFTER_MS', { fallback: DEFAULT_STALE_AFTER_MS, min: MIN_STALE_AFTER_MS })
}
