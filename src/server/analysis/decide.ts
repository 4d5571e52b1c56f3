// Which words analysis writes: every machine word (indoor/outdoor, category, each object,
// each colour, the light) has a confidence, and is written only at or above the threshold
// that gave precision ≥ 0.95 on the labelled photos it was fitted on (thresholds.ts, fitted by
// `npm run bench:analysis-accuracy`, which also reports the held-out half). Below it the word
// is not written: no word is better than a wrong one. A word with no threshold (null) is never
// written.
//
// A room an object implies (a bed: a bedroom; src/lib/category-rules.ts) is written when every
// object of the rule is above its own threshold and nothing implies another room; where the
// scene's own category (categorise(), above its fitted threshold) names another room, neither is
// written.
//
// Indoor or outdoor comes from the scene, not from objects alone: a logistic score over the
// thumbnail's statistics (sky and blue at the top, vegetation and texture in the upper half,
// light from above, colour temperature, saturation), the objects (a bed or a car) and the
// photo's nearest placed neighbours (where the manager put the photos most like it).
import { impliedCategory } from '../../lib/category-rules'
import { categorise, type CategoryVote } from './category'
import type { SceneStats } from './colors'
import type { DetectedObject } from './detections'
import type { ImageAnalysis } from './engine'
import { FITTED } from './thresholds'
import { OUTDOOR_CATEGORIES, type Category } from './vocabulary'

/** Objects that stand indoors (speak against outdoors) and outdoors (speak for it), at score 1. */
const INDOOR_OBJECTS: Record<string, number> = { bed: 1, toilet: 1, oven: 1, refrigerator: 1, microwave: 1, couch: 1, tv: 0.8, sink: 0.6, laptop: 0.6, keyboard: 0.6 }
const OUTDOOR_OBJECTS: Record<string, number> = {
  car: 1, truck: 1, bus: 1, motorcycle: 0.8, bicycle: 0.6, boat: 1, 'fire hydrant': 1, 'stop sign': 1, 'traffic light': 1, 'parking meter': 1,
  kite: 1, airplane: 0.6, horse: 0.6, cow: 0.6, sheep: 0.6, surfboard: 0.6, bench: 0.3,
}

export const SCENE_FEATURES = [
  'skyTop', 'blueTop', 'greenTop', 'green', 'textureTop', 'topVariation', 'warmth', 'topMinusBottom', 'saturation', 'brightness', 'objects', 'neighbours',
] as const
export type SceneFeature = (typeof SCENE_FEATURES)[number]
export type SceneModel = { bias: number; weights: Record<SceneFeature, number> }

/** Evidence of the objects, −1..1: the strongest outdoor object minus the strongest indoor one. */
export function objectEvidence(objects: DetectedObject[]): number {
  let out = 0
  let inside = 0
  for (const o of objects) {
    out = Math.max(out, o.score * (OUTDOOR_OBJECTS[o.label] ?? 0))
    inside = Math.max(inside, o.score * (INDOOR_OBJECTS[o.label] ?? 0))
  }
  return out - inside
}

/**
 * What the nearest placed photos say, −1 (all placed in rooms) … 1 (all placed outdoors), weighted
 * by similarity; 0 without neighbours. *other* counts as indoors: analysis files only indoor
 * photos there (category.ts), and the labelled set's *other* photos are indoor close-ups.
 */
export function neighbourEvidence(votes: CategoryVote[]): number {
  let sum = 0
  let total = 0
  for (const { category, similarity } of votes) {
    if (similarity <= 0) continue
    sum += similarity * ((OUTDOOR_CATEGORIES as readonly string[]).includes(category) ? 1 : -1)
    total += similarity
  }
  return total > 0 ? sum / total : 0
}

/** The scene score's inputs, each about 0..1 (textureTop is scaled up: foliage moves it by a few hundredths). */
export function sceneFeatures(cues: SceneStats, objects: DetectedObject[], votes: CategoryVote[]): Record<SceneFeature, number> {
  return {
    skyTop: cues.skyTop,
    blueTop: cues.blueTop,
    greenTop: cues.greenTop,
    green: cues.green,
    textureTop: Math.min(1, cues.textureTop * 10),
    topVariation: cues.topVariation * 4,
    warmth: cues.warmth,
    topMinusBottom: cues.topMinusBottom,
    saturation: cues.saturation,
    brightness: cues.brightness,
    objects: objectEvidence(objects),
    neighbours: neighbourEvidence(votes),
  }
}

/** The probability that the photo was taken outdoors, by a logistic model of its features. */
export function outdoorProbability(features: Record<SceneFeature, number>, model: SceneModel = FITTED.scene): number {
  let z = model.bias
  for (const name of SCENE_FEATURES) z += model.weights[name] * features[name]
  return 1 / (1 + Math.exp(-z))
}

/** The fitted thresholds (thresholds.ts); null or a missing word: never written. */
export type Thresholds = {
  scene: SceneModel
  /** Outdoors is written at P(outdoor) ≥ outdoor; indoors at 1 − P(outdoor) ≥ indoor. */
  outdoor: number | null
  indoor: number | null
  /** Per category word, the least categorise() confidence (its side decided first). */
  category: Partial<Record<string, number>>
  /** Per COCO class, the least detector score. */
  objects: Partial<Record<string, number>>
  /** Per colour word, the least share of the picture. */
  colors: Partial<Record<string, number>>
  /** Mean luminance at or above brightMin: bright; at or below darkMax: dark. */
  brightMin: number | null
  darkMax: number | null
}

export type Decided = {
  /** true outdoors, false indoors, null: not sure enough to say. */
  outdoor: boolean | null
  outdoorProbability: number
  category: Category | null
  categoryConfidence: number | null
  objects: DetectedObject[]
  colors: string[]
  light: 'bright' | 'dark' | null
}

export function decideWords(
  analysis: Pick<ImageAnalysis, 'objects' | 'cues' | 'colorShares'>,
  votes: CategoryVote[],
  fitted: Thresholds = FITTED,
): Decided {
  // Confidences are compared as the bench fitted them: rounded to three decimals.
  const p = round3(outdoorProbability(sceneFeatures(analysis.cues, analysis.objects, votes), fitted.scene))
  const outdoor = fitted.outdoor != null && p >= fitted.outdoor ? true : fitted.indoor != null && round3(1 - p) >= fitted.indoor ? false : null
  let category: Category | null = null
  let categoryConfidence: number | null = null
  if (outdoor !== null) {
    const result = categorise(analysis.objects, analysis.cues, votes, outdoor)
    const min = fitted.category[result.category]
    if (min != null && result.confidence >= min) {
      category = result.category
      categoryConfidence = result.confidence
    }
  }
  // A class without a threshold (never seen right on the labelled photos, or not a property's) is never named.
  const objects = analysis.objects.filter((o) => fitted.objects[o.label] != null && o.score >= (fitted.objects[o.label] as number))
  const implied = outdoor === true ? null : impliedCategory(objects.map((o) => o.label))
  if (implied && category && implied.category !== category) {
    category = null
    categoryConfidence = null
  } else if (implied && !category) {
    category = implied.category as Category
    // As sure as the least sure of the objects that implied it, each by its best detection.
    const best = (label: string) => Math.max(...objects.filter((o) => o.label === label).map((o) => o.score))
    categoryConfidence = round3(Math.min(...implied.objects.map(best)))
  }
  const brightness = round3(analysis.cues.brightness)
  const light = fitted.brightMin != null && brightness >= fitted.brightMin ? 'bright' : fitted.darkMax != null && brightness <= fitted.darkMax ? 'dark' : null
  return {
    outdoor,
    outdoorProbability: p,
    category,
    categoryConfidence,
    objects,
    colors: analysis.colorShares
      .filter(({ name, share }) => fitted.colors[name] != null && share >= (fitted.colors[name] as number))
      .slice(0, MAX_COLORS)
      .map(({ name }) => name),
    light,
  }
}

const round3 = (v: number) => Math.round(v * 1000) / 1000

/** Colour words a photo gets at most. */
const MAX_COLORS = 3
