// A photo's edits over REST (GET/PUT/DELETE /api/media-files/{id}/edits): the manager's list is
// saved over the version the editor started from, in the request's transaction under the row's
// lock, so of two managers saving at once the second gets 409 with the list that is now current
// (never a silent overwrite). Saving queues the job that renders the new version
// (edit-renditions.ts); the answer is the record as it is, its renditions still the earlier
// version's until the job records the new ones (`editStatus: 'applying'`).
import type { PayloadRequest } from 'payload'
import type { MediaFile } from '../../lib/api/types'
import { editProblems, type EditList, type Operation } from '../../lib/edits'
import { inTransaction, standaloneSql, transactionSql } from '../db/transaction'
import { HttpError, badRequest, notFound } from '../http/errors'
import { requestScope } from '../properties/request-property'
import { queueEditRender } from './edit-renditions'
import { readEditState, readMediaFile, writeEditList } from './media-repository'

/** A conflict carries the list that is current, so the editor can show it and let the manager choose. */
export class EditConflict extends HttpError {
  readonly current: EditList
  constructor(current: EditList) {
    super(409, 'Someone saved other edits of this photo meanwhile: review them and save again.')
    this.current = current
  }
}

const missing = (id: string) => notFound(`Media file ${id} was not found.`)

export async function readEdits(req: PayloadRequest, id: string): Promise<EditList> {
  const state = await readEditState(standaloneSql(req.payload), await requestScope(req), id)
  if (!state) throw missing(id)
  return { version: state.version, operations: state.operations }
}

/**
 * Saves `operations` as the photo's edits (an empty list: back to the original), over baseVersion
 * ('current': over whatever is saved, for a revert).
 */
export async function saveEdits(req: PayloadRequest, id: string, baseVersion: number | 'current', operations: Operation[]): Promise<MediaFile> {
  const scope = await requestScope(req)
  const { answer, version } = await inTransaction(req, async () => {
    const db = await transactionSql(req)
    const state = await readEditState(db, scope, id, { lock: true })
    if (!state) throw missing(id)
    if (state.fileType !== 'image') throw badRequest('Only photos can be edited: a video keeps its own pixels.')
    if (state.status !== 'ready') throw new HttpError(409, 'The photo is still being processed: edit it once it is ready.')
    const base = baseVersion === 'current' ? state.version : baseVersion
    if (state.version !== base) throw new EditConflict({ version: state.version, operations: state.operations })
    const size = { width: state.originalWidth ?? 0, height: state.originalHeight ?? 0 }
    const problems = editProblems(size, operations)
    if (problems.length) throw badRequest('The edits are invalid.', problems)
    const saved = await writeEditList(db, scope, id, base, operations)
    if (saved === null) throw new EditConflict({ version: state.version, operations: state.operations })
    return { answer: await readMediaFile(db, scope, id, { forAdmin: true }), version: saved }
  })
  if (!answer) throw missing(id)
  // After the commit, so the job reads the saved list.
  await queueEditRender(req.payload, scope.id, id, version)
  return answer
}

/** DELETE …/edits: back to the original (a new version with no operations, rendered like any other). */
export const revertEdits = (req: PayloadRequest, id: string): Promise<MediaFile> => saveEdits(req, id, 'current', [])
