// Names shared by the duplicate scan job's definition and the code that queues it.
export const DUPLICATE_SCAN_TASK = 'scanDuplicates'
/** One more attempt for a transient failure (a database hiccup); the scan is idempotent. */
export const DUPLICATE_SCAN_RETRIES = 1
