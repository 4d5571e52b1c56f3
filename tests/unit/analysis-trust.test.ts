import { describe, expect, it } from 'vitest'
import { fitLogistic, leaveOneOutCheck, precisionLowerBound, selectThreshold, sideThreshold, splitHalves, studentTQuantile } from '../../bench/lib/analysis-trust'
import type { SceneStats } from '../../src/server/analysis/colors'
import { decideWords, neighbourEvidence, objectEvidence, type Thresholds } from '../../src/server/analysis/decide'
import { analysisTags, describe as sentence } from '../../src/server/analysis/describe'

const row = (score: number, correct: boolean) => ({ score, correct })

describe('threshold selection (precision ≥ 0.95 on the rows fitted)', () => {
  it('keeps the most rows that are right, the threshold in the middle of the gap to the next (wrong) score below', () => {
    expect(selectThreshold([row(0.9, true), row(0.8, true), row(0.7, false), row(0.6, true)])).toBe(0.75)
    // Nothing wrong below: the gap goes down to the floor (the least score there can be).
    expect(selectThreshold([row(0.3, true), row(0.9, true)])).toBe(0.15)
    expect(selectThreshold([row(0.6, true)], 0.95, 0.3)).toBe(0.45)
  })

  it('allows one wrong row in twenty: 19 of 20 is 0.95', () => {
    const rows = [row(1, false), ...Array.from({ length: 19 }, (_, i) => row(0.9 - i * 0.01, true)), row(0.5, false)]
    expect(selectThreshold(rows)).toBe(0.61)
    expect(selectThreshold(rows.slice(0, 19))).toBeNull() // 18 of 19 is 0.947
    // Indoors/outdoors must never be wrong: at a target of 1, the cut stays above every wrong row.
    const side = [...Array.from({ length: 19 }, (_, i) => row(0.9 - i * 0.01, true)), row(0.7, false), row(0.6, true)]
    expect(selectThreshold(side)).toBe(0.3) // 20 of 21 right, down to the floor
    expect(selectThreshold(side, 1)).toBe(0.71)
  })

  it('writes tied scores together: a tie with a wrong row is no threshold of its own', () => {
    expect(selectThreshold([row(0.9, true), row(0.5, true), row(0.5, false)])).toBe(0.7)
  })

  it('has no threshold when nothing is right, or when the best row is wrong and nothing makes up for it', () => {
    expect(selectThreshold([row(0.9, false), row(0.4, false)])).toBeNull()
    expect(selectThreshold([row(0.9, false), row(0.4, true)])).toBeNull()
    expect(selectThreshold([])).toBeNull()
  })
})

describe('the fitting half judging its own thresholds', () => {
  it("Student's t quantiles match the printed tables", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 2)
    expect(studentTQuantile(0.99, 7)).toBeCloseTo(2.998, 2)
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.812, 2)
    expect(studentTQuantile(0.01, 4)).toBeCloseTo(-3.747, 2)
  })

  it('puts the indoor/outdoor cut above the 99 % prediction bound of the wrong side, not just above its highest photo', () => {
    // Wrong side at logits −2, −1, 0, 1 (mean −0.5, s 1.291): bound −0.5 + 4.541 · 1.291 · √1.25 = 6.05 → 0.998.
    const p = (z: number) => 1 / (1 + Math.exp(-z))
    const wrong = [-2, -1, 0, 1].map((z) => row(p(z), false))
    const right = [0.9, 0.95, 0.999].map((s) => row(s, true))
    expect(sideThreshold([...wrong, ...right])).toEqual({ threshold: 0.998, empirical: 0.816, bound: 0.998 }) // empirical: (0.9 + 0.731) / 2
    // A tight wrong side (logits −3, −2.9, −2.8): the bound is low and the empirical cut decides.
    const tight = [-3, -2.9, -2.8].map((z) => row(p(z), false))
    expect(sideThreshold([...tight, row(0.9, true)], 0.01)).toEqual({ threshold: 0.479, empirical: 0.479, bound: 0.11 }) // (0.9 + 0.057) / 2; −2.9 + 6.965 · 0.1 · √(4/3)
    // Fewer than three wrong-side photos: nothing to estimate the bound from, never written.
    expect(sideThreshold([row(0.1, false), row(0.2, false), row(0.9, true)]).threshold).toBeNull()
  })

  it('leaves each photo out in turn and decides it with the threshold fitted on the others', () => {
    const rows = [
      { score: 0.9, correct: true, photo: 'a' },
      { score: 0.8, correct: true, photo: 'b' },
      { score: 0.7, correct: false, photo: 'c' },
      { score: 0.6, correct: false, photo: 'd' },
    ]
    // a out: cut 0.75, a written right; b out: 0.8 → 0.8 right; c out: cut 0.7 (0.8 and 0.6), c written wrong; d out: cut 0.75.
    expect(leaveOneOutCheck(rows)).toEqual({ written: 3, correct: 2 })
  })

  it('needs five right of five before a word is more often right than wrong at 95 % confidence', () => {
    // All right: the bound is 0.05^(1/n).
    expect(precisionLowerBound(4, 4)).toBeCloseTo(0.473, 3)
    expect(precisionLowerBound(5, 5)).toBeCloseTo(0.549, 3)
    expect(precisionLowerBound(19, 20)).toBeCloseTo(0.784, 2)
    expect(precisionLowerBound(0, 3)).toBe(0)
  })
})

describe('the two halves of the labelled set', () => {
  const labels = Object.fromEntries(
    [...'abcdefgh'].map((c, i) => [`${c}.jpg`, { category: i < 5 ? 'view' : 'bedroom' }]),
  )

  it('are disjoint, cover the set, and split every category nearly evenly; the same set always splits the same way', () => {
    const { fitting, heldOut } = splitHalves(labels)
    expect([...fitting, ...heldOut].sort()).toEqual(Object.keys(labels).sort())
    expect(fitting.filter((n) => heldOut.includes(n))).toEqual([])
    expect(fitting.filter((n) => labels[n].category === 'view')).toHaveLength(3)
    expect(fitting.filter((n) => labels[n].category === 'bedroom')).toHaveLength(2)
    expect(splitHalves(labels)).toEqual({ fitting, heldOut })
  })
})

describe('logistic regression', () => {
  it('learns a separable rule: high x is class 1', () => {
    const { bias, weights } = fitLogistic([[0], [0.1], [0.2], [0.8], [0.9], [1]], [0, 0, 0, 1, 1, 1], { l2: 0.001 })
    const p = (x: number) => 1 / (1 + Math.exp(-(bias + weights[0] * x)))
    expect(weights[0]).toBeGreaterThan(0)
    expect(p(0)).toBeLessThan(0.2)
    expect(p(1)).toBeGreaterThan(0.8)
  })
})

const cues = (over: Partial<SceneStats> = {}): SceneStats => ({
  brightness: 0.5, skyTop: 0, green: 0, waterLow: 0, greenTop: 0, blueTop: 0, warmth: 0, textureTop: 0, topVariation: 0, topMinusBottom: 0, saturation: 0, ...over,
})
const zero = { skyTop: 0, blueTop: 0, greenTop: 0, green: 0, textureTop: 0, topVariation: 0, warmth: 0, topMinusBottom: 0, saturation: 0, brightness: 0, objects: 0, neighbours: 0 }
/** P(outdoor) = sigmoid(10·skyTop − 5): 0.993 at skyTop 1, 0.5 at 0.5, 0.007 at 0. */
const fitted: Thresholds = {
  scene: { bias: -5, weights: { ...zero, skyTop: 10 } },
  outdoor: 0.9,
  indoor: 0.9,
  category: { view: 0.3, bedroom: 0.5 },
  objects: { bed: 0.6 },
  colors: { green: 0.2 },
  brightMin: 0.7,
  darkMax: 0.2,
}
const obj = (label: string, score: number) => ({ label, score, box: [0, 0, 1, 1] as [number, number, number, number] })

describe('the words analysis writes', () => {
  it('writes outdoors or indoors only past its threshold, and nothing in between', () => {
    expect(decideWords({ objects: [], cues: cues({ skyTop: 1 }), colorShares: [] }, [], fitted)).toMatchObject({ outdoor: true, outdoorProbability: 0.993 })
    expect(decideWords({ objects: [], cues: cues({ skyTop: 0 }), colorShares: [] }, [], fitted)).toMatchObject({ outdoor: false, outdoorProbability: 0.007 })
    const unsure = decideWords({ objects: [], cues: cues({ skyTop: 0.5 }), colorShares: [] }, [], fitted)
    expect(unsure).toMatchObject({ outdoor: null, outdoorProbability: 0.5, category: null, categoryConfidence: null })
  })

  it('files a photo only when its side is written and the category is sure enough; a word without threshold never', () => {
    // Outdoors with no objects and a sky: view (a fitted word); indoors with a bed: bedroom.
    expect(decideWords({ objects: [], cues: cues({ skyTop: 1 }), colorShares: [] }, [], fitted).category).toBe('view')
    const bed = decideWords({ objects: [obj('bed', 0.9)], cues: cues(), colorShares: [] }, [], fitted)
    expect(bed).toMatchObject({ outdoor: false, category: 'bedroom' })
    expect(bed.objects.map((o) => o.label)).toEqual(['bed'])
    // A couch is a living room, but that word has no threshold: nothing is filed, no couch named.
    const couch = decideWords({ objects: [obj('couch', 0.9)], cues: cues(), colorShares: [] }, [], fitted)
    expect(couch).toMatchObject({ outdoor: false, category: null, objects: [] })
  })

  it('files a photo under the room a sure object implies, without a category threshold, and abstains on doubt', () => {
    const implying: Thresholds = { ...fitted, category: {}, objects: { bed: 0.6, toilet: 0.5, car: 0.4, 'dining table': 0.5, chair: 0.5 } }
    // Unsure whether indoors (skyTop 0.5), but a bed above its threshold: a bedroom, as sure as the bed.
    expect(decideWords({ objects: [obj('bed', 0.8)], cues: cues({ skyTop: 0.5 }), colorShares: [] }, [], implying)).toMatchObject({
      category: 'bedroom',
      categoryConfidence: 0.8,
    })
    // Below its own threshold the bed implies nothing.
    expect(decideWords({ objects: [obj('bed', 0.55)], cues: cues(), colorShares: [] }, [], implying).category).toBeNull()
    // Two rooms implied, an outdoor-only class beside it, or a photo written as outdoors: no room.
    expect(decideWords({ objects: [obj('bed', 0.8), obj('toilet', 0.9)], cues: cues(), colorShares: [] }, [], implying).category).toBeNull()
    expect(decideWords({ objects: [obj('bed', 0.8), obj('car', 0.9)], cues: cues(), colorShares: [] }, [], implying).category).toBeNull()
    expect(decideWords({ objects: [obj('bed', 0.8)], cues: cues({ skyTop: 1 }), colorShares: [] }, [], implying).category).toBeNull()
    // A table alone is no dining room; with chairs it is, as sure as the less sure of the two (its best chair).
    expect(decideWords({ objects: [obj('dining table', 0.9)], cues: cues(), colorShares: [] }, [], implying).category).toBeNull()
    expect(
      decideWords({ objects: [obj('dining table', 0.9), obj('chair', 0.7), obj('chair', 0.6)], cues: cues(), colorShares: [] }, [], implying),
    ).toMatchObject({ category: 'dining room', categoryConfidence: 0.7 })
  })

  it("writes neither when the scene's own sure category names another room than the object", () => {
    // The fitted scene path files a bed photo as bedroom (above); here it is told office is sure at any confidence.
    const office: Thresholds = { ...fitted, category: { office: 0 }, objects: { bed: 0.6, laptop: 0.5 } }
    const d = decideWords({ objects: [obj('bed', 0.7), obj('laptop', 0.9), obj('keyboard', 0.9)], cues: cues(), colorShares: [] }, [], office)
    expect(d.category).toBeNull()
    expect(d.categoryConfidence).toBeNull()
  })

  it('keeps objects, colours and the light at or above their own thresholds only', () => {
    const d = decideWords(
      { objects: [obj('bed', 0.59), obj('bed', 0.6)], cues: cues({ brightness: 0.75 }), colorShares: [{ name: 'green', share: 0.2 }, { name: 'white', share: 0.6 }, { name: 'green', share: 0.19 }] },
      [],
      fitted,
    )
    expect(d.objects).toEqual([obj('bed', 0.6)])
    expect(d.colors).toEqual(['green'])
    expect(d.light).toBe('bright')
    expect(decideWords({ objects: [], cues: cues({ brightness: 0.2 }), colorShares: [] }, [], fitted).light).toBe('dark')
    expect(decideWords({ objects: [], cues: cues({ brightness: 0.5 }), colorShares: [] }, [], fitted).light).toBeNull()
  })

  it('hears the placed neighbours: outdoor categories +1, rooms and other −1, by similarity; the objects: outdoor minus indoor', () => {
    expect(neighbourEvidence([{ category: 'view', similarity: 0.6 }, { category: 'bedroom', similarity: 0.2 }, { category: 'other', similarity: 0.2 }])).toBeCloseTo(0.2)
    expect(neighbourEvidence([{ category: 'view', similarity: -0.5 }])).toBe(0)
    expect(objectEvidence([obj('car', 0.8), obj('bed', 0.5)])).toBeCloseTo(0.3)
  })

  it('tags neither interior nor exterior and names no room when it is not sure', () => {
    const words = { category: null, objects: new Map([['chair', 1]]), colors: [], light: null }
    expect(analysisTags({ ...words, outdoor: null })).toEqual(['chair'])
    expect(sentence(words)).toBe('A photo with a chair.')
    expect(analysisTags({ ...words, outdoor: false })).toEqual(['interior', 'chair', 'furnished'])
  })
})
