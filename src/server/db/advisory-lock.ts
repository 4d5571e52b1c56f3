// Runs work while holding a PostgreSQL advisory lock, so that only one app instance
// at a time does it (start-up migrations and seeding, scheduled backups).
import type { Payload } from 'payload'
import type { Pool } from 'pg'

export const LOCKS = { startup: 72_410_001, ingestSweep: 72_410_002 } as const

export function poolOf(payload: Payload): Pool {
  return (payload.db as unknown as { pool: Pool }).pool
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
