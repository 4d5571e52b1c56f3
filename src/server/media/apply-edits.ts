// A photo's edit list (src/lib/edits.ts) applied to its upright pixels with sharp: each operation
// is a pipeline of its own over raw pixels, in list order, because sharp runs the operations of
// one pipeline in its own fixed order (and one rotation per pipeline), not in the order they are
// called. The result is raw pixels the renditions are made from (process-image.ts), so the same
// original and list give the same bytes every time.
import sharp from 'sharp'
import { contrastFactor, cropRectangle, exposureFactor, straightenScale, type Operation } from '../../lib/edits'

export type RawImage = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }

const open = ({ data, info }: RawImage, maxPixels: number) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels }, limitInputPixels: maxPixels })

async function toRaw(image: sharp.Sharp): Promise<RawImage> {
  const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true })
  return { data, info: { width: info.width, height: info.height, channels: info.channels as RawImage['info']['channels'] } }
}

/** Per-band factors for sharp's linear(): the colour bands scaled, an alpha band (2 or 4 bands) kept. */
function perBand(channels: number, colour: number, alpha: number): number[] {
  const hasAlpha = channels === 2 || channels === 4
  return Array.from({ length: channels }, (_, band) => (hasAlpha && band === channels - 1 ? alpha : colour))
}

async function applyOne(image: RawImage, operation: Exclude<Operation, Tone>, maxPixels: number): Promise<RawImage> {
  switch (operation.op) {
    case 'rotate':
      return toRaw(open(image, maxPixels).rotate(operation.degrees))
    case 'flip':
      // sharp's flop mirrors left–right (a horizontal flip), its flip top–bottom.
      return toRaw(operation.axis === 'horizontal' ? open(image, maxPixels).flop() : open(image, maxPixels).flip())
    case 'straighten': {
      if (operation.degrees === 0) return image
      const scale = straightenScale(image.info, operation.degrees)
      const width = Math.max(1, Math.floor(image.info.width * scale))
      const height = Math.max(1, Math.floor(image.info.height * scale))
      const turned = await toRaw(open(image, maxPixels).rotate(operation.degrees, { background: { r: 0, g: 0, b: 0, alpha: 1 } }))
      const left = Math.max(0, Math.floor((turned.info.width - width) / 2))
      const top = Math.max(0, Math.floor((turned.info.height - height) / 2))
      return toRaw(open(turned, maxPixels).extract({ left, top, width, height }))
    }
    case 'crop':
      return toRaw(open(image, maxPixels).extract(cropRectangle(image.info, operation)))
    case 'auto-enhance':
      // Stretches the luminance so the darkest and lightest 1 % reach black and white.
      return toRaw(open(image, maxPixels).normalise({ lower: 1, upper: 99 }))
  }
}

type Linear = { factor: number; offset: number }
type Tone = Extract<Operation, { op: 'exposure' | 'contrast' }>

/** Exposure and contrast as one linear map of encoded values (y = factor·x + offset). */
const linearOf = (operation: Tone): Linear =>
  operation.op === 'exposure'
    ? { factor: exposureFactor(operation.value), offset: 0 }
    : { factor: contrastFactor(operation.value), offset: 127.5 * (1 - contrastFactor(operation.value)) }
/** `second` after `first`. */
const compose = (first: Linear, second: Linear): Linear => ({ factor: second.factor * first.factor, offset: second.factor * first.offset + second.offset })
const isTone = (operation: Operation): operation is Tone => operation.op === 'exposure' || operation.op === 'contrast'

/**
 * The list applied in order to upright raw pixels. Exposure and contrast next to each other are
 * one linear map (one pass, and one rounding, as the preview's CSS filters compute them), and
 * after a crop it is done in the crop's pass: sharp extracts before it maps the values.
 */
export async function applyEdits(image: RawImage, operations: readonly Operation[], maxPixels: number): Promise<RawImage> {
  let current = image
  for (let index = 0; index < operations.length; index++) {
    const operation = operations[index]
    let linear: Linear | null = null
    let next = index + 1
    while (next < operations.length && isTone(operations[next])) {
      const map = linearOf(operations[next] as Tone)
      linear = linear ? compose(linear, map) : map
      next++
    }
    if (isTone(operation)) {
      const map = linear ? compose(linearOf(operation), linear) : linearOf(operation)
      current = await toRaw(withLinear(open(current, maxPixels), current.info.channels, map))
    } else if (operation.op === 'crop' && linear) {
      current = await toRaw(withLinear(open(current, maxPixels).extract(cropRectangle(current.info, operation)), current.info.channels, linear))
    } else {
      current = await applyOne(current, operation, maxPixels)
      continue
    }
    index = next - 1
  }
  return current
}

const withLinear = (image: sharp.Sharp, channels: number, { factor, offset }: Linear) =>
  image.linear(perBand(channels, factor, 1), perBand(channels, offset, 0))

/** An image file decoded to upright raw pixels (EXIF orientation applied), 8 bits a band. */
export async function decodeUpright(input: Buffer, maxPixels: number): Promise<RawImage> {
  return toRaw(sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate())
}
