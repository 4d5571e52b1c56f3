// Names shared by the ingest job's definition and the code that queues it.
export const INGEST_TASK = 'ingestMedia'
/** Attempts after the first one, for failures that may be transient (store or database hiccups). */
export const INGEST_RETRIES = 2
