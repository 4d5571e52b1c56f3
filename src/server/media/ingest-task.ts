// Names shared by the ingest job's definition and the code that queues it.
import { millisecondsSetting, type EnvVars } from '../env'

export const INGEST_TASK = 'ingestMedia'
/** Attempts after the first one, for failures that may be transient (store or database hiccups). */
export const INGEST_RETRIES = 2
/**
 * After an outage of the store or the database, the next try of an ingest comes this much
 * later, doubled after each try that met the outage again, up to OUTAGE_RETRY_MAX_MS: 10 s,
 * 20 s, 40 s, … 5 minutes. A long outage then costs a few tries an hour per photo, not one
 * every 10 s, and a short one is caught up within seconds of its end.
 */
export const OUTAGE_RETRY_MS = 10_000
export const OUTAGE_RETRY_MAX_MS = 5 * 60_000
const MIN_OUTAGE_RETRY_MS = 1_000

/** INGEST_OUTAGE_RETRY_MS (whole milliseconds, 1000 up to OUTAGE_RETRY_MAX_MS) overrides OUTAGE_RETRY_MS. */
export function outageRetryFirstMs(env: EnvVars = process.env): number {
  return millisecondsSetting(env, 'INGEST_OUTAGE_RETRY_MS', { fallback: OUTAGE_RETRY_MS, min: MIN_OUTAGE_RETRY_MS, max: OUTAGE_RETRY_MAX_MS })
}

/** Read once, at start: a bad value stops the start with its message instead of failing each delayed ingest. */
const FIRST_OUTAGE_RETRY_MS = outageRetryFirstMs()

/** The delay before the next try, after `deferrals` tries that already met the outage (0 for the first). */
export function outageRetryDelayMs(deferrals: number): number {
  const tries = Number.isInteger(deferrals) && deferrals > 0 ? Math.min(deferrals, 30) : 0
  return Math.min(FIRST_OUTAGE_RETRY_MS * 2 ** tries, OUTAGE_RETRY_MAX_MS)
}
