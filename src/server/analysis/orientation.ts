// Whether a photo's pixels are stored turned on their side (or upside down) with nothing to say
// so (no EXIF orientation, or a wrong one): the `sideways` code and the rotate that makes it
// upright. The detector is shown the photo at each quarter turn; objects that have an up and a
// down (people, furniture, cars, bottles…) are found more surely the right way up, so the turn
// whose best such object scores highest is the upright one, when it wins clearly.
//
// It needs the model, so analysis runs it (Analyze All, and after an upload), not ingest's quality
// pass: three more inferences per photo (150–220 ms each in the bench), skipped when
// the photo as stored already shows such an object surely (UPRIGHT_SURE).
//
// What it cannot judge it leaves: a photo with no such object (a landscape, a close-up of a flower)
// is never called sideways. Cheaper cues were looked at on the labelled photos and left out: the
// brighter or bluer side as the sky put a grey concrete floor, a white studio floor and a bright
// window on top of upright photos.
import { MODEL_INPUT_SIZE } from './model'
import { COCO_LABELS } from './vocabulary'
import type { Detection } from './detections'

/** Classes with an up and a down, the way the detector learned them (animals lie any way; balls, bowls and clocks are round). */
export const UPRIGHT_CLASSES: readonly string[] = [
  'person', 'bicycle', 'car', 'motorcycle', 'bus', 'truck', 'boat', 'bench', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'sink', 'refrigerator', 'oven', 'microwave', 'bottle', 'wine glass',
]
const UPRIGHT_INDEXES = new Set(UPRIGHT_CLASSES.map((label) => COCO_LABELS.indexOf(label as (typeof COCO_LABELS)[number])))

/**
 * A turn is called upright when its best object scores at least MIN_SCORE and beats every other
 * turn's best by MARGIN. Fitted by `npm run bench:analysis-accuracy` (bench/lib/sideways-accuracy.ts)
 * on the fitting half of the labelled photos, each stored upright and turned by 90°, 180° and 270°:
 * every MIN_SCORE from 0.3 to 0.6 and MARGIN from 0.05 to 0.3 that called no upright photo
 * sideways, the one finding the most (0.35 and 0.05 found as many as 0.35 and 0.1; the wider margin is kept).
 */
export const SIDEWAYS_THRESHOLDS = { minScore: 0.35, margin: 0.1 }
/**
 * The photo as stored shows an object with an up and a down at least this surely: another turn
 * would have to score MARGIN more, which no turned labelled photo came near (their best: 0.57),
 * so the other turns are not run.
 */
export const UPRIGHT_SURE = 0.6

export type Turn = 0 | 90 | 180 | 270

/** The best score of an object with an up and a down among one turn's detections (0: none). */
export function uprightScore(detections: readonly Detection[]): number {
  let best = 0
  for (const d of detections) if (UPRIGHT_INDEXES.has(d.classIndex) && Number.isFinite(d.score) && d.score > best) best = d.score
  return best
}

/**
 * The clockwise turn that makes the photo upright, from each turn's upright score (scores[k]: the
 * stored photo turned clockwise by k quarters); null when the stored way is upright or it is not
 * clear which is.
 */
export function sidewaysTurn(scores: readonly [number, number, number, number]): Exclude<Turn, 0> | null {
  let best = 0
  for (let k = 1; k < 4; k++) if (scores[k] > scores[best]) best = k
  if (best === 0 || scores[best] < SIDEWAYS_THRESHOLDS.minScore) return null
  const others = scores.filter((_, k) => k !== best)
  if (scores[best] - Math.max(...others) < SIDEWAYS_THRESHOLDS.margin) return null
  return (best * 90) as Exclude<Turn, 0>
}

/** Square RGB pixels (side × side × 3) turned clockwise by a quarter `quarters` times. */
export function turnSquare(rgb: Uint8Array, quarters: number, side = MODEL_INPUT_SIZE): Uint8Array {
  const turns = ((quarters % 4) + 4) % 4
  if (turns === 0) return rgb
  const out = new Uint8Array(rgb.length)
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      // Where the pixel (x, y) lands after the turn (clockwise, y pointing down).
      const [nx, ny] = turns === 1 ? [side - 1 - y, x] : turns === 2 ? [side - 1 - x, side - 1 - y] : [y, side - 1 - x]
      const from = (y * side + x) * 3
      const to = (ny * side + nx) * 3
      out[to] = rgb[from]
      out[to + 1] = rgb[from + 1]
      out[to + 2] = rgb[from + 2]
    }
  }
  return out
}

/**
 * The turn that makes the photo upright, from the model's input as stored (MODEL_INPUT_SIZE square,
 * RGB) and its detections: runs the detector on the three other turns unless the stored way is
 * surely upright. `detect` is the model (injected for the bench, which reuses its inferences).
 */
export async function findSideways(
  input: Uint8Array,
  upright: readonly Detection[],
  detect: (rgb: Uint8Array) => Promise<readonly Detection[]>,
): Promise<{ turn: Exclude<Turn, 0> | null; scores: number[] }> {
  const stored = uprightScore(upright)
  if (stored >= UPRIGHT_SURE) return { turn: null, scores: [stored] }
  const scores: [number, number, number, number] = [stored, 0, 0, 0]
  for (let k = 1; k < 4; k++) scores[k] = uprightScore(await detect(turnSquare(input, k)))
  return { turn: sidewaysTurn(scores), scores }
}
