// Registration policy: the first account may be created by anyone (there is nobody to ask
// yet) and becomes the platform admin; after that only a platform admin (`manage-accounts`)
// may add one. Payload's create access on users, POST /api/register and GET /api/register's
// `registrationOpen` all ask this one function.
import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'
import { LOCKS } from '../db/advisory-lock'
import { transactionSql } from '../db/transaction'
import { actorOf, may, refusalMessage } from './access'

export const REGISTRATION_CLOSED = 'Registration is closed: ask the property manager to create an account for you.'

/** Why this request may not create an account, or null when it may. */
export async function registrationRefusal(req: PayloadRequest): Promise<string | null> {
  if (req.user) return may(actorOf(req.user), 'manage-accounts') ? null : refusalMessage('manage-accounts')
  // Creating an account (inside its transaction): wait for any other creation of a first account
  // to commit, so two strangers registering at the same moment cannot both find no account.
  if (await req.transactionID) await (await transactionSql(req)).execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.firstAccount})`)
  const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
  return totalDocs === 0 ? null : REGISTRATION_CLOSED
}

export async function registrationOpen(req: PayloadRequest): Promise<boolean> {
  return (await registrationRefusal(req)) === null
}
