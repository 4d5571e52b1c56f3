// The thresholds every machine word is written at (src/server/analysis/decide.ts), fitted by
// `npm run bench:analysis-accuracy -- --write-thresholds` on the fitting half of the labelled
// photos (tests/fixtures/analysis) for precision ≥ 0.95 there; bench/results/analysis-accuracy.json
// holds both halves' figures. Generated: do not edit by hand.
// Fitted 2026-11-26 on 29 photos; held out 26: 37 of 37 words written there right,
// words below 0.95 there: none; in/out abstained on 9, category on 26.
// Switched off by the fitting half's checks (leave-one-out; evidence): light:bright, light:dark, category:garden, category:other, category:view, object:person, color:beige, color:black, color:blue, color:brown, color:white.
import type { Thresholds } from './decide'

export const FITTED: Thresholds = {
  scene: {
    bias: 0.3256,
    weights: {
      skyTop: 1.3203,
      blueTop: 0.385,
      greenTop: 0.5932,
      green: 0.4825,
      textureTop: -0.433,
      topVariation: -0.1607,
      warmth: -0.3989,
      topMinusBottom: 1.2198,
      saturation: -0.5536,
      brightness: 0.2903,
      objects: 0.6553,
      neighbours: 2.4738
    }
  },
  outdoor: 0.931,
  indoor: 0.816,
  category: {},
  objects: {
    bed: 0.416,
    bird: 0.465,
    bottle: 0.515,
    car: 0.4,
    dog: 0.38,
    "potted plant": 0.31,
    "wine glass": 0.405
  },
  colors: {
    gray: 0.086,
    green: 0.089
  },
  brightMin: null,
  darkMax: null
}
