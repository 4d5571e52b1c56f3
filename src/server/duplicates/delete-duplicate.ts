// Deleting a duplicate without losing the manager's work (issue: "nothing the manager did is
// lost"): when the file that stays lacks organisation the deleted one carries (section or
// hiding, room, tags, description, notes, sort position), it moves over, and the delete
// happens in the same transaction. Both rows are locked first, and the kept row is written
// through the media repository with only the fields that move, so an edit made meanwhile by
// the ingest job, an editor or another endpoint is neither overwritten nor lost. Both files
// must be the request's property's: another property's file is not found (404), and nothing
// changes.
import type { PayloadRequest } from 'payload'
import { organisationToCarry } from '../../lib/duplicate-carry'
import type { CarriedField } from '../../lib/schemas/duplicates'
import type { PropertyScope } from '../db/property-db'
import { inTransaction, transactionSql } from '../db/transaction'
import { badRequest, notFound } from '../http/errors'
import { carryOrganisation, lockOrganisations } from '../media/media-repository'

export type DeleteResult = { message: string; id: string; keptId?: string; carried: CarriedField[] }

/** DELETE /api/media-files/{id}[?keep=]: removes the property's file (objects go to trash/), moving organisation to `keep`. */
export async function deleteMediaFile(req: PayloadRequest, scope: PropertyScope, id: string, keepId?: string): Promise<DeleteResult> {
  if (keepId === id) throw badRequest('The file to keep cannot be the file being deleted.')
  return inTransaction(req, async () => {
    const db = await transactionSql(req)
    const ids = keepId ? [id, keepId] : [id]
    // Only the property's own records are locked and read: another's id is not found.
    const organisations = await lockOrganisations(db, scope, ids)
    const deleted = organisations.get(id)
    if (!deleted) throw notFound(`Media file ${id} was not found.`)
    const kept = keepId ? organisations.get(keepId) : undefined
    if (keepId && !kept) throw notFound(`Media file ${keepId} (the file to keep) was not found.`)

    const carried = kept ? organisationToCarry(deleted, kept) : []
    if (keepId && carried.length) await carryOrganisation(db, scope, keepId, deleted, carried)
    // Payload's delete joins this transaction; its afterDelete hook moves the objects to trash/.
    await req.payload.delete({ collection: 'media', id, overrideAccess: false, user: req.user, req })
    return { message: 'Media file deleted', id, ...(kept ? { keptId: keepId } : {}), carried }
  })
}
