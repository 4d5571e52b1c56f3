// Non-destructive edits: the list's validation (every refusal names its field), the sizes it
// leaves, and its application to pixels (rotating four times is the identity, a crop after a
// rotation is taken from the rotated image, the same list gives the same bytes).
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { editedSize, editProblems, putEditsSchema, straightenScale, type Operation } from '../../src/lib/edits'
import { applyEdits, type RawImage } from '../../src/server/media/apply-edits'
import { processImage } from '../../src/server/media/process-image'

const MAX_PIXELS = 100_000_000

const issuesOf = (body: unknown) => {
  const parsed = putEditsSchema.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

/** A 6 × 4 image whose every pixel differs: red counts across, green down. */
function gradient(width = 6, height = 4): RawImage {
  const data = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([x * 40, y * 60, 100], (y * width + x) * 3)
  return { data, info: { width, height, channels: 3 } }
}

const pixel = ({ data, info }: RawImage, x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]

describe('the edit list', () => {
  it('takes every operation within its limits', () => {
    const operations: Operation[] = [
      { op: 'rotate', degrees: 90 },
      { op: 'flip', axis: 'horizontal' },
      { op: 'straighten', degrees: -15 },
      { op: 'crop', x: 0, y: 0.1, width: 1, height: 0.5 },
      { op: 'exposure', value: 2 },
      { op: 'contrast', value: -1 },
      { op: 'auto-enhance' },
    ]
    expect(putEditsSchema.parse({ baseVersion: 3, operations })).toEqual({ baseVersion: 3, operations })
  })

  it('refuses what is out of range, naming the field', () => {
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'straighten', degrees: 15.5 }] })).toEqual([
      { path: 'operations.0.degrees', message: 'Straighten by at most 15° either way.' },
    ])
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'rotate', degrees: 45 }] })).toEqual([
      { path: 'operations.0.degrees', message: 'Rotate by 90, 180 or 270 degrees.' },
    ])
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'exposure', value: 0 }, { op: 'sharpen' }] })).toEqual([
      { path: 'operations.1.op', message: 'Unknown operation: use one of rotate, flip, straighten, crop, exposure, contrast, auto-enhance.' },
    ])
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'crop', x: 0.5, y: 0, width: 0.6, height: 1 }] })).toEqual([
      { path: 'operations.0.width', message: 'The crop goes past the right edge of the image.' },
    ])
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'exposure', value: -2.5 }] })).toEqual([
      { path: 'operations.0.value', message: 'Exposure is from −2 to +2 stops.' },
    ])
    expect(issuesOf({ baseVersion: 0, operations: [{ op: 'contrast', value: 0.5, extra: 1 }] })[0].path).toBe('operations.0')
    expect(issuesOf({ baseVersion: 0, operations: Array.from({ length: 21 }, () => ({ op: 'auto-enhance' })) })).toEqual([
      { path: 'operations', message: 'At most 20 operations.' },
    ])
    expect(issuesOf({ operations: [] })[0].path).toBe('baseVersion')
  })

  it('gives the size each operation leaves, and refuses a crop under 64 pixels a side', () => {
    const original = { width: 4000, height: 3000 }
    expect(editedSize(original, [{ op: 'rotate', degrees: 90 }])).toEqual({ width: 3000, height: 4000 })
    expect(editedSize(original, [{ op: 'rotate', degrees: 180 }, { op: 'flip', axis: 'vertical' }])).toEqual(original)
    // A quarter of the rotated image's width and half its height.
    expect(editedSize(original, [{ op: 'rotate', degrees: 270 }, { op: 'crop', x: 0.5, y: 0, width: 0.25, height: 0.5 }])).toEqual({ width: 750, height: 2000 })
    // 4000 × 3000 turned 10°: the largest centred 4:3 rectangle inside is 0.82214 of it
    // (3000 / (4000 sin 10° + 3000 cos 10°) = 3000 / 3649.02, under 4000 / 4460.18).
    expect(straightenScale(original, 10)).toBeCloseTo(0.82214, 4)
    expect(editedSize(original, [{ op: 'straighten', degrees: -10 }])).toEqual({ width: 3288, height: 2466 })
    expect(editProblems(original, [{ op: 'crop', x: 0, y: 0, width: 0.01, height: 1 }])).toEqual([
      { path: 'operations.0.width', message: 'A crop keeps at least 64 pixels a side (this one keeps 40 × 3000).' },
    ])
    expect(editProblems(original, [{ op: 'crop', x: 0, y: 0, width: 0.02, height: 0.03 }])).toEqual([])
  })
})

describe('applying the list to pixels', () => {
  it('rotates four times to the very same pixels', async () => {
    const image = gradient()
    const turned = await applyEdits(image, Array.from({ length: 4 }, () => ({ op: 'rotate', degrees: 90 }) as const), MAX_PIXELS)
    expect(turned.info).toEqual(image.info)
    expect(turned.data.equals(image.data)).toBe(true)
  })

  it('rotates clockwise and crops the rotated image', async () => {
    const image = gradient()
    const turned = await applyEdits(image, [{ op: 'rotate', degrees: 90 }], MAX_PIXELS)
    expect(turned.info).toMatchObject({ width: 4, height: 6 })
    // Clockwise: the original's bottom-left corner (x 0, y 3) comes to the top left.
    expect(pixel(turned, 0, 0)).toEqual([0, 180, 100])
    expect(pixel(turned, 3, 0)).toEqual([0, 0, 100])
    // Then the right half of the rotated image, top third: its columns 2–3, rows 0–1.
    const cropped = await applyEdits(image, [{ op: 'rotate', degrees: 90 }, { op: 'crop', x: 0.5, y: 0, width: 0.5, height: 1 / 3 }], MAX_PIXELS)
    expect(cropped.info).toMatchObject({ width: 2, height: 2 })
    expect(pixel(cropped, 0, 0)).toEqual(pixel(turned, 2, 0))
    expect(pixel(cropped, 1, 1)).toEqual(pixel(turned, 3, 1))
  })

  it('flips left–right and top–bottom', async () => {
    const image = gradient()
    const mirrored = await applyEdits(image, [{ op: 'flip', axis: 'horizontal' }], MAX_PIXELS)
    expect(pixel(mirrored, 0, 0)).toEqual(pixel(image, 5, 0))
    const upsideDown = await applyEdits(image, [{ op: 'flip', axis: 'vertical' }], MAX_PIXELS)
    expect(pixel(upsideDown, 0, 0)).toEqual(pixel(image, 0, 3))
  })

  it('brightens by the exposure and spreads from mid-grey by the contrast', async () => {
    const grey: RawImage = { data: Buffer.from([64, 64, 64, 200, 200, 200]), info: { width: 2, height: 1, channels: 3 } }
    // +2 stops: 2^(2 / 2.2) = 1.878 on the encoded values.
    const brighter = await applyEdits(grey, [{ op: 'exposure', value: 2 }], MAX_PIXELS)
    expect(pixel(brighter, 0, 0)).toEqual([120, 120, 120])
    expect(pixel(brighter, 1, 0)).toEqual([255, 255, 255])
    // Contrast +0.5: 1.5 × the distance from 127.5.
    const contrasty = await applyEdits(grey, [{ op: 'contrast', value: 0.5 }], MAX_PIXELS)
    expect(pixel(contrasty, 0, 0)).toEqual([32, 32, 32])
    expect(pixel(contrasty, 1, 0)).toEqual([236, 236, 236])
  })

  it('crops and maps the tone in one pass as it would in two', async () => {
    const image = gradient()
    const operations: Operation[] = [{ op: 'crop', x: 0.5, y: 0.25, width: 0.5, height: 0.5 }, { op: 'exposure', value: 1 }, { op: 'contrast', value: 0.2 }]
    const fused = await applyEdits(image, operations, MAX_PIXELS)
    // By hand, with sharp alone: the crop (x 3–5, y 1–2), then 2^(1/2.2) = 1.3703, then 1.2 about 127.5.
    const region = await sharp(image.data, { raw: image.info }).extract({ left: 3, top: 1, width: 3, height: 2 }).raw().toBuffer()
    const expected = [...region].map((value) => Math.max(0, Math.min(255, 1.2 * (value * 1.3703 - 127.5) + 127.5)))
    expect(fused.info).toMatchObject({ width: 3, height: 2 })
    ;[...fused.data].forEach((value, index) => expect(Math.abs(value - expected[index]), `byte ${index}`).toBeLessThanOrEqual(1))
  })

  it('makes byte-identical renditions from the same original and list', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .composite([{ input: Buffer.from('<svg width="900" height="600"><rect x="100" y="80" width="300" height="200" fill="#fc3"/></svg>') }])
      .jpeg()
      .toBuffer()
    const edits: Operation[] = [{ op: 'rotate', degrees: 90 }, { op: 'straighten', degrees: 3 }, { op: 'crop', x: 0.1, y: 0.1, width: 0.8, height: 0.5 }, { op: 'exposure', value: 0.5 }]
    const [first, second] = await Promise.all([processImage(photo, { edits }), processImage(photo, { edits })])
    expect(first.derivatives.map((d) => [d.width, d.height])).toEqual(second.derivatives.map((d) => [d.width, d.height]))
    first.derivatives.forEach((derivative, index) => expect(derivative.data.equals(second.derivatives[index].data)).toBe(true))
    expect(first.publicCopy.data.equals(second.publicCopy.data)).toBe(true)
    expect(first.perceptualHash).toBe(second.perceptualHash)
    // 600 × 900 after the rotation; turned 3°, 0.92839 of it (600 / (600 cos 3° + 900 sin 3°)):
    // 557 × 835; then 80 % × 50 %: 446 × 418.
    expect({ width: first.width, height: first.height }).toEqual({ width: 446, height: 418 })
  })
})
