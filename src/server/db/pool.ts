// The pg pool under Payload's postgres adapter, for the services' raw SQL: column-scoped
// writes, the read model's queries, advisory locks, the jobs worker's claims.
import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

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

/**
 * Work on a connection of its own in one transaction: committed when work ends, rolled back
 * when it throws or has called `rollback()` (it found nothing to write), the connection
 * released either way.
 */
export async function withPoolTransaction<T>(
  pool: Pool,
  work: (client: PoolClient, rollback: () => void) => Promise<T>,
  { begin = 'BEGIN' }: { begin?: 'BEGIN' | 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' } = {},
): Promise<T> {
  const client = await pool.connect()
  let rolledBack = false
  try {
    await client.query(begin)
    const result = await work(client, () => {
      rolledBack = true
    })
    await client.query(rolledBack ? 'ROLLBACK' : 'COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
