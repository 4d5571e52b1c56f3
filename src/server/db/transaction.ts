// Several Local API calls as one unit of work: every nested call made with req joins the
// transaction, which is committed at the end or rolled back on the first error. SQL
// statements that must be part of it use transactionSql(req).
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'
import type { SQL } from 'drizzle-orm'

/** Runs work in one transaction on req (joined by every nested Local API call with req). */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const owns = await initTransaction(req)
  try {
    const result = await work()
    if (owns) await commitTransaction(req)
    return result
  } catch (error) {
    if (owns) await killTransaction(req)
    throw error
  }
}

export type SqlSession = { execute: (query: SQL) => Promise<unknown> }

/**
 * Drizzle wraps a failed statement's error in its own ("Failed query: <sql> params: …"); the
 * database's error underneath carries the message and code a person or a check can act on
 * (a trigger's refusal, a unique violation), and is what a job records as its reason.
 */
function withDatabaseErrors(session: SqlSession): SqlSession {
  return {
    execute: (query) =>
      session.execute(query).catch((error: unknown) => {
        const { query: failed, cause } = (error ?? {}) as { query?: unknown; cause?: unknown }
        throw typeof failed === 'string' && cause instanceof Error ? cause : error
      }),
  }
}

export class MissingTransactionError extends Error {
  constructor() {
    super("This write must run inside the request's database transaction, and none was found: nothing was written.")
    this.name = 'MissingTransactionError'
  }
}

/**
 * The SQL session of req's transaction (the postgres adapter's drizzle transaction), for
 * statements that must commit or roll back with the Local API calls made with req.
 * Payload has no public accessor for it, so this reads the adapter's session table; when
 * that lookup misses (no transaction, or a Payload that keeps sessions elsewhere) it
 * throws instead of writing outside the transaction.
 */
export async function transactionSql(req: PayloadRequest): Promise<SqlSession> {
  const adapter = req.payload.db as unknown as { sessions?: Record<string, { db?: SqlSession }> }
  const id = await req.transactionID
  const session = id === undefined || id === null ? undefined : adapter.sessions?.[String(id)]?.db
  if (!session || typeof session.execute !== 'function') throw new MissingTransactionError()
  return withDatabaseErrors(session)
}

/** The adapter's pool-backed SQL for a write that stands alone (one statement, autocommit). */
export function standaloneSql(payload: PayloadRequest['payload']): SqlSession {
  return withDatabaseErrors((payload.db as unknown as { drizzle: SqlSession }).drizzle)
}

/** Work in a transaction of its own on the adapter's pool: several statements of a standalone writer, all or none. */
export function ownTransaction<T>(payload: PayloadRequest['payload'], work: (db: SqlSession) => Promise<T>): Promise<T> {
  const drizzle = (payload.db as unknown as { drizzle: { transaction: (work: (tx: SqlSession) => Promise<T>) => Promise<T> } }).drizzle
  return drizzle.transaction((tx) => work(withDatabaseErrors(tx)))
}
