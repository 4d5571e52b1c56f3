// Abstain rather than guess: fits, on one half of the labelled photos, the confidence threshold
// of every machine word (indoor/outdoor, category, each object class, each colour, the light)
// that gives precision ≥ 0.95 there, and the indoor/outdoor scene model (a logistic regression);
// then scores the product's own decision (decideWords) with those thresholds on both halves:
// precision, recall and abstentions per word, and the confusion pairs. The halves: within each
// category, the photos in the order of their name's SHA-1, alternately fitting and held out.
// The held-out half's labels are used for nothing but its scores (its neighbours are the
// fitting half's photos, as a manager's placed photos are).
import { createHash } from 'node:crypto'
import type { CategoryVote } from '../../src/server/analysis/category'
import { OBJECT_SCORE_THRESHOLD } from '../../src/server/analysis/detections'
import type { ImageAnalysis } from '../../src/server/analysis/engine'
import type { SceneFeature, Thresholds } from '../../src/server/analysis/decide'
import type { PlacedPhoto } from '../../src/server/analysis/suggest'

export const TARGET_PRECISION = 0.95
/**
 * Indoors or outdoors, which every category hangs on, must never be wrong (the issue: "no outdoor
 * photo is ever tagged interior … no indoor photo exterior"): on the fitting half, none may be.
 */
export const SIDE_PRECISION = 1
/**
 * How often a photo of the wrong side may pass the indoor/outdoor threshold: at most 1 in 100.
 * Precision 0.95 for `exterior` on a property whose photos are mostly rooms (four rooms to one
 * outdoor photo, recall 0.8) allows 0.8 / 4 × 0.05 / 0.95 ≈ 1 % of the indoor photos over it;
 * `interior` is held to the same (the "never").
 */
export const SIDE_FALSE_RATE = 0.01
/** The L2 penalties tried for the scene model. */
const L2_GRID = [0.003, 0.01, 0.03, 0.1, 0.3]

/** COCO classes a property photo never needs: never written, whatever the detector's score. */
export const DROPPED_CLASSES = new Set([
  'elephant', 'bear', 'zebra', 'giraffe', 'cow', 'sheep', 'horse', 'airplane', 'train', 'tie', 'frisbee', 'skis', 'snowboard', 'sports ball',
  'baseball bat', 'baseball glove', 'skateboard', 'tennis racket', 'banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog',
  'pizza', 'donut', 'cake', 'scissors', 'teddy bear', 'kite', 'surfboard',
])

type Label = { category: string; objects: string[]; colors?: string[]; light?: 'bright' | 'dark' | null }
const OUTDOOR = new Set(['exterior', 'garden', 'pool', 'terrace/balcony', 'view'])
export const isOutdoor = (category: string) => OUTDOOR.has(category)

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex')

/** The two halves: per category, by SHA-1 of the name, alternately fitting (first) and held out. */
export function splitHalves(labels: Record<string, { category: string }>): { fitting: string[]; heldOut: string[] } {
  const byCategory = new Map<string, string[]>()
  for (const [name, { category }] of Object.entries(labels)) byCategory.set(category, [...(byCategory.get(category) ?? []), name])
  const fitting: string[] = []
  const heldOut: string[] = []
  for (const names of byCategory.values()) {
    names.sort((a, b) => sha1(a).localeCompare(sha1(b)))
    names.forEach((name, i) => (i % 2 === 0 ? fitting : heldOut).push(name))
  }
  return { fitting: fitting.sort(), heldOut: heldOut.sort() }
}

export type Scored = { score: number; correct: boolean }

/**
 * The lowest threshold at which the rows scored at or above it are right at least `target` of
 * the time (the most recall at that precision), or null when none is (or nothing was right).
 * Any value between the lowest score kept and the next score below it (a wrong row's: else it
 * would be kept too), or `floor` when there is none, keeps the same rows: the middle of that gap is
 * taken, so a score that moves a little (another rendition of the same photo) does not flip a word.
 */
export function selectThreshold(rows: Scored[], target = TARGET_PRECISION, floor = 0): number | null {
  const sorted = [...rows].sort((a, b) => b.score - a.score)
  let correct = 0
  let best: { score: number; below: number } | null = null
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i].correct) correct++
    // Ties are written together: only a score's last row decides.
    if (i + 1 < sorted.length && sorted[i + 1].score === sorted[i].score) continue
    if (correct > 0 && correct / (i + 1) >= target) best = { score: sorted[i].score, below: sorted[i + 1]?.score ?? floor }
  }
  if (!best) return null
  const middle = Math.ceil(((best.score + best.below) / 2) * 1000) / 1000
  return middle > best.below && middle <= best.score ? middle : best.score
}

/**
 * Student's t distribution's quantile for integer degrees of freedom: bisection on its CDF, which
 * for integer df is a finite series in θ = atan(t/√df) (Abramowitz & Stegun 26.7.3–4).
 */
export function studentTQuantile(p: number, df: number): number {
  const cdf = (t: number) => {
    const theta = Math.atan(Math.abs(t) / Math.sqrt(df))
    const c2 = Math.cos(theta) ** 2
    let a: number
    if (df % 2 === 1) {
      let term = 1
      let sum = df > 1 ? 1 : 0
      for (let k = 3; k <= df - 2; k += 2) sum += term *= (c2 * (k - 1)) / k
      a = (2 / Math.PI) * (theta + Math.sin(theta) * Math.cos(theta) * sum)
    } else {
      let term = 1
      let sum = 1
      for (let k = 2; k <= df - 2; k += 2) sum += term *= (c2 * (k - 1)) / k
      a = Math.sin(theta) * sum
    }
    return t >= 0 ? (1 + a) / 2 : (1 - a) / 2
  }
  let lo = -1e4
  let hi = 1e4
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2
    if (cdf(mid) < p) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

const logit = (p: number) => Math.log(p / (1 - p))

/**
 * The indoor/outdoor threshold: above every wrong-side photo's leave-one-out probability (none may
 * be wrong on the fitting half) and above the one-sided prediction bound at 1 − `falseRate` of a
 * new wrong-side photo's probability: the wrong side's logits taken as normal, mean + t(n−1) ·
 * s · √(1 + 1/n), so that the few wrong-side photos seen do not set the cut at their own maximum.
 * Null when there are fewer than three wrong-side photos to estimate from, or nothing right above.
 */
export function sideThreshold(rows: Scored[], falseRate = SIDE_FALSE_RATE): { threshold: number | null; empirical: number | null; bound: number | null } {
  const empirical = selectThreshold(rows, SIDE_PRECISION)
  const wrong = rows.filter((r) => !r.correct).map((r) => logit(Math.min(0.999, Math.max(0.001, r.score))))
  if (wrong.length < 3) return { threshold: null, empirical, bound: null }
  const n = wrong.length
  const mean = wrong.reduce((s, v) => s + v, 0) / n
  const sd = Math.sqrt(wrong.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1))
  const upper = mean + studentTQuantile(1 - falseRate, n - 1) * sd * Math.sqrt(1 + 1 / n)
  const bound = Math.ceil((1 / (1 + Math.exp(-upper))) * 1000) / 1000
  const threshold = empirical == null ? null : Math.max(empirical, bound)
  const kept = threshold != null && rows.some((r) => r.correct && r.score >= threshold)
  return { threshold: kept ? threshold : null, empirical, bound }
}

/**
 * The fitting half's own held-out check of a word's threshold: every photo in turn is left out,
 * the threshold fitted on the others' rows, and the photo's rows decided with it. Returns how
 * many of those decisions wrote the word and how many of them were right.
 */
export function leaveOneOutCheck(rows: (Scored & { photo: string })[], target = TARGET_PRECISION, floor = 0): { written: number; correct: number } {
  let written = 0
  let correct = 0
  for (const photo of new Set(rows.map((r) => r.photo))) {
    const t = selectThreshold(rows.filter((r) => r.photo !== photo), target, floor)
    if (t == null) continue
    for (const r of rows) {
      if (r.photo !== photo || r.score < t) continue
      written++
      if (r.correct) correct++
    }
  }
  return { written, correct }
}

/**
 * The one-sided 95 % Clopper–Pearson lower bound of a precision: the least p at which `correct`
 * or more right of `written` has a chance of at least 5 % (bisection on the binomial tail).
 */
export function precisionLowerBound(correct: number, written: number, alpha = 0.05): number {
  if (correct <= 0 || written <= 0) return 0
  const tail = (p: number) => {
    let sum = 0
    let term = (1 - p) ** written // P(X = 0)
    for (let k = 0; k <= written; k++) {
      if (k >= correct) sum += term
      term *= ((written - k) / (k + 1)) * (p / (1 - p))
    }
    return sum
  }
  let lo = 0
  let hi = 1
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2
    if (tail(mid) < alpha) lo = mid
    else hi = mid
  }
  return Math.round(lo * 1000) / 1000
}

/**
 * The least evidence a word needs: its words written on the fitting half must show, at 95 %
 * confidence, that it is right more often than wrong (lower bound above one half: five right of
 * five, not four).
 */
export const LEAST_LOWER_BOUND = 0.5

/** Logistic regression by gradient descent with an L2 penalty on the weights (not the bias). */
export function fitLogistic(x: number[][], y: number[], { l2 = 0.05, iterations = 4000, rate = 1 } = {}): { bias: number; weights: number[] } {
  const d = x[0]?.length ?? 0
  const weights = new Array<number>(d).fill(0)
  let bias = 0
  const n = x.length
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0)
    let gb = 0
    for (let i = 0; i < n; i++) {
      let z = bias
      for (let j = 0; j < d; j++) z += weights[j] * x[i][j]
      const err = 1 / (1 + Math.exp(-z)) - y[i]
      gb += err / n
      for (let j = 0; j < d; j++) gw[j] += (err * x[i][j]) / n
    }
    bias -= rate * gb
    for (let j = 0; j < d; j++) weights[j] -= rate * (gw[j] + l2 * weights[j])
  }
  return { bias, weights }
}

export type WordFigures = { written: number; correct: number; precision: number | null; truth: number; recall: number | null; abstained: number }
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null)

type Analysed = { name: string; label: Label; result: ImageAnalysis }
type Engine = {
  sceneFeatures: typeof import('../../src/server/analysis/decide').sceneFeatures
  decideWords: typeof import('../../src/server/analysis/decide').decideWords
  SCENE_FEATURES: typeof import('../../src/server/analysis/decide').SCENE_FEATURES
  categorise: typeof import('../../src/server/analysis/category').categorise
  nearestPlaced: typeof import('../../src/server/analysis/suggest').nearestPlaced
}

async function loadEngine(): Promise<Engine> {
  const decide = await import('../../src/server/analysis/decide')
  const { categorise } = await import('../../src/server/analysis/category')
  const { nearestPlaced } = await import('../../src/server/analysis/suggest')
  return { sceneFeatures: decide.sceneFeatures, decideWords: decide.decideWords, SCENE_FEATURES: decide.SCENE_FEATURES, categorise, nearestPlaced }
}

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits

/** Fits every threshold on the fitting half and scores both halves; pure but for loading the engine. */
export async function fitAndScore(analysed: Analysed[]) {
  const engine = await loadEngine()
  const labels = Object.fromEntries(analysed.map((a) => [a.name, a.label]))
  const { fitting, heldOut } = splitHalves(labels)
  const fitSet = new Set(fitting)
  const fitRows = analysed.filter((a) => fitSet.has(a.name))

  // Neighbours: the fitting half's photos, placed where their human category belongs (never the photo itself).
  const votesOf = (one: Analysed): CategoryVote[] => {
    const others = fitRows.filter((o) => o.name !== one.name)
    const placed: PlacedPhoto[] = others.map((o, j) => ({ id: String(j), section: o.label.category, room: null, embedding: o.result.embedding }))
    return engine.nearestPlaced(one.result.embedding, placed).map(({ photo, similarity }) => ({ category: others[Number(photo.id)].label.category, similarity }))
  }
  const votes = new Map(analysed.map((a) => [a.name, votesOf(a)]))
  // The fit is with neighbours (a property whose manager has placed photos). Counting every photo
  // a second time without any (a new property) was tried: the thresholds loosened and more indoor
  // photos were tagged exterior on the held-out half. Without neighbours the score is less sure,
  // so fewer words are written; the figures without them are reported too.
  const noVotes = new Map<string, CategoryVote[]>(analysed.map((a) => [a.name, []]))
  const variants = [votes]
  const vector = (a: Analysed, v: Map<string, CategoryVote[]>) => {
    const f = engine.sceneFeatures(a.result.cues, a.result.objects, v.get(a.name) ?? [])
    return engine.SCENE_FEATURES.map((name) => f[name])
  }

  // 1. The scene model and the indoor/outdoor thresholds. Its thresholds are fitted on
  // leave-one-out probabilities (each fitting photo scored by a model fitted without it, in
  // either variant): a model's probabilities of its own training photos are too sure. The L2
  // penalty is the one with the least leave-one-out log-loss.
  const rows = variants.flatMap((v) => fitRows.map((a) => ({ name: a.name, x: vector(a, v), y: isOutdoor(a.label.category) ? 1 : 0 })))
  const sigmoid = (m: { bias: number; weights: number[] }, v: number[]) => 1 / (1 + Math.exp(-(m.bias + v.reduce((s, xj, j) => s + m.weights[j] * xj, 0))))
  const fitWithout = (name: string | null, l2: number) => {
    const kept = rows.filter((r) => r.name !== name)
    return fitLogistic(kept.map((r) => r.x), kept.map((r) => r.y), { l2 })
  }
  const leaveOneOut = (l2: number) => {
    const models = new Map(fitRows.map((a) => [a.name, fitWithout(a.name, l2)]))
    return rows.map((r) => sigmoid(models.get(r.name)!, r.x))
  }
  let best = { l2: 0, loss: Infinity, probabilities: [] as number[] }
  for (const l2 of L2_GRID) {
    const probabilities = leaveOneOut(l2)
    const loss = -probabilities.reduce((s, p, i) => s + Math.log(Math.max(1e-9, rows[i].y ? p : 1 - p)), 0) / probabilities.length
    if (loss < best.loss) best = { l2, loss, probabilities }
  }
  const model = fitWithout(null, best.l2)
  const scene = { bias: round(model.bias, 4), weights: Object.fromEntries(engine.SCENE_FEATURES.map((f, j) => [f, round(model.weights[j], 4)])) as Record<SceneFeature, number> }
  const loo = rows.map((r, i) => ({ name: r.name, outdoor: r.y === 1, p: round(best.probabilities[i]) }))
  const outdoorSide = sideThreshold(loo.map((r) => ({ score: r.p, correct: r.outdoor })))
  const indoorSide = sideThreshold(loo.map((r) => ({ score: round(1 - r.p), correct: !r.outdoor })))
  const outdoor = outdoorSide.threshold
  const indoor = indoorSide.threshold
  const empty: Thresholds = { scene, outdoor: null, indoor: null, category: {}, objects: {}, colors: {}, brightMin: null, darkMax: null }

  // 2. Category words, on the photos whose side is written (in either variant).
  type Row = Scored & { photo: string }
  const categoryRows = new Map<string, Row[]>()
  for (const v of variants) {
    for (const a of fitRows) {
      const p = engine.decideWords(a.result, v.get(a.name) ?? [], empty).outdoorProbability
      const side = outdoor != null && p >= outdoor ? true : indoor != null && round(1 - p) >= indoor ? false : null
      if (side === null) continue
      const { category, confidence } = engine.categorise(a.result.objects, a.result.cues, v.get(a.name), side)
      categoryRows.set(category, [...(categoryRows.get(category) ?? []), { score: confidence, correct: category === a.label.category, photo: a.name }])
    }
  }
  // 3. Objects: a class once per photo, at its best score.
  const objectRows = new Map<string, Row[]>()
  for (const a of fitRows) {
    const best = new Map<string, number>()
    for (const o of a.result.objects) best.set(o.label, Math.max(best.get(o.label) ?? 0, o.score))
    for (const [label, score] of best) objectRows.set(label, [...(objectRows.get(label) ?? []), { score, correct: a.label.objects.includes(label), photo: a.name }])
  }
  // 4. Colours: every palette colour of a photo, by its share of the picture.
  const colorRows = new Map<string, Row[]>()
  for (const a of fitRows) {
    for (const { name, share } of a.result.colorShares) colorRows.set(name, [...(colorRows.get(name) ?? []), { score: share, correct: (a.label.colors ?? []).includes(name), photo: a.name }])
  }
  // 5. The light.
  const brightRows = fitRows.map((a) => ({ score: round(a.result.cues.brightness), correct: a.label.light === 'bright', photo: a.name }))
  const darkRows = fitRows.map((a) => ({ score: -round(a.result.cues.brightness), correct: a.label.light === 'dark', photo: a.name }))
  // The fitting half's own check of every word (leave-one-out, above): a word whose decisions on
  // the photos left out are right less than 95 % of the time is switched off. A word those
  // decisions never write (it stands on one photo) cannot be judged so and is kept as fitted.
  // Then a word needs evidence: the 95 % lower bound of its precision over the fitting photos it
  // is written on (at its threshold) above one half. The detector's classes are judged together
  // (one model's scores, calibrated alike; each class has its own threshold and its own
  // leave-one-out check): their written words are pooled for the evidence.
  const switchedOff: { word: string; written: number; correct: number; why: string }[] = []
  const passes = (word: string, rows: Row[], floor = 0, ownEvidence = true) => {
    const check = leaveOneOutCheck(rows, TARGET_PRECISION, floor)
    if (check.written > 0 && check.correct / check.written < TARGET_PRECISION) {
      switchedOff.push({ word, ...check, why: 'leave-one-out' })
      return false
    }
    const t = selectThreshold(rows, TARGET_PRECISION, floor)
    const kept = t == null ? [] : rows.filter((r) => r.score >= t)
    const right = kept.filter((r) => r.correct).length
    if (ownEvidence && t != null && precisionLowerBound(right, kept.length) <= LEAST_LOWER_BOUND) {
      switchedOff.push({ word, written: kept.length, correct: right, why: 'too little evidence' })
      return false
    }
    return true
  }
  const brightMin = passes('light:bright', brightRows) ? selectThreshold(brightRows) : null
  const darkScore = passes('light:dark', darkRows, -1) ? selectThreshold(darkRows, TARGET_PRECISION, -1) : null

  const fitEach = (kind: string, rows: Map<string, Row[]>, { skip = new Set<string>(), floor = 0, pooled = false } = {}) => {
    const out: Record<string, number> = {}
    for (const [word, list] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      if (skip.has(word)) continue
      const t = selectThreshold(list, TARGET_PRECISION, floor)
      if (t != null && passes(`${kind}:${word}`, list, floor, !pooled)) out[word] = t
    }
    if (pooled) {
      const kept = Object.entries(out).flatMap(([word, t]) => rows.get(word)!.filter((r) => r.score >= t))
      const right = kept.filter((r) => r.correct).length
      if (precisionLowerBound(right, kept.length) <= LEAST_LOWER_BOUND) {
        switchedOff.push({ word: `${kind}:*`, written: kept.length, correct: right, why: 'too little evidence' })
        return {}
      }
    }
    return out
  }
  const fitted: Thresholds = {
    scene,
    outdoor,
    indoor,
    category: fitEach('category', categoryRows),
    objects: fitEach('object', objectRows, { skip: DROPPED_CLASSES, floor: OBJECT_SCORE_THRESHOLD, pooled: true }),
    colors: fitEach('color', colorRows),
    brightMin,
    darkMax: darkScore == null ? null : -darkScore,
  }
  const candidates = {
    category: [...categoryRows.keys()].sort(),
    objects: [...objectRows.keys()].sort(),
    colors: [...colorRows.keys()].sort(),
  }
  const heldRows = analysed.filter((a) => !fitSet.has(a.name))
  const off = new Set(switchedOff.map((w) => w.word))
  return {
    split: { fitting, heldOut },
    switchedOffByFittingChecks: switchedOff,
    scene: {
      l2: best.l2,
      leaveOneOutLogLoss: round(best.loss),
      outdoorThreshold: outdoorSide,
      indoorThreshold: indoorSide,
      leaveOneOutProbabilities: loo,
    },
    fitted,
    notWritten: {
      category: candidates.category.filter((w) => fitted.category[w] == null && !off.has(`category:${w}`)),
      objects: candidates.objects.filter((w) => fitted.objects[w] == null && !off.has(`object:${w}`)),
      colors: candidates.colors.filter((w) => fitted.colors[w] == null && !off.has(`color:${w}`)),
      light: [...(brightMin == null && !off.has('light:bright') ? ['bright'] : []), ...(fitted.darkMax == null && !off.has('light:dark') ? ['dark'] : [])],
    },
    fittingHalf: scoreHalf(engine, fitRows, votes, fitted),
    heldOutHalf: scoreHalf(engine, heldRows, votes, fitted),
    // The same without any placed photo (a new property): the figures as fitted.
    fittingHalfWithoutNeighbours: scoreHalf(engine, fitRows, noVotes, fitted),
    heldOutHalfWithoutNeighbours: scoreHalf(engine, heldRows, noVotes, fitted),
  }
}

/** Per machine word on one half, with the product's decision: written, right, precision, recall, withheld candidates. */
export function scoreHalf(engine: Pick<Engine, 'decideWords' | 'categorise'>, rows: Analysed[], votes: Map<string, CategoryVote[]>, fitted: Thresholds) {
  const words: Record<string, WordFigures> = {}
  const word = (w: string) => (words[w] ??= { written: 0, correct: 0, precision: null, truth: 0, recall: null, abstained: 0 })
  const confusions: Record<string, number> = {}
  const confuse = (key: string) => (confusions[key] = (confusions[key] ?? 0) + 1)
  const slots = { inOutAbstained: 0, categoryAbstained: 0, objectsAbstained: 0, colorsAbstained: 0, lightAbstained: 0 }
  /** Indoor photos (a room or *other* by the person's label), and those analysis filed under any category. */
  const indoorFiled = { indoor: 0, filed: 0, share: null as number | null }
  const violations: string[] = []
  const noThresholds: Thresholds = { ...fitted, outdoor: 0, indoor: 0 }
  const perPhoto: { name: string; truth: string; outdoorProbability: number; written: string[] }[] = []
  for (const a of rows) {
    const v = votes.get(a.name) ?? []
    const d = engine.decideWords(a.result, v, fitted)
    perPhoto.push({
      name: a.name,
      truth: a.label.category,
      outdoorProbability: d.outdoorProbability,
      written: [
        ...(d.outdoor === null ? [] : [d.outdoor ? 'exterior' : 'interior']),
        ...(d.category ? [`category:${d.category}`] : []),
        ...[...new Set(d.objects.map((o) => o.label))].map((l) => `object:${l}`),
        ...d.colors.map((c) => `color:${c}`),
        ...(d.light ? [`light:${d.light}`] : []),
      ],
    })
    const truthOut = isOutdoor(a.label.category)
    if (!truthOut) {
      indoorFiled.indoor++
      if (d.category !== null) indoorFiled.filed++
    }
    // Indoor/outdoor.
    word(truthOut ? 'exterior' : 'interior').truth++
    if (d.outdoor === null) {
      slots.inOutAbstained++
      word(d.outdoorProbability >= 0.5 ? 'exterior' : 'interior').abstained++
    } else {
      const w = d.outdoor ? 'exterior' : 'interior'
      word(w).written++
      if (d.outdoor === truthOut) word(w).correct++
      else confuse(`${truthOut ? 'exterior' : 'interior'} → ${w}`)
    }
    // Category.
    word(`category:${a.label.category}`).truth++
    if (d.category === null) {
      slots.categoryAbstained++
      const side = d.outdoor ?? engine.decideWords(a.result, v, noThresholds).outdoor
      word(`category:${engine.categorise(a.result.objects, a.result.cues, v, side ?? undefined).category}`).abstained++
    } else {
      word(`category:${d.category}`).written++
      if (d.category === a.label.category) word(`category:${d.category}`).correct++
      else confuse(`${a.label.category} → ${d.category}`)
    }
    if (truthOut && (d.outdoor === false || (d.category !== null && !isOutdoor(d.category)))) violations.push(`${a.name}: outdoor, written ${d.outdoor === false ? 'interior' : d.category}`)
    if (!truthOut && (d.outdoor === true || (d.category !== null && isOutdoor(d.category)))) violations.push(`${a.name}: indoor, written ${d.outdoor === true ? 'exterior' : d.category}`)
    // Objects.
    const found = new Set(d.objects.map((o) => o.label))
    const candidates = new Set(a.result.objects.map((o) => o.label))
    if (!found.size) slots.objectsAbstained++
    for (const label of a.label.objects) word(`object:${label}`).truth++
    for (const label of candidates) {
      if (!found.has(label)) word(`object:${label}`).abstained++
      else {
        word(`object:${label}`).written++
        if (a.label.objects.includes(label)) word(`object:${label}`).correct++
        else confuse(`(no ${label}) → ${label}`)
      }
    }
    // Colours.
    if (!d.colors.length) slots.colorsAbstained++
    for (const c of a.label.colors ?? []) word(`color:${c}`).truth++
    for (const { name } of a.result.colorShares) {
      if (!d.colors.includes(name)) word(`color:${name}`).abstained++
      else {
        word(`color:${name}`).written++
        if ((a.label.colors ?? []).includes(name)) word(`color:${name}`).correct++
        else confuse(`(no ${name}) → ${name}`)
      }
    }
    // Light.
    if (a.label.light) word(`light:${a.label.light}`).truth++
    if (d.light === null) slots.lightAbstained++
    else {
      word(`light:${d.light}`).written++
      if (d.light === a.label.light) word(`light:${d.light}`).correct++
      else confuse(`${a.label.light ?? 'neither'} → ${d.light}`)
    }
  }
  let belowTarget: string[] = []
  for (const [w, f] of Object.entries(words)) {
    f.precision = ratio(f.correct, f.written)
    f.recall = ratio(f.correct, f.truth)
    if (f.precision != null && f.precision < TARGET_PRECISION) belowTarget.push(w)
  }
  belowTarget = belowTarget.sort()
  indoorFiled.share = ratio(indoorFiled.filed, indoorFiled.indoor)
  const sorted = Object.fromEntries(Object.entries(words).sort(([a], [b]) => a.localeCompare(b)))
  return { photos: rows.length, words: sorted, wordsBelowTarget: belowTarget, abstentions: slots, indoorFiled, confusions, insideOutViolations: violations, perPhoto }
}

/** thresholds.ts's text for these fitted values. */
export function thresholdsModule(fitted: Thresholds, summary: string[]): string {
  const json = (v: unknown) => JSON.stringify(v, null, 2).replace(/"([a-z][a-zA-Z]*)":/g, '$1:')
  return [
    '// The thresholds every machine word is written at (src/server/analysis/decide.ts), fitted by',
    '// `npm run bench:analysis-accuracy -- --write-thresholds` on the fitting half of the labelled',
    '// photos (tests/fixtures/analysis) for precision ≥ 0.95 there; bench/results/analysis-accuracy.json',
    '// holds both halves\' figures. Generated: do not edit by hand.',
    ...summary.map((line) => `// ${line}`),
    "import type { Thresholds } from './decide'",
    '',
    `export const FITTED: Thresholds = ${json(fitted)}`,
    '',
  ].join('\n')
}
