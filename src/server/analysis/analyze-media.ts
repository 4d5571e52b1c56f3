// The analysis job's work for one photo or video: reads its 800-px rendition (a video:
// its poster), runs the engine, files it under a category with the placed neighbours'
// help, suggests a placement when it has none, and writes its results through the media
// repository (writeAnalysisResults): never over a category, description or tag the manager
// wrote, under the row lock, so a manager's concurrent save is never undone. Idempotent:
// a re-run writes the same values.
//
// Neighbours come from the photo's own property only (its row says which): another property's
// rooms and sections never vote on its category nor appear in its suggestion.
//
// A photo that cannot be analysed (deleted while its job waited, not processed, rendition
// missing or unreadable, a video without poster) is skipped with a reason; never thrown.
import type { Payload } from 'payload'
import { LRUCache } from 'lru-cache'
import { ANALYSIS_RENDITION_WIDTH } from '../../lib/constants'
import { projectionOf } from '../../lib/panorama'
import { poolOf } from '../db/pool'
import { type PropertyDb, type PropertyScope, propertyDb, raw } from '../db/property-db'
import { standaloneSql } from '../db/transaction'
import { writeAnalysisResults, writeAnalysisSkipped } from '../media/media-repository'
import { checkpointsOf } from '../checkpoints'
import { mediaPropertyScope } from '../properties/media-property'
import { readObject } from '../storage/read-object'
import { categoryOfRoom } from '../../lib/category-rules'
import type { CategoryVote } from './category'
import { decideWords } from './decide'
import { countLabels, objectLabels } from './detections'
import { analysisTags, describe } from './describe'
import { analyzeImageBytes, type ImageAnalysis } from './engine'
import { recordRunItem } from './runs'
import { nearestPlaced, suggestPlacement, type PlacedPhoto } from './suggest'
import { describeWithVision } from './vision'

export type AnalyzeInput = { mediaId: string; runId?: string | null; force?: boolean | null }
export type AnalyzeOutcome = { state: 'analyzed' } | { state: 'skipped'; reason: string }

/** Placed photos compared per analysis: the most recently changed ones. */
const MAX_NEIGHBOURS_READ = 2000

type MediaRow = {
  id: string
  file_type: 'image' | 'video'
  status: string
  derivatives: { width: number; key: string }[] | null
  poster_key: string | null
  is_analyzed: boolean | null
  section_id: string | null
  is_hidden: boolean | null
  projection_choice: string | null
  detected_projection: string | null
}

class Skip extends Error {}

/** The rendition analysis reads: the 800-px one, else the nearest narrower, else the smallest. */
export function renditionKey(row: Pick<MediaRow, 'file_type' | 'derivatives' | 'poster_key'>): string | null {
  if (row.file_type === 'video') return row.poster_key
  const list = [...(row.derivatives ?? [])].filter((d) => d?.key).sort((a, b) => a.width - b.width)
  return [...list].reverse().find((d) => d.width <= ANALYSIS_RENDITION_WIDTH)?.key ?? list[0]?.key ?? null
}

async function readRendition(row: MediaRow): Promise<Buffer> {
  const key = renditionKey(row)
  if (!key) throw new Skip(row.file_type === 'video' ? 'The video has no poster to analyse.' : 'The photo has no rendition to analyse.')
  const bytes = await readObject({ key })
  if (!bytes) throw new Skip('The rendition is missing from the store.')
  return bytes
}

type PlacedRow = { id: string; section: string; room: string | null; category: string | null; embedding: number[] }

/**
 * The placed photos analysis compares with: the property's most recently changed visible ones
 * that have an embedding. PLACED is followed by the property's condition, then PLACED_ORDER.
 */
const PLACED = `SELECT m.id::text AS id, s.key AS section, m.room, m.category, m.embedding
                  FROM media m JOIN gallery_sections s ON s.id = m.section_id
                 WHERE m.embedding IS NOT NULL AND m.is_hidden IS NOT TRUE`
const PLACED_ORDER = raw(`ORDER BY m.updated_at DESC LIMIT ${MAX_NEIGHBOURS_READ}`)

/**
 * Reading 2,000 embeddings costs the worker about 85 CPU-ms (parsing 256,000 numbers), a third of
 * a photo's inference, so each process keeps the placed photos it read (per property, for the
 * properties it analysed most recently), under a signature of
 * the set: how many, and a hash of each one's id, section, room, category and three of its
 * embedding's numbers. Any placement, hiding, deletion or new embedding changes it; a cheap
 * query reads it before every analysis.
 */
const placedCache = new LRUCache<string, { signature: string; rows: PlacedRow[] }>({ max: 16 })

async function placedPhotos(db: PropertyDb, scope: PropertyScope, exceptId: string): Promise<PlacedRow[]> {
  const { rows } = await db.query<{ signature: string }>`
    SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', p.id, p.section, p.room, p.category, p.embedding[1], p.embedding[64], p.embedding[128]))), 0) AS signature
      FROM (${raw(PLACED)} AND m.property_id = ${scope} ${PLACED_ORDER}) p`
  const signature = rows[0].signature
  let cached = placedCache.get(scope.id)
  if (cached?.signature !== signature) {
    cached = { signature, rows: (await db.query<PlacedRow>`${raw(PLACED)} AND m.property_id = ${scope} ${PLACED_ORDER}`).rows }
    placedCache.set(scope.id, cached)
  }
  return cached.rows.filter((row) => row.id !== exceptId)
}

export async function analyzeMedia(payload: Payload, input: AnalyzeInput): Promise<AnalyzeOutcome> {
  const outcome = await analyzeOne(payload, input)
  await recordOutcome(payload, input, outcome)
  return outcome
}

/** A skipped photo's reason on the photo; the outcome on the run's item, when the job belongs to a run. */
export async function recordOutcome(payload: Payload, input: AnalyzeInput, outcome: AnalyzeOutcome): Promise<void> {
  if (outcome.state === 'skipped') {
    const scope = await mediaPropertyScope(payload, input.mediaId)
    if (scope) await writeAnalysisSkipped(standaloneSql(payload), scope, input.mediaId, outcome.reason)
  }
  if (input.runId) await recordRunItem(payload, input.runId, input.mediaId, outcome)
}

const DELETED: AnalyzeOutcome = { state: 'skipped', reason: 'The media file was deleted before it was analysed.' }

async function analyzeOne(payload: Payload, { mediaId, force }: AnalyzeInput): Promise<AnalyzeOutcome> {
  const scope = await mediaPropertyScope(payload, mediaId)
  if (!scope) return DELETED
  const db = propertyDb(poolOf(payload), scope)
  const { rows } = await db.query<MediaRow>`
    SELECT id::text AS id, file_type, status, derivatives, poster_key, is_analyzed, section_id, is_hidden,
           projection_choice, detected_projection
      FROM media WHERE id = ${mediaId} AND property_id = ${scope}`
  const row = rows[0]
  if (!row) return DELETED
  if (row.status !== 'ready') return { state: 'skipped', reason: 'The media file is not processed yet.' }
  if (row.is_analyzed && !force) return { state: 'analyzed' }

  let analysis: ImageAnalysis
  const panorama = Boolean(projectionOf({ fileType: row.file_type, projectionChoice: row.projection_choice, detectedProjection: row.detected_projection }))
  try {
    const bytes = await readRendition(row)
    // Only a flat photo's way up is checked: a video's poster cannot be edited, and a 360° photo's rendition is a stretched sphere.
    analysis = await analyzeImageBytes(bytes, { orientation: row.file_type === 'image' && !panorama }).catch((error: unknown) => {
      // sharp rejects bytes that are not a readable image: the rendition is damaged.
      if (error instanceof Error && /Input|unsupported image|corrupt|VipsJpeg|premature|bad seek|Invalid/i.test(error.message)) {
        throw new Skip(`The rendition could not be read as an image (${error.message}).`)
      }
      throw error
    })
    // A 360° photo's rendition is a stretched sphere: what the detector finds in it is not there.
    if (panorama) analysis = { ...analysis, objects: [] }
    return await record(payload, { db, scope }, row, analysis, bytes)
  } catch (error) {
    if (error instanceof Skip) return { state: 'skipped', reason: error.message }
    throw error
  }
}

type Scoped = { db: PropertyDb; scope: PropertyScope }

async function record(payload: Payload, { db, scope }: Scoped, row: MediaRow, analysis: ImageAnalysis, bytes: Buffer): Promise<AnalyzeOutcome> {
  const placed = await placedPhotos(db, scope, row.id)
  const asPlaced: PlacedPhoto[] = placed.map((p) => ({ id: p.id, section: p.section, room: p.room, embedding: p.embedding }))
  const votes: CategoryVote[] = nearestPlaced(analysis.embedding, asPlaced).flatMap(({ photo, similarity }) => {
    const category = categoryOfRoom(photo.room) ?? placed.find((p) => p.id === photo.id)?.category
    return category ? [{ category, similarity }] : []
  })
  // Only the words sure enough to be right (decide.ts): the others are left unsaid.
  const decided = decideWords(analysis, votes)
  const { category, outdoor } = decided
  const counts = countLabels([...decided.objects].sort((a, b) => b.score - a.score))
  const words = { category, objects: counts, colors: decided.colors, light: decided.light }
  const local = describe(words)
  const description = (await describeWithVision(bytes, local)) ?? local
  const tags = analysisTags({ ...words, outdoor })
  const unplaced = !row.section_id && !row.is_hidden
  const suggestion = unplaced ? suggestPlacement(analysis.embedding, asPlaced) : null
  await checkpointsOf(payload).reached('analysis:before-results', row.id)

  const written = await writeAnalysisResults(payload, scope, row.id, {
    category,
    categoryConfidence: decided.categoryConfidence,
    embedding: analysis.embedding,
    description,
    objects: objectLabels(decided.objects),
    colors: decided.colors,
    tags,
    suggestion,
    suggestedEdits: analysis.sideways ? [{ issue: 'sideways', operation: { op: 'rotate', degrees: analysis.sideways } }] : [],
  })
  if (!written) return DELETED
  return { state: 'analyzed' }
}
