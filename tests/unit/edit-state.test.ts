// The photo editor's controls and the list they save: the editor's order, only what differs from
// the original, and a turn or flip that carries the crop and the straighten angle with the picture.
import { describe, expect, it } from 'vitest'
import {
  cropForRatio,
  flip,
  moveCrop,
  operationsFromState,
  scaleCrop,
  stateFromOperations,
  turnAnticlockwise,
  turnClockwise,
  UNEDITED,
  type EditorState,
} from '../../src/lib/edit-state'

describe('the edit list from the controls', () => {
  it('is empty for an unedited photo, and lists the controls in the editor order', () => {
    expect(operationsFromState(UNEDITED)).toEqual([])
    expect(
      operationsFromState({
        ...UNEDITED,
        autoEnhance: true,
        contrast: 0.25,
        exposure: 0.75,
        crop: { x: 0.1, y: 0.2, width: 0.5, height: 0.5 },
        straighten: -2.34,
        flipVertical: true,
        rotate: 270,
      }),
    ).toEqual([
      { op: 'rotate', degrees: 270 },
      { op: 'flip', axis: 'vertical' },
      { op: 'straighten', degrees: -2.3 },
      { op: 'crop', x: 0.1, y: 0.2, width: 0.5, height: 0.5 },
      { op: 'exposure', value: 0.8 },
      { op: 'contrast', value: 0.25 },
      { op: 'auto-enhance' },
    ])
    // A crop of the whole image is no crop.
    expect(operationsFromState({ ...UNEDITED, crop: { x: 0, y: 0, width: 1, height: 1 } })).toEqual([])
  })

  it('reads a saved list back into the controls, folding a list saved in another order', () => {
    const saved = [
      { op: 'rotate', degrees: 90 },
      { op: 'straighten', degrees: 3 },
      { op: 'crop', x: 0, y: 0.25, width: 1, height: 0.5 },
    ] as const
    expect(operationsFromState(stateFromOperations([...saved]))).toEqual(saved)
    expect(
      stateFromOperations([
        { op: 'rotate', degrees: 270 },
        { op: 'exposure', value: 1.5 },
        { op: 'rotate', degrees: 180 },
        { op: 'flip', axis: 'horizontal' },
        { op: 'exposure', value: 1 },
        { op: 'flip', axis: 'horizontal' },
      ]),
    ).toEqual({ ...UNEDITED, rotate: 90, exposure: 2 })
  })
})

describe('turning and flipping', () => {
  it('turns the crop with the picture, four turns giving it back', () => {
    const cropped = { ...UNEDITED, crop: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 } }
    const once = turnClockwise(cropped)
    // The top-left corner (0.1, 0.2) comes to the right edge: x = 1 − 0.2 − 0.4.
    expect(once).toMatchObject({ rotate: 90, crop: { x: 0.4, y: 0.1, width: 0.4, height: 0.3 } })
    const back = turnAnticlockwise(once)
    expect(back.rotate).toBe(0)
    expect(back.crop!.x).toBeCloseTo(0.1, 10)
    expect(back.crop!.y).toBeCloseTo(0.2, 10)
    const four = [1, 2, 3, 4].reduce<EditorState>((state) => turnClockwise(state), cropped)
    expect(four.rotate).toBe(0)
    expect(four.crop!.x).toBeCloseTo(0.1, 10)
    expect(four.crop!.height).toBeCloseTo(0.4, 10)
  })

  it('mirrors the crop and the straighten angle, and under one flip turns the saved rotation the other way', () => {
    const state = { ...UNEDITED, straighten: 4, crop: { x: 0.1, y: 0, width: 0.5, height: 1 } }
    const mirrored = flip(state, 'horizontal')
    expect(mirrored).toMatchObject({ flipHorizontal: true, straighten: -4, crop: { x: 0.4, y: 0, width: 0.5, height: 1 } })
    // Shown turned clockwise, saved as the original turned anticlockwise, then mirrored.
    expect(turnClockwise(mirrored).rotate).toBe(270)
    expect(turnClockwise(flip(mirrored, 'vertical')).rotate).toBe(90)
  })
})

describe('the crop frame', () => {
  it('is the largest centred frame of the ratio', () => {
    // 16:9 on a 3:2 photo: full width, 0.84375 of the height (1.5 / 1.7778).
    expect(cropForRatio({ width: 3000, height: 2000 }, 16 / 9)).toEqual({ x: 0, y: 0.078125, width: 1, height: 0.84375 })
    // 1:1 on the same photo: two thirds of the width.
    const square = cropForRatio({ width: 3000, height: 2000 }, 1)!
    expect(square.width).toBeCloseTo(2 / 3, 10)
    expect(square.height).toBe(1)
    expect(square.x).toBeCloseTo(1 / 6, 10)
    expect(cropForRatio({ width: 3000, height: 2000 }, null)).toBeNull()
  })

  it('moves and scales inside the image', () => {
    const frame = { x: 0.25, y: 0, width: 0.5, height: 1 }
    expect(moveCrop(frame, 0.5, 0.2)).toEqual({ x: 0.5, y: 0, width: 0.5, height: 1 })
    expect(moveCrop(frame, -0.1, 0)).toEqual({ x: 0.15, y: 0, width: 0.5, height: 1 })
    expect(scaleCrop(frame, frame, 0.5)).toEqual({ x: 0.375, y: 0.25, width: 0.25, height: 0.5 })
    // Never under 30 % of the largest.
    expect(scaleCrop(frame, frame, 0.1).width).toBeCloseTo(0.15, 10)
  })
})
