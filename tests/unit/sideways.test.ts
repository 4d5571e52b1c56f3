// A photo stored turned on its side (src/server/analysis/orientation.ts): the decision from each
// turn's scores, the turns themselves, and the real model on a labelled photo stored a quarter
// turn off. Its precision and recall over the labelled photos are the benchmark's (npm run
// bench:analysis-accuracy).
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { COCO_LABELS } from '../../src/server/analysis/vocabulary'
import { sidewaysTurn, turnSquare, uprightScore } from '../../src/server/analysis/orientation'

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'analysis')

const detection = (label: string, score: number) => ({ x1: 0, y1: 0, x2: 10, y2: 10, score, classIndex: COCO_LABELS.indexOf(label as never) })

describe('which turn is upright', () => {
  it('scores a turn by its surest object that has an up and a down; animals and round things do not count', () => {
    expect(uprightScore([detection('dog', 0.9), detection('person', 0.4), detection('chair', 0.55)])).toBe(0.55)
    expect(uprightScore([detection('dog', 0.9), detection('clock', 0.8), detection('bird', 0.7)])).toBe(0)
    expect(uprightScore([])).toBe(0)
  })

  it('calls the stored photo turned when another turn wins by 0.1 with at least 0.35, and names the rotate that makes it upright', () => {
    // scores[k]: the stored photo turned clockwise by k quarters.
    expect(sidewaysTurn([0.1, 0.2, 0.05, 0.8])).toBe(270)
    expect(sidewaysTurn([0.2, 0.61, 0.3, 0])).toBe(90)
    expect(sidewaysTurn([0.3, 0.2, 0.45, 0.1])).toBe(180)
  })

  it('abstains when the stored way wins, the winner is weak, or the margin is thin', () => {
    expect(sidewaysTurn([0.8, 0.1, 0.2, 0.3])).toBeNull()
    expect(sidewaysTurn([0.1, 0.32, 0, 0])).toBeNull() // under 0.35
    expect(sidewaysTurn([0.5, 0.55, 0, 0])).toBeNull() // 0.05 ahead of the stored way
    expect(sidewaysTurn([0, 0.6, 0.52, 0])).toBeNull() // 0.08 ahead of the half turn
    expect(sidewaysTurn([0, 0, 0, 0])).toBeNull()
  })

  it('turns the model input square as sharp turns a photo (clockwise), pixel for pixel', async () => {
    const side = 16
    const square = new Uint8Array(side * side * 3).map((_, i) => (i * 37) % 251)
    for (const degrees of [90, 180, 270] as const) {
      const bySharp = await sharp(square, { raw: { width: side, height: side, channels: 3 } }).rotate(degrees).raw().toBuffer()
      expect(Buffer.from(turnSquare(square, degrees / 90, side)).equals(bySharp), `${degrees}°`).toBe(true)
    }
    expect(turnSquare(square, 4, side)).toBe(square)
  })
})

describe('the model on a real photo (a person at the Grand Canyon)', () => {
  const photo = path.join(FIXTURES, 'view-canyon-person.jpg')
  const rendition = (degrees: number) => sharp(photo).rotate(degrees).resize(800, 800, { fit: 'inside' }).webp({ quality: 80 }).toBuffer()

  afterAll(async () => {
    const { stopDetector } = await import('../../src/server/analysis/model')
    await stopDetector()
  })

  it('stored upright: not sideways', async () => {
    const { analyzeImageBytes } = await import('../../src/server/analysis/engine')
    expect((await analyzeImageBytes(await rendition(0))).sideways).toBeNull()
  }, 60_000)

  it('stored a quarter turn clockwise: sideways, rotate 270° to make it upright, and once rotated it is not', async () => {
    const { analyzeImageBytes } = await import('../../src/server/analysis/engine')
    const { applyEdits, decodeUpright } = await import('../../src/server/media/apply-edits')
    const stored = await rendition(90)
    expect((await analyzeImageBytes(stored)).sideways).toBe(270)
    const { data, info } = await applyEdits(await decodeUpright(stored, 50_000_000), [{ op: 'rotate', degrees: 270 }], 50_000_000)
    const fixed = await sharp(data, { raw: info }).png().toBuffer()
    expect((await analyzeImageBytes(fixed)).sideways).toBeNull()
  }, 60_000)

  it('stored upside down: rotate 180°', async () => {
    const { analyzeImageBytes } = await import('../../src/server/analysis/engine')
    expect((await analyzeImageBytes(await rendition(180))).sideways).toBe(180)
  }, 60_000)
})
