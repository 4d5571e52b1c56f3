// The manager's organising operations (spec §4 Visibility and section, Reorder; §5 tags):
// assign one photo, bulk-assign many, reorder a section, edit tags/description/notes.
// Every read and single-photo write goes through Payload's Local API as the signed-in user
// (overrideAccess: false); the many-row writes (bulk assign, reorder) check every photo the
// same way and then write all rows with one SQL statement in the same transaction. Payload's
// bulk update writes row by row; one statement fires the read-version triggers once, and
// the media collection's update hooks (they guard the pipeline's fields against Payload's
// whole-document update) have nothing to guard here. All or nothing either way: a statement
// that cannot find the request's transaction refuses to run (transactionSql).
//
// Every write here changes only the manager's own columns, through the media repository,
// inside the request's transaction: never a whole document read earlier, so a photo being
// processed at the same time keeps its processing results and status. Answers are read back
// through the repository too, so they equal the lists' items.
import type { PayloadRequest } from 'payload'
import { HIDDEN_SECTION_ID } from '../../lib/constants'
import type { MediaFile } from '../../lib/api/types'
import { inTransaction, transactionSql } from '../db/transaction'
import { badRequest, forbidden, notFound } from '../http/errors'
import { refusalMessage } from '../auth/access'
import { requestMay } from '../auth/request-access'
import { assignMany, readMediaFile, writeManagerFields, writeSortOrder, type ManagerFields } from './media-repository'
import { checkpointsOf } from '../checkpoints'
import { requestScope, scopeRequest } from '../properties/request-property'

/** A section of the request's property: its record id (what media rows point at), key and name. */
type Section = { id: string; key: string; name: string }

/** The request's property's section with this key (the spec's section id); 404 when it has none. */
export async function findSection(req: PayloadRequest, key: string): Promise<Section> {
  const { docs } = await req.payload.find({
    collection: 'gallery-sections',
    where: { and: [{ key: { equals: key } }, { property: { equals: await scopeRequest(req) } }] },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user: req.user,
    req,
  })
  const section = docs[0]
  if (!section) throw notFound(`Section "${key}" was not found.`)
  return { id: String(section.id), key: section.key, name: section.name }
}

/** A media record of the request's property (another property's is not found). */
async function findMedia(req: PayloadRequest, id: string) {
  const { docs } = await req.payload.find({
    collection: 'media',
    where: { and: [{ id: { equals: id } }, { property: { equals: await scopeRequest(req) } }] },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
    user: req.user,
    req,
  })
  if (!docs[0]) throw notFound(`Media file ${id} was not found.`)
  return docs[0]
}

/** The existing media among ids, with their sections; 404 naming the first unknown ones. */
async function findAllMedia(req: PayloadRequest, ids: string[]) {
  const unique = [...new Set(ids)]
  const { docs } = await req.payload.find({
    collection: 'media',
    where: { and: [{ id: { in: unique } }, { property: { equals: await scopeRequest(req) } }] },
    select: { section: true, sortOrder: true },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: false,
    user: req.user,
    req,
  })
  const byId = new Map(docs.map((doc) => [String(doc.id), doc]))
  const missing = unique.filter((id) => !byId.has(id))
  if (missing.length) {
    const listed = missing.slice(0, 5).join(', ')
    throw notFound(
      missing.length === 1
        ? `Media file ${listed} was not found.`
        : `${missing.length} media files were not found: ${listed}${missing.length > 5 ? ', …' : ''}.`,
    )
  }
  // In the caller's order, so writes happen in the order asked for.
  return new Map(unique.map((id) => [id, byId.get(id)!]))
}

const sectionOf = (doc: { section?: unknown }) =>
  typeof doc.section === 'object' && doc.section
    ? String((doc.section as { id: string }).id)
    : ((doc.section as string | null) ?? null)

export type SectionChoice = { section: string | null; isHidden?: 'true' | 'false'; room?: string | null }

/**
 * Spec §4: choosing hidden sets section null and isHidden 'true'; any real section sets it
 * and isHidden 'false'; null with isHidden 'false' leaves the photo unassigned.
 */
export async function assignSection(req: PayloadRequest, id: string, choice: SectionChoice): Promise<MediaFile> {
  const hide = choice.section === HIDDEN_SECTION_ID || (choice.section === null && choice.isHidden === 'true')
  const sectionKey = hide ? null : choice.section
  if (choice.section !== null && choice.section !== HIDDEN_SECTION_ID && choice.isHidden === 'true') {
    throw badRequest('A photo in a section is visible: choose "hidden" to hide it.')
  }
  return inTransaction(req, async () => {
    const current = await findMedia(req, id)
    const target = sectionKey ? await findSection(req, sectionKey) : null
    // A content editor may send the photo's own section back with a new room (a room fix),
    // never move or hide it.
    const moves = sectionOf(current) !== (target?.id ?? null) || Boolean(current.isHidden) !== hide
    if (moves && !requestMay(req, 'place')) throw forbidden(refusalMessage('place'))
    const fields: ManagerFields = { section: target?.id ?? null, isHidden: hide }
    if (choice.room !== undefined) fields.room = choice.room
    return writeAndAnswer(req, id, fields)
  })
}

/** POST /api/sections/{sectionId}/bulk-assign: every photo or none. Answers the spec's message. */
export async function bulkAssign(
  req: PayloadRequest,
  sectionId: string,
  { mediaIds, room }: { mediaIds: string[]; room: string | null },
): Promise<{ message: string; assigned: number }> {
  return inTransaction(req, async () => {
    const section = await findSection(req, sectionId)
    const found = await findAllMedia(req, mediaIds)
    await assignMany(await transactionSql(req), await requestScope(req), [...found.keys()], { section: section.id, room })
    const count = found.size
    return { message: `${count} ${count === 1 ? 'photo' : 'photos'} assigned to ${section.name}`, assigned: count }
  })
}

/** PUT /api/sections/{sectionId}/reorder: sortOrder follows the given order, in one transaction. */
export async function reorderSection(req: PayloadRequest, sectionId: string, mediaIds: string[]): Promise<{ message: string }> {
  return inTransaction(req, async () => {
    const section = await findSection(req, sectionId)
    const found = await findAllMedia(req, mediaIds)
    const outsider = mediaIds.find((id) => sectionOf(found.get(id)!) !== section.id)
    if (outsider) throw badRequest(`Media file ${outsider} is not in the section ${section.name}.`)
    await writeSortOrder(await transactionSql(req), await requestScope(req), mediaIds)
    return { message: 'Order updated' }
  })
}

export type MetadataChange = {
  tags?: string[]
  shownTags?: string[]
  description?: string | null
  notes?: string | null
  projection?: 'equirectangular' | null
}

/**
 * PUT /api/media-files/{id}/metadata: tags, description and notes, already normalised by the
 * schema, and the 360° toggle, the manager's choice kept apart from ingest's finding. A video
 * is never a 360° photo: the whole call is refused, nothing written.
 */
export async function updateMetadata(req: PayloadRequest, id: string, change: MetadataChange): Promise<MediaFile> {
  return inTransaction(req, async () => {
    const current = await findMedia(req, id)
    if (change.projection !== undefined && current.fileType === 'video') {
      throw badRequest('A video cannot be a 360° photo: only photos open in the 360° viewer.')
    }
    const projectionChoice = change.projection === undefined ? undefined : (change.projection ?? 'flat')
    return writeAndAnswer(req, id, { tags: change.tags, shownTags: change.shownTags, description: change.description, notes: change.notes, projectionChoice })
  })
}

/** Writes the manager's fields (only those given) in req's transaction, then answers the record as it now is. */
async function writeAndAnswer(req: PayloadRequest, id: string, fields: ManagerFields): Promise<MediaFile> {
  await checkpointsOf(req.payload).reached('manager:before-write', id)
  const db = await transactionSql(req)
  const scope = await requestScope(req)
  const answer = (await writeManagerFields(db, scope, id, fields)) && (await readMediaFile(db, scope, id, { forAdmin: true }))
  if (!answer) throw notFound(`Media file ${id} was not found.`)
  return answer
}
