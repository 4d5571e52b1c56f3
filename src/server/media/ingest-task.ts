// Names shared by the ingest job's definition and the code that queues it.
export const INGEST_TASK = 'ingestMedia'
/** Attempts after the first one, for failures that may be transient (store or database hiccups). */
export const INGEST_RETRIES = 2
/** After an outage of the store or the database, the next try of an ingest comes this much later. */
export const OUTAGE_RETRY_MS = 10_000
