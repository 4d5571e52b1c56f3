// Accuracy of the sideways code (src/server/analysis/orientation.ts) on the labelled real photos
// (tests/fixtures/analysis): each photo stored upright (a negative: the untouched originals,
// dark, diagonal and close-up ones among them) and turned by 90°, 180° and 270° with nothing to
// say so (positives, whose fix is the opposite turn). Precision and recall per half (split by
// name as the other figures are; the thresholds were chosen on the fitting half), and the share of
// the photos called sideways whose suggested rotate makes them upright.
//
// The detector reads the model's input square; a photo stored turned by s and then turned by the
// check's k quarters is the upright square turned by s + k (a permutation of its pixels, which
// turnSquare does exactly), so each photo costs four inferences, not sixteen. The square is made
// from the upright photo and then turned, where analysis makes it from the turned rendition: the
// same pixels up to the resize's rounding.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Detection } from '../../src/server/analysis/detections'
import { infer, MODEL_INPUT_SIZE } from '../../src/server/analysis/model'
import { findSideways, turnSquare, type Turn } from '../../src/server/analysis/orientation'

export type SidewaysScores = {
  /** Photos stored upright, and turned (90°, 180°, 270°). */
  upright: number
  turned: number
  truePositives: number
  falsePositives: number
  missed: number
  precision: number | null
  recall: number | null
  /** Of the turned photos called sideways, the share whose suggested rotate makes them upright. */
  correctRotation: number | null
}

export type SidewaysAccuracy = {
  photos: number
  fitting: SidewaysScores
  heldOut: SidewaysScores
  /** Every photo called sideways, or turned and missed: its stored turn, the rotate suggested, each turn's score. */
  cases: { photo: string; stored: Turn; suggested: number | null; scores: number[] }[]
  /** Inferences run, and the median ms of one. */
  inferences: number
  msPerInference: number
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null)

type Row = { photo: string; half: 'fitting' | 'heldOut'; stored: Turn; suggested: number | null; scores: number[] }

export function scoreSideways(rows: { stored: Turn; suggested: number | null }[]): SidewaysScores {
  const upright = rows.filter((r) => r.stored === 0)
  const turned = rows.filter((r) => r.stored !== 0)
  const tp = turned.filter((r) => r.suggested !== null)
  const fp = upright.filter((r) => r.suggested !== null).length
  return {
    upright: upright.length,
    turned: turned.length,
    truePositives: tp.length,
    falsePositives: fp,
    missed: turned.length - tp.length,
    precision: ratio(tp.length, tp.length + fp),
    recall: ratio(tp.length, turned.length),
    correctRotation: ratio(tp.filter((r) => (r.stored + (r.suggested ?? 0)) % 360 === 0).length, tp.length),
  }
}

export async function measureSidewaysAccuracy(fixtures: string): Promise<SidewaysAccuracy> {
  const photos = (await fs.readdir(fixtures)).filter((name) => name.endsWith('.jpg')).sort()
  const rows: Row[] = []
  const timings: number[] = []
  for (const [index, photo] of photos.entries()) {
    const upright = new Uint8Array(
      await sharp(path.join(fixtures, photo)).rotate().removeAlpha().toColourspace('srgb').resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' }).raw().toBuffer(),
    )
    // The upright square's detections at each quarter turn, run once each.
    const byTurn = new Map<number, Promise<Detection[]>>()
    const detectionsAt = (quarters: number) => {
      const k = ((quarters % 4) + 4) % 4
      if (!byTurn.has(k)) {
        byTurn.set(
          k,
          (async () => {
            const t0 = performance.now()
            const { detections } = await infer(turnSquare(upright, k))
            timings.push(performance.now() - t0)
            return detections
          })(),
        )
      }
      return byTurn.get(k)!
    }
    for (const stored of [0, 90, 180, 270] as const) {
      const s = stored / 90
      // The check turns the stored square by k: the upright one by s + k.
      const found = await findSideways(turnSquare(upright, s), await detectionsAt(s), async (rgb) => {
        for (let k = 1; k < 4; k++) if (sameTurn(rgb, upright, s + k)) return detectionsAt(s + k)
        throw new Error('A turn the bench did not make')
      })
      rows.push({ photo, half: index % 2 === 0 ? 'fitting' : 'heldOut', stored, suggested: found.turn, scores: found.scores.map((v) => Math.round(v * 100) / 100) })
    }
  }
  timings.sort((a, b) => a - b)
  return {
    photos: photos.length,
    fitting: scoreSideways(rows.filter((r) => r.half === 'fitting')),
    heldOut: scoreSideways(rows.filter((r) => r.half === 'heldOut')),
    cases: rows.filter((r) => r.suggested !== null || (r.stored !== 0 && Math.max(...r.scores) >= 0.3)).map(({ half: _half, ...row }) => row),
    inferences: timings.length,
    msPerInference: Math.round(timings[timings.length >> 1] ?? 0),
  }
}

/** Whether rgb is the upright square turned by `quarters` (a few pixels compared: the turns differ everywhere). */
function sameTurn(rgb: Uint8Array, upright: Uint8Array, quarters: number): boolean {
  const turned = turnSquare(upright, quarters)
  for (let i = 0; i < rgb.length; i += 997) if (rgb[i] !== turned[i]) return false
  return rgb.length === turned.length
}

export function printSidewaysAccuracy(s: SidewaysAccuracy) {
  const f = (v: number | null) => (v === null ? '  – ' : v.toFixed(2))
  console.log(`Sideways on ${s.photos} photos, each upright and turned by 90°, 180° and 270° (${s.inferences} inferences, ${s.msPerInference} ms each):`)
  console.log('half       P     R     correct rotation   (true positives / false positives / missed)')
  for (const half of ['fitting', 'heldOut'] as const) {
    const h = s[half]
    console.log(`${half.padEnd(10)} ${f(h.precision)}  ${f(h.recall)}  ${f(h.correctRotation)}              (${h.truePositives} / ${h.falsePositives} / ${h.missed})`)
  }
}
