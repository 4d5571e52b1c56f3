// Accuracy of the analysis on the labelled real photographs (tests/fixtures/analysis: the
// photos, their sources in README.md, the human labels in labels.json): object precision and
// recall per class, category accuracy with the confusion pairs, and placement suggestions
// leave-one-out (each photo in turn is the unplaced one, all others are placed where a
// manager would put their category). The scoring functions are pure; measureAccuracy runs
// the real engine on every photo's 800-px WebP rendition, made as ingest makes it (what the job reads).
import fs from 'node:fs/promises'
import path from 'node:path'
import type { CategoryResult, CategoryVote } from '../../src/server/analysis/category'
import type { ImageAnalysis } from '../../src/server/analysis/engine'
import type { PlacedPhoto } from '../../src/server/analysis/suggest'

export type PhotoLabel = { category: string; objects: string[] }
export type Labels = Record<string, PhotoLabel>

/** Where a manager would place each category (section slug, room), for the leave-one-out check. */
export const PLACEMENT_OF_CATEGORY: Record<string, { section: string; room: string | null }> = {
  bedroom: { section: 'upstairs', room: 'Bedroom' },
  bathroom: { section: 'upstairs', room: 'Bathroom' },
  kitchen: { section: 'main-level', room: 'Kitchen' },
  'living room': { section: 'main-level', room: 'Living Room' },
  'dining room': { section: 'main-level', room: 'Dining Room' },
  office: { section: 'downstairs', room: 'Office' },
  other: { section: 'main-level', room: null },
  exterior: { section: 'outdoors', room: null },
  garden: { section: 'backyard', room: null },
  pool: { section: 'backyard', room: 'Pool' },
  'terrace/balcony': { section: 'backyard', room: 'Terrace' },
  view: { section: 'outdoors', room: 'View' },
}

const OUTDOOR = new Set(['exterior', 'garden', 'pool', 'terrace/balcony', 'view'])

export type ObjectScores = {
  /** Per class (every class labelled or detected anywhere): photo-level true/false positives, misses. */
  perClass: Record<string, { truePositives: number; falsePositives: number; missed: number; precision: number | null; recall: number | null }>
  precision: number | null
  recall: number | null
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null)

/** Photo-level object scores: a class counts once per photo (the record stores distinct labels). */
export function scoreObjects(rows: { truth: string[]; found: string[] }[]): ObjectScores {
  const perClass: ObjectScores['perClass'] = {}
  const entry = (label: string) => (perClass[label] ??= { truePositives: 0, falsePositives: 0, missed: 0, precision: null, recall: null })
  let tp = 0
  let fp = 0
  let fn = 0
  for (const { truth, found } of rows) {
    const t = new Set(truth)
    const f = new Set(found)
    for (const label of f) {
      if (t.has(label)) {
        entry(label).truePositives++
        tp++
      } else {
        entry(label).falsePositives++
        fp++
      }
    }
    for (const label of t) {
      if (!f.has(label)) {
        entry(label).missed++
        fn++
      }
    }
  }
  for (const c of Object.values(perClass)) {
    c.precision = ratio(c.truePositives, c.truePositives + c.falsePositives)
    c.recall = ratio(c.truePositives, c.truePositives + c.missed)
  }
  const sorted = Object.fromEntries(Object.entries(perClass).sort(([a], [b]) => a.localeCompare(b)))
  return { perClass: sorted, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) }
}

export type CategoryScores = {
  accuracy: number | null
  correct: number
  photos: number
  confusions: Record<string, number>
  /** Photos a person files outdoors that analysis called a room (bedroom … office). */
  outdoorCalledRoom: string[]
}

export function scoreCategories(rows: { name: string; truth: string; found: string }[]): CategoryScores {
  const confusions: Record<string, number> = {}
  let correct = 0
  const outdoorCalledRoom: string[] = []
  for (const { name, truth, found } of rows) {
    if (truth === found) correct++
    else confusions[`${truth} → ${found}`] = (confusions[`${truth} → ${found}`] ?? 0) + 1
    if (OUTDOOR.has(truth) && !OUTDOOR.has(found) && found !== 'other') outdoorCalledRoom.push(name)
  }
  return { accuracy: ratio(correct, rows.length), correct, photos: rows.length, confusions, outdoorCalledRoom }
}

export async function readLabels(fixtures: string): Promise<Labels> {
  const json = JSON.parse(await fs.readFile(path.join(fixtures, 'labels.json'), 'utf8')) as { photos: Labels }
  return json.photos
}

type Engine = {
  analyzeImageBytes: (bytes: Buffer, options?: { orientation?: boolean }) => Promise<ImageAnalysis>
  categorise: (objects: ImageAnalysis['objects'], cues: ImageAnalysis['cues'], votes?: CategoryVote[]) => CategoryResult
  nearestPlaced: (embedding: ArrayLike<number>, placed: PlacedPhoto[]) => { photo: PlacedPhoto; similarity: number }[]
  suggestPlacement: (embedding: ArrayLike<number>, placed: PlacedPhoto[]) => { section: string; room: string | null; confidence: number } | null
  objectLabels: (objects: ImageAnalysis['objects']) => string[]
}

async function loadEngine(): Promise<Engine> {
  const { analyzeImageBytes } = await import('../../src/server/analysis/engine')
  const { categorise } = await import('../../src/server/analysis/category')
  const { nearestPlaced, suggestPlacement } = await import('../../src/server/analysis/suggest')
  const { objectLabels } = await import('../../src/server/analysis/detections')
  return { analyzeImageBytes, categorise, nearestPlaced, suggestPlacement, objectLabels }
}

/** The 800-px WebP rendition ingest makes of a photo: what the analysis job reads. */
export async function renditionOf(bytes: Buffer): Promise<Buffer> {
  const { processImage } = await import('../../src/server/media/process-image')
  const { ANALYSIS_RENDITION_WIDTH } = await import('../../src/lib/constants')
  const { derivatives } = await processImage(bytes, { widths: [ANALYSIS_RENDITION_WIDTH] })
  return derivatives[derivatives.length - 1].data
}

/** `onAnalysed` receives every labelled photo with the engine's result (the abstention fit of analysis-trust.ts reads them). */
export async function measureAccuracy(fixtures: string, onAnalysed?: (analysed: { name: string; label: PhotoLabel; result: ImageAnalysis }[]) => void) {
  const engine = await loadEngine()
  const labels = await readLabels(fixtures)
  const names = Object.keys(labels).sort()
  const analysed: { name: string; label: PhotoLabel; result: ImageAnalysis }[] = []
  for (const name of names) {
    // The way up is scored on its own, with each photo turned (sideways-accuracy.ts).
    const rendition = await renditionOf(await fs.readFile(path.join(fixtures, name)))
    analysed.push({ name, label: labels[name], result: await engine.analyzeImageBytes(rendition, { orientation: false }) })
  }

  onAnalysed?.(analysed)
  const objects = scoreObjects(analysed.map(({ label, result }) => ({ truth: label.objects, found: engine.objectLabels(result.objects) })))
  // The same scores at stricter score thresholds than the engine's (what raising it would do);
  // lower ones cannot be scored, the engine drops those objects.
  const { OBJECT_SCORE_THRESHOLD } = await import('../../src/server/analysis/detections')
  const thresholdSweep = [0.25, 0.3, 0.35, 0.4, 0.5].filter((t) => t >= OBJECT_SCORE_THRESHOLD).map((threshold) => {
    const scores = scoreObjects(
      analysed.map(({ label, result }) => ({ truth: label.objects, found: engine.objectLabels(result.objects.filter((o) => o.score >= threshold)) })),
    )
    return { threshold, precision: scores.precision, recall: scores.recall }
  })
  const rulesOnly = analysed.map(({ name, label, result }) => ({ name, truth: label.category, found: engine.categorise(result.objects, result.cues).category }))

  // Leave-one-out: every other photo is placed where its human category belongs.
  const withNeighbours: { name: string; truth: string; found: string }[] = []
  let suggestionMade = 0
  let suggestionSection = 0
  let suggestionExact = 0
  for (const [i, one] of analysed.entries()) {
    const others = analysed.filter((_, j) => j !== i)
    const placed: PlacedPhoto[] = others.map((o, j) => ({ id: String(j), ...PLACEMENT_OF_CATEGORY[o.label.category], embedding: o.result.embedding }))
    const votes: CategoryVote[] = engine
      .nearestPlaced(one.result.embedding, placed)
      .map(({ photo, similarity }) => ({ category: others[Number(photo.id)].label.category, similarity }))
    withNeighbours.push({ name: one.name, truth: one.label.category, found: engine.categorise(one.result.objects, one.result.cues, votes).category })
    const suggestion = engine.suggestPlacement(one.result.embedding, placed)
    const expected = PLACEMENT_OF_CATEGORY[one.label.category]
    if (!suggestion) continue
    suggestionMade++
    if (suggestion.section === expected.section) {
      suggestionSection++
      if ((suggestion.room ?? null) === expected.room) suggestionExact++
    }
  }

  const perCategory: Record<string, number> = {}
  for (const { label } of analysed) perCategory[label.category] = (perCategory[label.category] ?? 0) + 1
  return {
    labelledPhotos: analysed.length,
    photosPerCategory: perCategory,
    objects: { ...objects, thresholdSweep },
    category: { rulesOnly: scoreCategories(rulesOnly), withPlacedNeighboursLeaveOneOut: scoreCategories(withNeighbours) },
    suggestionLeaveOneOut: {
      made: suggestionMade,
      sectionCorrect: suggestionSection,
      sectionAccuracy: ratio(suggestionSection, analysed.length),
      sectionAndRoomCorrect: suggestionExact,
      sectionAndRoomAccuracy: ratio(suggestionExact, analysed.length),
    },
    perPhoto: analysed.map(({ name, label, result }, i) => ({
      name,
      truth: label.category,
      category: rulesOnly[i].found,
      categoryWithNeighbours: withNeighbours[i].found,
      objectsTruth: label.objects,
      objects: result.objects.map((o) => `${o.label} ${o.score}`),
      colors: result.colors,
      cues: result.cues,
    })),
  }
}
