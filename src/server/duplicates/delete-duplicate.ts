// Deleting a duplicate without losing the manager's work (issue: "nothing the manager did is
// lost"): when the file that stays lacks organisation the deleted one carries (section or
// hiding, room, tags, description, notes, sort position), it moves over, and the delete
// happens in the same transaction. Both rows are locked first, and the kept row is written
// with one column-scoped UPDATE of only the fields that move, so an edit made meanwhile by
// the ingest job, an editor or another endpoint is neither overwritten nor lost.
import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'
import { organisationToCarry, type Organisation } from '../../lib/duplicate-carry'
import type { CarriedField } from '../../lib/schemas/duplicates'
import { inTransaction, transactionSql } from '../db/transaction'
import { badRequest, notFound } from '../http/errors'

type LockedRow = {
  id: string
  section_id: string | null
  is_hidden: boolean | null
  room: string | null
  description: string | null
  notes: string | null
  sort_order: number | null
  tags: string[] | null
}

type Rows<T> = { rows: T[] }

const organisationOfRow = (row: LockedRow): Organisation => ({
  section: row.section_id,
  isHidden: Boolean(row.is_hidden),
  room: row.room,
  description: row.description,
  notes: row.notes,
  sortOrder: row.sort_order ?? 0,
  tags: row.tags ?? [],
})

export type DeleteResult = { message: string; id: string; keptId?: string; carried: CarriedField[] }

/** DELETE /api/media-files/{id}[?keep=]: removes the file (objects go to trash/), moving organisation to `keep`. */
export async function deleteMediaFile(req: PayloadRequest, id: string, keepId?: string): Promise<DeleteResult> {
  if (keepId === id) throw badRequest('The file to keep cannot be the file being deleted.')
  return inTransaction(req, async () => {
    const db = await transactionSql(req)
    const ids = keepId ? [id, keepId] : [id]
    const { rows } = (await db.execute(sql`
      SELECT m.id::text AS id, m.section_id, m.is_hidden, m.room, m.description, m.notes, m.sort_order::float8 AS sort_order,
             (SELECT array_agg(t.text ORDER BY t."order") FROM media_texts t WHERE t.parent_id = m.id AND t.path = 'tags') AS tags
        FROM media m
       WHERE m.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
       ORDER BY m.id
         FOR UPDATE OF m`)) as Rows<LockedRow>
    const deleted = rows.find((row) => row.id === id)
    if (!deleted) throw notFound(`Media file ${id} was not found.`)
    const kept = keepId ? rows.find((row) => row.id === keepId) : undefined
    if (keepId && !kept) throw notFound(`Media file ${keepId} (the file to keep) was not found.`)

    const carried = kept ? organisationToCarry(organisationOfRow(deleted), organisationOfRow(kept)) : []
    if (kept && carried.length) {
      const has = (field: CarriedField) => carried.includes(field)
      // Only the fields that move; everything else on the kept row stays as it is.
      await db.execute(sql`
        UPDATE media SET
          section_id = CASE WHEN ${has('section')} THEN ${deleted.section_id} ELSE section_id END,
          is_hidden = CASE WHEN ${has('section')} THEN ${Boolean(deleted.is_hidden)} ELSE is_hidden END,
          sort_order = CASE WHEN ${has('sortOrder')} THEN ${deleted.sort_order ?? 0} ELSE sort_order END,
          room = CASE WHEN ${has('room')} THEN ${deleted.room} ELSE room END,
          description = CASE WHEN ${has('description')} THEN ${deleted.description} ELSE description END,
          notes = CASE WHEN ${has('notes')} THEN ${deleted.notes} ELSE notes END,
          updated_at = now()
        WHERE id = ${kept.id}::uuid`)
      if (has('tags')) {
        await db.execute(sql`
          INSERT INTO media_texts ("order", parent_id, path, text)
          SELECT (SELECT coalesce(max(k."order"), 0) FROM media_texts k WHERE k.parent_id = ${kept.id}::uuid AND k.path = 'tags')
                   + row_number() OVER (ORDER BY t."order"),
                 ${kept.id}::uuid, 'tags', t.text
            FROM media_texts t
           WHERE t.parent_id = ${id}::uuid AND t.path = 'tags'
             AND NOT EXISTS (SELECT 1 FROM media_texts k WHERE k.parent_id = ${kept.id}::uuid AND k.path = 'tags' AND k.text = t.text)`)
      }
    }
    // Payload's delete joins this transaction; its afterDelete hook moves the objects to trash/.
    await req.payload.delete({ collection: 'media', id, overrideAccess: false, user: req.user, req })
    return { message: 'Media file deleted', id, ...(kept ? { keptId: kept.id } : {}), carried }
  })
}
