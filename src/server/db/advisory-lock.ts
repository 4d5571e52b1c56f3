// Runs work while holding a PostgreSQL advisory lock, so that only one app instance
// at a time does it (start-up migrations and seeding, scheduled backups).
import type { Payload } from 'payload'
import type { Pool } from 'pg'

export const LOCKS = { startup: 72_410_001, ingestSweep: 72_410_002 } as const

export function poolOf(payload: Payload): Pool {
  return (payload.db as unknown as { pool: Pool }).pool
}

/**
 * An idle pooled connection that PostgreSQL closes (a restart, a failover, its shutdown) is
 * reported by the pool as an 'error' event, which ends the process when nobody listens. The
 * pool replaces such connections by itself: log it and carry on.
 */
export function keepPoolErrorsQuiet(payload: Payload) {
  const pool = poolOf(payload)
  if (pool.listenerCount('error') > 0) return
  pool.on('error', (error) => payload.logger.warn(`A database connection was closed: ${error.message}`))
}

export async function withAdvisoryLock<T>(payload: Payload, key: number, work: () => Promise<T>): Promise<T> {
  const client = await poolOf(payload).connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key])
    return await work()
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined)
    client.release()
  }
}
