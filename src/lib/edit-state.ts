// The photo editor's state (src/admin/gallery/edit-photo-dialog.tsx) and the edit list it saves.
// The editor keeps one value per control — a quarter turn, two flips, a straighten angle, one
// crop, exposure, contrast, auto-enhance — and saves them in one order: turn, flip, straighten,
// crop, tone. A list saved by another client in another order is read back by folding each kind
// of operation into its control (turns add up, flips toggle, the last crop counts).
//
// The crop is a rectangle in fractions of the image after the turn, flips and straighten, so a
// turn or flip after cropping moves the rectangle with the picture, and a flip mirrors the
// straighten angle (a tilt to the left becomes one to the right): what the manager framed stays framed.
import { MAX_CONTRAST, MAX_EXPOSURE_STOPS, MAX_STRAIGHTEN_DEGREES, type Operation, type Size } from './edits'

export type Crop = { x: number; y: number; width: number; height: number }
export type QuarterTurn = 0 | 90 | 180 | 270

export type EditorState = {
  rotate: QuarterTurn
  flipHorizontal: boolean
  flipVertical: boolean
  straighten: number
  crop: Crop | null
  exposure: number
  contrast: number
  autoEnhance: boolean
}

export const UNEDITED: EditorState = {
  rotate: 0,
  flipHorizontal: false,
  flipVertical: false,
  straighten: 0,
  crop: null,
  exposure: 0,
  contrast: 0,
  autoEnhance: false,
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
const quarter = (degrees: number) => ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as QuarterTurn
/** Fractions kept to 4 decimals: a tenth of a pixel on a 1,000-px photo, and lists that read well. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000

export function stateFromOperations(operations: readonly Operation[]): EditorState {
  const state = { ...UNEDITED }
  for (const operation of operations) {
    switch (operation.op) {
      case 'rotate':
        state.rotate = quarter(state.rotate + operation.degrees)
        break
      case 'flip':
        if (operation.axis === 'horizontal') state.flipHorizontal = !state.flipHorizontal
        else state.flipVertical = !state.flipVertical
        break
      case 'straighten':
        state.straighten = clamp(state.straighten + operation.degrees, -MAX_STRAIGHTEN_DEGREES, MAX_STRAIGHTEN_DEGREES)
        break
      case 'crop':
        state.crop = { x: operation.x, y: operation.y, width: operation.width, height: operation.height }
        break
      case 'exposure':
        state.exposure = clamp(state.exposure + operation.value, -MAX_EXPOSURE_STOPS, MAX_EXPOSURE_STOPS)
        break
      case 'contrast':
        state.contrast = clamp(operation.value, -MAX_CONTRAST, MAX_CONTRAST)
        break
      case 'auto-enhance':
        state.autoEnhance = true
        break
    }
  }
  return state
}

/** The list the editor saves: only what differs from the original, in the editor's order. */
export function operationsFromState(state: EditorState): Operation[] {
  const operations: Operation[] = []
  if (state.rotate) operations.push({ op: 'rotate', degrees: state.rotate })
  if (state.flipHorizontal) operations.push({ op: 'flip', axis: 'horizontal' })
  if (state.flipVertical) operations.push({ op: 'flip', axis: 'vertical' })
  if (state.straighten) operations.push({ op: 'straighten', degrees: Math.round(state.straighten * 10) / 10 })
  if (state.crop && !isWhole(state.crop)) {
    const { x, y, width, height } = state.crop
    operations.push({ op: 'crop', x: round4(x), y: round4(y), width: round4(width), height: round4(height) })
  }
  if (state.exposure) operations.push({ op: 'exposure', value: Math.round(state.exposure * 10) / 10 })
  if (state.contrast) operations.push({ op: 'contrast', value: Math.round(state.contrast * 100) / 100 })
  if (state.autoEnhance) operations.push({ op: 'auto-enhance' })
  return operations
}

const isWhole = (crop: Crop) => crop.x <= 0 && crop.y <= 0 && crop.width >= 1 && crop.height >= 1

/**
 * The saved turn that turns the picture as shown by `degrees` clockwise: the turn is saved before
 * the flips, and under one flip a turn goes the other way (a mirror image turned clockwise is the
 * image turned anticlockwise, then mirrored). Straighten commutes with a quarter turn.
 */
const turned = (state: EditorState, degrees: 90 | 270) =>
  quarter(state.rotate + (state.flipHorizontal !== state.flipVertical ? 360 - degrees : degrees))

/** A quarter turn clockwise (the R key): the crop turns with the picture. */
export function turnClockwise(state: EditorState): EditorState {
  const crop = state.crop && { x: 1 - state.crop.y - state.crop.height, y: state.crop.x, width: state.crop.height, height: state.crop.width }
  return { ...state, rotate: turned(state, 90), crop }
}

/** A quarter turn anticlockwise. */
export function turnAnticlockwise(state: EditorState): EditorState {
  const crop = state.crop && { x: state.crop.y, y: 1 - state.crop.x - state.crop.width, width: state.crop.height, height: state.crop.width }
  return { ...state, rotate: turned(state, 270), crop }
}

/** A mirror image: the crop and the straighten angle are mirrored with it. */
export function flip(state: EditorState, axis: 'horizontal' | 'vertical'): EditorState {
  const crop =
    state.crop &&
    (axis === 'horizontal'
      ? { ...state.crop, x: 1 - state.crop.x - state.crop.width }
      : { ...state.crop, y: 1 - state.crop.y - state.crop.height })
  return axis === 'horizontal'
    ? { ...state, flipHorizontal: !state.flipHorizontal, straighten: -state.straighten, crop }
    : { ...state, flipVertical: !state.flipVertical, straighten: -state.straighten, crop }
}

/**
 * The largest centred crop of `ratio` (width / height, in pixels) inside an image of this size,
 * in fractions of it; null (the whole image) for a free crop.
 */
export function cropForRatio(image: Size, ratio: number | null): Crop | null {
  if (ratio === null) return null
  const imageRatio = image.width / image.height
  const width = ratio >= imageRatio ? 1 : ratio / imageRatio
  const height = ratio >= imageRatio ? imageRatio / ratio : 1
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height }
}

/** The crop moved by a fraction of the image, kept inside it. */
export function moveCrop(crop: Crop, dx: number, dy: number): Crop {
  return { ...crop, x: clamp(crop.x + dx, 0, 1 - crop.width), y: clamp(crop.y + dy, 0, 1 - crop.height) }
}

/** The crop at `scale` of the largest one of its shape (0.3–1), about its centre, kept inside the image. */
export function scaleCrop(crop: Crop, largest: Crop, scale: number): Crop {
  const factor = clamp(scale, 0.3, 1)
  const width = largest.width * factor
  const height = largest.height * factor
  const centreX = crop.x + crop.width / 2
  const centreY = crop.y + crop.height / 2
  return {
    width,
    height,
    x: clamp(centreX - width / 2, 0, 1 - width),
    y: clamp(centreY - height / 2, 0, 1 - height),
  }
}
