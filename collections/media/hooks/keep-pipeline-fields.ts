// Payload's own update (its edit view, its REST and Local API) writes a whole document:
// an editor saving a form loaded before ingest finished would put back status "pending"
// and empty results. These hooks keep that from happening (docs/architecture.md §5 "Writers own
// fields"): the row is locked before Payload reads it, so no pipeline write lands between
// that read and Payload's write, and the pipeline's and analysis's fields are taken from that
// fresh read whatever the update sent. Every other writer goes through the media repository
// (src/server/media/media-repository.ts), never through this path.
import type { CollectionBeforeChangeHook, CollectionBeforeOperationHook } from 'payload'
import { sql } from 'drizzle-orm'
import { checkpointsOf } from '../../../src/server/checkpoints'
import { MissingTransactionError, transactionSql } from '../../../src/server/db/transaction'
import { EDITOR_READ_ONLY_FIELDS } from '../../../src/server/media/media-repository'

export const lockRowBeforeUpdate: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const id = (args as { id?: unknown }).id
  if (operation !== 'update' || (typeof id !== 'string' && typeof id !== 'number')) return args
  try {
    const db = await transactionSql(req)
    await db.execute(sql`SELECT 1 FROM media WHERE id = ${String(id)} FOR UPDATE`)
  } catch (error) {
    // An update run with disableTransaction has no transaction to hold a lock in; the
    // fields are still taken from its own read below.
    if (!(error instanceof MissingTransactionError)) throw error
  }
  return args
}

export const keepPipelineFields: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const kept = { ...data }
  for (const field of EDITOR_READ_ONLY_FIELDS) {
    if (field in originalDoc) kept[field] = (originalDoc as Record<string, unknown>)[field]
    else delete kept[field]
  }
  await checkpointsOf(req.payload).reached('editor:before-write', String(originalDoc.id))
  return kept
}
