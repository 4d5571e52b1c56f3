// Names shared by the duplicate scan job's definition and the code that queues it.
export const DUPLICATE_SCAN_TASK = 'scanDuplicates'
/** One more attempt for a transient failure (a database hiccup); the scan is idempotent. */
export const DUPLICATE_SCAN_RETRIES = 1
/** The backfill of mirror and region hashes for media processed before ingest stored them (backfill.ts). */
export const HASH_BACKFILL_TASK = 'backfillDuplicateHashes'
