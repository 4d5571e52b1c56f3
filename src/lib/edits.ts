// A photo's non-destructive edits: an ordered list of operations kept on its media record,
// applied to the untouched original whenever its renditions are made (the server, with sharp:
// src/server/media/apply-edits.ts) and to a small rendition for the editor's live preview (the
// browser). Shared by both, with the limits the REST call checks (400 naming the field).
//
// Geometry is applied in list order, each operation to the image the ones before it made: a crop
// is a rectangle in fractions (0–1) of that image. Tone (exposure, contrast, auto-enhance) acts on
// the encoded values, as the preview's CSS filters do, so what the manager sees is what is saved.
import { z } from 'zod'
// Its schemas load in the admin's editor too: zod must be told not to probe for eval there first.
import './schemas/text'

/** At most this many operations in one list. */
export const MAX_OPERATIONS = 20
/** Straighten turns by at most this many degrees either way. */
export const MAX_STRAIGHTEN_DEGREES = 15
/** A crop keeps at least this many pixels a side (of the original's resolution). */
export const MIN_CROP_PIXELS = 64
/** Exposure in stops, either way. */
export const MAX_EXPOSURE_STOPS = 2
/** Contrast: 0 leaves it, −1 flattens to grey, +1 doubles the distance from mid-grey. */
export const MAX_CONTRAST = 1

const finite = (name: string) => z.number({ error: `${name} must be a number.` }).refine(Number.isFinite, `${name} must be a finite number.`)
const fraction = (name: string) => finite(name).min(0, `${name} is a fraction from 0 to 1.`).max(1, `${name} is a fraction from 0 to 1.`)

export const rotateSchema = z.object({ op: z.literal('rotate'), degrees: z.union([z.literal(90), z.literal(180), z.literal(270)], { error: 'Rotate by 90, 180 or 270 degrees.' }) }).strict()
export const flipSchema = z.object({ op: z.literal('flip'), axis: z.enum(['horizontal', 'vertical'], { error: 'Flip is horizontal or vertical.' }) }).strict()
export const straightenSchema = z
  .object({
    op: z.literal('straighten'),
    degrees: finite('Straighten').min(-MAX_STRAIGHTEN_DEGREES, `Straighten by at most ${MAX_STRAIGHTEN_DEGREES}° either way.`).max(MAX_STRAIGHTEN_DEGREES, `Straighten by at most ${MAX_STRAIGHTEN_DEGREES}° either way.`),
  })
  .strict()
export const cropSchema = z
  .object({ op: z.literal('crop'), x: fraction('x'), y: fraction('y'), width: fraction('width'), height: fraction('height') })
  .strict()
  .refine((crop) => crop.width > 0 && crop.height > 0, { message: 'A crop keeps some of the image.', path: ['width'] })
  .refine((crop) => crop.x + crop.width <= 1 + 1e-9, { message: 'The crop goes past the right edge of the image.', path: ['width'] })
  .refine((crop) => crop.y + crop.height <= 1 + 1e-9, { message: 'The crop goes past the bottom edge of the image.', path: ['height'] })
export const exposureSchema = z
  .object({
    op: z.literal('exposure'),
    value: finite('Exposure').min(-MAX_EXPOSURE_STOPS, `Exposure is from −${MAX_EXPOSURE_STOPS} to +${MAX_EXPOSURE_STOPS} stops.`).max(MAX_EXPOSURE_STOPS, `Exposure is from −${MAX_EXPOSURE_STOPS} to +${MAX_EXPOSURE_STOPS} stops.`),
  })
  .strict()
export const contrastSchema = z
  .object({
    op: z.literal('contrast'),
    value: finite('Contrast').min(-MAX_CONTRAST, `Contrast is from −${MAX_CONTRAST} to +${MAX_CONTRAST}.`).max(MAX_CONTRAST, `Contrast is from −${MAX_CONTRAST} to +${MAX_CONTRAST}.`),
  })
  .strict()
export const autoEnhanceSchema = z.object({ op: z.literal('auto-enhance') }).strict()

const OPERATION_SCHEMAS = {
  rotate: rotateSchema,
  flip: flipSchema,
  straighten: straightenSchema,
  crop: cropSchema,
  exposure: exposureSchema,
  contrast: contrastSchema,
  'auto-enhance': autoEnhanceSchema,
} as const

export type OperationName = keyof typeof OPERATION_SCHEMAS
export const OPERATION_NAMES = Object.keys(OPERATION_SCHEMAS) as OperationName[]

/** One operation: its `op` picks the schema, so an error names the operation's own field. */
export const operationSchema = z.custom<unknown>().transform((value, context) => {
  const op = (value as { op?: unknown } | null)?.op
  const schema = typeof op === 'string' ? OPERATION_SCHEMAS[op as OperationName] : undefined
  if (!schema) {
    context.addIssue({ code: 'custom', message: `Unknown operation: use one of ${OPERATION_NAMES.join(', ')}.`, path: ['op'] })
    return z.NEVER
  }
  const parsed = (schema as z.ZodType).safeParse(value)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    return z.NEVER
  }
  return parsed.data as Operation
})

export type Operation =
  | z.infer<typeof rotateSchema>
  | z.infer<typeof flipSchema>
  | z.infer<typeof straightenSchema>
  | z.infer<typeof cropSchema>
  | z.infer<typeof exposureSchema>
  | z.infer<typeof contrastSchema>
  | z.infer<typeof autoEnhanceSchema>

export const operationsSchema = z
  .array(operationSchema, { error: 'operations is a list of edit operations.' })
  .max(MAX_OPERATIONS, `At most ${MAX_OPERATIONS} operations.`)

/** PUT /api/media-files/{id}/edits: the whole list, saved over the version the editor started from. */
export const putEditsSchema = z
  .object({
    baseVersion: z.number({ error: 'baseVersion is the edit version the change starts from.' }).int().min(0),
    operations: operationsSchema,
  })
  .strict()

/** A photo's edits as answered: the list and its version (0: never edited). */
export type EditList = { version: number; operations: Operation[] }

export type Size = { width: number; height: number }

const radians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * Straighten keeps the largest centred rectangle of the image's own aspect that the turned image
 * fills (no empty corners): its scale against the image, for a turn of `degrees`.
 */
export function straightenScale({ width, height }: Size, degrees: number): number {
  const cos = Math.cos(radians(Math.abs(degrees)))
  const sin = Math.sin(radians(Math.abs(degrees)))
  return Math.min(width / (width * cos + height * sin), height / (width * sin + height * cos))
}

/** The pixel rectangle a crop keeps of an image of this size (rounded, inside it, at least 1 px). */
export function cropRectangle({ width, height }: Size, crop: { x: number; y: number; width: number; height: number }) {
  const left = Math.min(width - 1, Math.round(crop.x * width))
  const top = Math.min(height - 1, Math.round(crop.y * height))
  return {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(crop.width * width))),
    height: Math.max(1, Math.min(height - top, Math.round(crop.height * height))),
  }
}

/** The size each geometric operation leaves, from the original's upright size: the edited image's is the last. */
export function sizesAfter(original: Size, operations: readonly Operation[]): Size[] {
  let size = original
  return operations.map((operation) => {
    if (operation.op === 'rotate' && operation.degrees !== 180) size = { width: size.height, height: size.width }
    else if (operation.op === 'straighten' && operation.degrees !== 0) {
      const scale = straightenScale(size, operation.degrees)
      size = { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) }
    } else if (operation.op === 'crop') {
      const kept = cropRectangle(size, operation)
      size = { width: kept.width, height: kept.height }
    }
    return size
  })
}

/** The edited image's size. */
export const editedSize = (original: Size, operations: readonly Operation[]): Size => sizesAfter(original, operations).at(-1) ?? original

/**
 * What the list does to an image of this size that the schema alone cannot tell: a crop smaller
 * than MIN_CROP_PIXELS a side. Each problem names its field, as the schema's do.
 */
export function editProblems(original: Size, operations: readonly Operation[]): Array<{ path: string; message: string }> {
  const sizes = sizesAfter(original, operations)
  return operations.flatMap((operation, index) => {
    if (operation.op !== 'crop') return []
    const { width, height } = sizes[index]
    if (width >= MIN_CROP_PIXELS && height >= MIN_CROP_PIXELS) return []
    return [
      {
        path: `operations.${index}.${width < MIN_CROP_PIXELS ? 'width' : 'height'}`,
        message: `A crop keeps at least ${MIN_CROP_PIXELS} pixels a side (this one keeps ${width} × ${height}).`,
      },
    ]
  })
}

/** An operation in the manager's words ("Turn 90° right", "Straighten −2.3°", "Brighten +0.8 EV"). */
export function describeOperation(operation: Operation): string {
  const signed = (value: number, digits: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(digits)}`
  switch (operation.op) {
    case 'rotate':
      return operation.degrees === 180 ? 'Turn upside down' : `Turn 90° ${operation.degrees === 90 ? 'right' : 'left'}`
    case 'flip':
      return operation.axis === 'horizontal' ? 'Flip left to right' : 'Flip top to bottom'
    case 'straighten':
      return `Straighten ${signed(operation.degrees, 1)}°`
    case 'crop':
      return 'Crop'
    case 'exposure':
      return `${operation.value >= 0 ? 'Brighten' : 'Darken'} ${signed(operation.value, 1)} EV`
    case 'contrast':
      return `Contrast ${signed(Math.round(operation.value * 100), 0)}`
    case 'auto-enhance':
      return 'Auto-enhance'
  }
}

/** Exposure in stops as a factor on encoded values: 2^stops on linear light, under a 2.2 gamma. */
export const exposureFactor = (stops: number) => 2 ** (stops / 2.2)
/** Contrast as a factor on the distance from mid-grey. */
export const contrastFactor = (value: number) => 1 + value
