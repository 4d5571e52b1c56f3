// Names shared by the analysis job's definition and the code that queues it.
export const ANALYZE_TASK = 'analyzeMedia'
/** Its own queue: uploads' ingest never waits behind a thousand analyses (docs/architecture.md §7). */
export const ANALYSIS_QUEUE = 'analysis'
export const ANALYZE_RETRIES = 2

/** ANALYZE_ON_UPLOAD: new uploads are analysed after ingest unless it is off/false/0. */
export function analyzeOnUpload(env: Record<string, string | undefined> = process.env): boolean {
  return !['off', 'false', '0', 'no'].includes((env.ANALYZE_ON_UPLOAD ?? '').trim().toLowerCase())
}
