// Runs work while holding a PostgreSQL advisory lock, so that only one app instance
// at a time does it (start-up migrations and seeding, scheduled backups).
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { poolOf } from './pool'

export const LOCKS = {
  startup: 72_410_001,
  /** The sweep for media left without a processing job: one instance at a time. */
  ingestSweep: 72_410_002,
  /** One backup or restore at a time, across every instance and worker. */
  backup: 72_410_016,
  /** Enqueueing backup jobs (the 30-minute one, the debounced upload one): one instance at a time. */
  backupSchedule: 72_410_017,
  /** Creating an account while none may exist yet: two strangers registering together are taken in turn. */
  firstAccount: 72_410_018,
  /** Saving a property's slug or domains: two saves claiming the same address are taken in turn. */
  propertyAddresses: 72_410_019,
} as const

export async function withAdvisoryLock<T>(payload: Payload, key: number, work: () => Promise<T>): Promise<T> {
  return withPoolAdvisoryLock(poolOf(payload), key, work)
}

/** The lock is busy: another instance holds it for longer than the caller would wait. */
export class LockBusy extends Error {
  constructor() {
    super('The lock is held by another process')
    this.name = 'LockBusy'
  }
}

/**
 * The same on a plain pool (services that run without Payload, e.g. in a child process).
 * With waitMs the lock is tried until then and LockBusy thrown; without, it waits. The lock
 * belongs to the connection, so a killed process releases it.
 */
export async function withPoolAdvisoryLock<T>(
  pool: Pool,
  key: number,
  work: () => Promise<T>,
  { waitMs }: { waitMs?: number } = {},
): Promise<T> {
  const client = await pool.connect()
  try {
    if (waitMs === undefined) await client.query('SELECT pg_advisory_lock($1)', [key])
    else {
      const deadline = Date.now() + waitMs
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])
        if (rows[0].locked) break
        if (Date.now() >= deadline) throw new LockBusy()
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    try {
      return await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined)
    }
  } finally {
    client.release()
  }
}
