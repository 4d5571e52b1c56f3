// AVIF renditions for visitors: after a photo is ready, a background job encodes an AVIF beside
// each WebP rendition (same width and pixels, about a third smaller at the same look), and pages
// offer it first, the WebP one staying the fallback (src/components/media-image.tsx). Ingest
// never waits for it: the job is queued once the photo is ready, on a queue with a slot of its
// own (RENDITIONS_QUEUE), and its encoding runs in a thread of its own (render-avif.ts).
//
// One job per photo, scoped to its property: it reads the row by id within that property, and
// records its renditions with the same condition, so a photo removed (or a property removed)
// meanwhile ends the job cleanly; objects it stored for a row that is gone move to trash/, as the
// row's own would have. Idempotent and safe under kill -9: keys depend on the id and width only
// (derived/<id>/<width>.avif), and the row is recorded last, only while it still has none, so a
// re-run writes the same objects again and records them once. A photo whose original cannot be
// read gets an empty list (it keeps its WebP renditions only) and is not tried again.
//
// Photos processed before AVIF renditions existed get theirs from the backfill (../jobs/backfill.ts
// runs it, queued at start like the others), which takes every property's rows that have none yet.
import type { Payload } from 'payload'
import { checkpointsOf } from '../checkpoints'
import { poolOf } from '../db/pool'
import { propertyDb, raw } from '../db/property-db'
import { standaloneSql } from '../db/transaction'
import type { Backfill } from '../jobs/backfill'
import { propertyScopeById } from '../properties/default-property'
import { avifKey } from '../storage/keys'
import { moveToTrash } from '../storage/move-to-trash'
import { putObject } from '../storage/put-object'
import { readObject } from '../storage/read-object'
import { MediaRejectedError } from './errors'
import { fillMissingAvif } from './media-repository'
import { makeAvifRenditions } from './process-image'
import type { AvifRendition } from './render-avif'
import type { Operation } from '../../lib/edits'

export const AVIF_TASK = 'makeAvifRenditions' as const
/** AVIF work has its own worker slot: a batch of uploads is processed without waiting behind it. */
export const RENDITIONS_QUEUE = 'renditions' as const

export type AvifRecord = { width: number; height: number; key: string; size: number }

export type AvifOutcome =
  /** Renditions stored and recorded (count). */
  | { state: 'made'; count: number }
  /** It had them already, is not a ready photo, or was made by another run meanwhile. */
  | { state: 'skipped' }
  /** The photo or its property is gone: nothing is left behind. */
  | { state: 'gone' }
  /** Its original could not be read or decoded: recorded as none (WebP only). */
  | { state: 'unreadable' }

/** Ready photos without AVIF renditions (NULL: never tried; an empty list: tried, none). */
const NEEDS_AVIF = `status = 'ready' AND file_type = 'image' AND avif_renditions IS NULL
  AND storage_key IS NOT NULL AND jsonb_typeof(derivatives) = 'array' AND jsonb_array_length(derivatives) > 0`

type Row = {
  storage_key: string
  derivatives: Array<{ width: number; height: number }>
  needed: boolean
  edit_version: number
  rendered_edit_version: number
  edit_operations: Operation[] | null
}

/** Makes and records one photo's AVIF renditions; see the module's comment. */
export async function makeAvifFor(payload: Payload, propertyId: string, mediaId: string): Promise<AvifOutcome> {
  const scope = await propertyScopeById(payload, propertyId)
  if (!scope) return { state: 'gone' }
  const db = propertyDb(poolOf(payload), scope)
  const { rows } = await db.query<Row>`
    SELECT storage_key, derivatives, (${raw(NEEDS_AVIF)}) AS needed,
           COALESCE(edit_version, 0)::int AS edit_version, COALESCE(rendered_edit_version, 0)::int AS rendered_edit_version, edit_operations
      FROM media WHERE id::text = ${mediaId} AND property_id = ${scope}`
  const row = rows[0]
  if (!row) return { state: 'gone' }
  // An edit being rendered: its job queues this one again once its WebP renditions are recorded.
  if (!row.needed || row.edit_version !== row.rendered_edit_version) return { state: 'skipped' }
  // The renditions show this edit version of the photo (none: the original as uploaded).
  const version = row.rendered_edit_version
  const edits = version > 0 ? (row.edit_operations ?? []) : []

  const original = await readObject({ key: row.storage_key })
  let made: AvifRecord[]
  if (!original) made = []
  else {
    try {
      const sizes = row.derivatives.map(({ width, height }) => ({ width, height }))
      made = await storeAvif(mediaId, version, await makeAvifRenditions(original, sizes, { edits }))
    } catch (error) {
      if (!(error instanceof MediaRejectedError)) throw error
      made = []
    }
  }
  if (!made.length) payload.logger.warn(`No AVIF renditions for media ${mediaId}: its original could not be read`)
  await checkpointsOf(payload).reached('avif:before-write', mediaId)
  // The one write of this job: the list, only while the row is a ready photo that has none.
  const recorded = await fillMissingAvif(standaloneSql(payload), scope, mediaId, version, made)
  if (recorded) return made.length ? { state: 'made', count: made.length } : { state: 'unreadable' }
  // Removed meanwhile: what this run stored goes where the row's own objects went.
  const still = await db.query`SELECT 1 FROM media WHERE id::text = ${mediaId} AND property_id = ${scope}`
  if (still.rows.length) return { state: 'skipped' }
  if (made.length) await moveToTrash({ keys: made.map((rendition) => rendition.key) })
  return { state: 'gone' }
}

/** Stores a photo's AVIF renditions under the keys of its edit version; answers what to record. */
export async function storeAvif(mediaId: string, version: number, renditions: readonly AvifRendition[]): Promise<AvifRecord[]> {
  return Promise.all(
    renditions.map(async ({ width, height, data }) => {
      const key = avifKey(mediaId, width, version)
      await putObject({ key, body: data, contentType: 'image/avif' })
      return { width, height, key, size: data.length }
    }),
  )
}

/** Queues the job for one photo that has just become ready (its property named in the input). */
export async function queueAvif(payload: Payload, propertyId: string, mediaId: string): Promise<void> {
  await payload.jobs.queue({ task: AVIF_TASK, queue: RENDITIONS_QUEUE, input: { propertyId, mediaId } as never })
}

export const AVIF_BACKFILL: Backfill<'made' | 'unreadable' | 'gone'> = {
  task: 'backfillAvifRenditions',
  label: 'Make AVIF renditions of older photos',
  queue: RENDITIONS_QUEUE,
  needs: NEEDS_AVIF,
  // Each row costs one download, one decode and four encodes.
  batch: 8,
  outcomes: ['made', 'unreadable', 'gone'],
  async each(payload, { id, scope }) {
    const { state } = await makeAvifFor(payload, scope.id, id)
    return state
  },
  report: ({ made, unreadable }) =>
    made + unreadable > 0 ? `AVIF backfill: ${made} photos given AVIF renditions, ${unreadable} unreadable` : null,
}
