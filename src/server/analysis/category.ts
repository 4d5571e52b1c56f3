// Category (room or scene) and its confidence: rules over the detected objects and the
// scene cues, then a vote of the nearest photos the manager has already placed (by the
// embedding's cosine similarity). An outdoor photo is only ever filed under an outdoor
// category; strong indoor furniture (a bed, a toilet, an oven…) outweighs a bright window.
import type { SceneCues } from './colors'
import type { DetectedObject } from './detections'
import { CATEGORIES, INDOOR_CATEGORIES, OUTDOOR_CATEGORIES, type Category } from './vocabulary'

type Weights = Partial<Record<Category, number>>

/** How much one detected object (at score 1) speaks for each category. */
export const OBJECT_WEIGHTS: Record<string, Weights> = {
  bed: { bedroom: 3 },
  toilet: { bathroom: 3 },
  toothbrush: { bathroom: 1 },
  'hair drier': { bathroom: 1 },
  sink: { bathroom: 1.2, kitchen: 1 },
  oven: { kitchen: 2.5 },
  refrigerator: { kitchen: 2.5 },
  microwave: { kitchen: 2 },
  toaster: { kitchen: 2 },
  knife: { kitchen: 0.5, 'dining room': 0.3 },
  bowl: { kitchen: 0.5, 'dining room': 0.3 },
  bottle: { kitchen: 0.3 },
  'dining table': { 'dining room': 2, kitchen: 0.5, 'terrace/balcony': 0.7 },
  'wine glass': { 'dining room': 1 },
  cup: { 'dining room': 0.3, kitchen: 0.3 },
  fork: { 'dining room': 0.5 },
  spoon: { 'dining room': 0.5 },
  couch: { 'living room': 2.5 },
  tv: { 'living room': 1.5, bedroom: 0.3 },
  remote: { 'living room': 1 },
  vase: { 'living room': 0.5 },
  clock: { 'living room': 0.3 },
  'potted plant': { 'living room': 0.5, garden: 0.5, 'terrace/balcony': 0.3 },
  book: { office: 0.4, 'living room': 0.3 },
  chair: { 'dining room': 0.6, 'living room': 0.4, office: 0.4, 'terrace/balcony': 0.4 },
  laptop: { office: 2 },
  keyboard: { office: 2 },
  mouse: { office: 1.5 },
  'cell phone': { office: 0.3 },
  car: { exterior: 2 },
  truck: { exterior: 2 },
  bus: { exterior: 2 },
  motorcycle: { exterior: 1.5 },
  bicycle: { exterior: 1 },
  'fire hydrant': { exterior: 2 },
  'stop sign': { exterior: 2 },
  'traffic light': { exterior: 2 },
  'parking meter': { exterior: 2 },
  bench: { garden: 1, 'terrace/balcony': 0.5 },
  umbrella: { 'terrace/balcony': 1, pool: 0.5 },
  bird: { garden: 0.5, view: 0.3 },
  boat: { view: 2 },
  surfboard: { view: 1, pool: 0.5 },
}

/** Objects that only stand indoors: they outweigh sky-like pixels (a window, a white ceiling). */
const INDOOR_ANCHORS = new Set(['bed', 'toilet', 'oven', 'refrigerator', 'microwave', 'couch', 'tv', 'sink', 'laptop', 'keyboard'])
const VEHICLES = new Set(['car', 'truck', 'bus', 'motorcycle', 'bicycle', 'boat', 'fire hydrant', 'stop sign', 'traffic light', 'parking meter'])

/** Weight of the nearest placed photos' vote against the rules. */
export const NEIGHBOUR_WEIGHT = 2

export type CategoryVote = { category: string; similarity: number }
export type CategoryResult = { category: Category; confidence: number; outdoor: boolean }

function strongestByLabel(objects: DetectedObject[]): Map<string, { score: number; count: number }> {
  const byLabel = new Map<string, { score: number; count: number }>()
  for (const o of objects) {
    const seen = byLabel.get(o.label)
    byLabel.set(o.label, { score: Math.max(seen?.score ?? 0, o.score), count: (seen?.count ?? 0) + 1 })
  }
  return byLabel
}

/** Evidence for outdoors (>0) or indoors (<0). */
export function outdoorEvidence(objects: DetectedObject[], cues: SceneCues): number {
  let evidence = cues.skyTop * 2 + cues.green * 2 + cues.waterLow
  for (const [label, { score }] of strongestByLabel(objects)) {
    if (VEHICLES.has(label)) evidence += score * 2
    if (INDOOR_ANCHORS.has(label)) evidence -= score * 2.5
  }
  return evidence - 0.5
}

/**
 * `side`, when given, is where the photo was taken (true: outdoors), decided elsewhere (the scene
 * score of decide.ts); the rules' own outdoorEvidence decides it otherwise.
 */
export function categorise(objects: DetectedObject[], cues: SceneCues, neighbours: CategoryVote[] = [], side?: boolean): CategoryResult {
  const scores = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]))
  const add = (c: Category, v: number) => scores.set(c, (scores.get(c) ?? 0) + v)
  for (const [label, { score, count }] of strongestByLabel(objects)) {
    // Seven birds are not seven times the evidence of one: the best score, a little more for more.
    const strength = score * Math.min(1.5, 1 + 0.15 * (count - 1))
    for (const [c, w] of Object.entries(OBJECT_WEIGHTS[label] ?? {})) add(c as Category, (w ?? 0) * strength)
  }

  const outdoor = side ?? outdoorEvidence(objects, cues) > 0
  if (outdoor) {
    add('exterior', 0.6)
    add('garden', cues.green * 2.5)
    if (cues.waterLow > 0.2) add('pool', cues.waterLow * 4)
    if (objects.length === 0) add('view', cues.skyTop * 1.2)
  }

  const votes = neighbours.filter((n) => n.similarity > 0 && (CATEGORIES as readonly string[]).includes(n.category))
  const voteTotal = votes.reduce((sum, n) => sum + n.similarity, 0)
  for (const n of votes) add(n.category as Category, (NEIGHBOUR_WEIGHT * n.similarity) / voteTotal)

  const allowed = outdoor ? OUTDOOR_CATEGORIES : INDOOR_CATEGORIES
  const ranked = allowed.map((c) => [c, scores.get(c) ?? 0] as const).sort((a, b) => b[1] - a[1])
  const [best, second] = ranked
  if (!best || best[1] < 0.4) return { category: outdoor ? 'exterior' : 'other', confidence: outdoor ? 0.4 : 0.3, outdoor }
  const confidence = best[1] / (best[1] + (second?.[1] ?? 0) + 0.5)
  return { category: best[0], confidence: Math.round(confidence * 100) / 100, outdoor }
}

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0
  let na = 0
  let nb = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i]
    na += a[i] * a[i]
    nb += b[i] * b[i]
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0
}
