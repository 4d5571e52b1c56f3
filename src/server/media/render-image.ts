// The pixel work of processImage, in a thread of its own: the original decoded once to its widest
// derivative (upright, raw pixels), then from that rendition the WebP derivatives, the small
// colour copy the hashes are read from and the thumbnail the placeholder is made from; and the
// full-size public copy visitors get for the photo's own path (docs/architecture.md §14 Privacy).
//
// What sharp writes: no metadata at all unless asked (keepExif, withMetadata…), so the WebP
// renditions carry none. The public copy asks for the colour profile only (keepIccProfile): it
// is upright (EXIF orientation applied), and has no EXIF, XMP or IPTC, so no position, device,
// serial number or owner (tests/int/public-copies.int.spec.ts reads every public byte back).
//
// Why a thread: each photo makes some 30 MB of short-lived buffers (the 2400-px rendition alone
// is 13 MB). In a process that also holds Payload (or Next), every few photos those buffers start
// a garbage collection that walks the whole heap: measured on 12-megapixel photos, processImage
// cost 0.79 s of CPU a photo beside a 300 MB heap against 0.66 s beside a small one, and 0.66 s
// with the pixel work in a thread beside the same 300 MB heap. The thread's heap holds only the
// photos in flight.
import { threadPool } from '../threads/thread-pool'
import type { Rendition } from './phash'

export type RenderPlan = {
  /** sharp's limitInputPixels: the decoder refuses more. */
  maxPixels: number
  /** The input is raw pixels of this size (a HEIF photo decoded by decode-heif.ts), not a file. */
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
  /** Derivatives to make, narrowest first; the last is the widest, the rendition's width. */
  derivatives: { width: number; height: number }[]
  webp: { quality: number; effort: number }
  /** The width of the colour copy the hashes are read from (never enlarged). */
  hashSourceWidth: number
  /** The thumbnail's largest side (RGBA, never enlarged). */
  thumbnailSide: number
  /** The largest side of the RGB copy the quality measures read (never enlarged); none when absent. */
  qualitySide?: number
  /** The public copy to make, in the original's own format; none when absent. */
  publicCopy?: PublicCopyPlan
}

export type PublicCopyFormat = 'jpeg' | 'png' | 'gif' | 'webp'

export type PublicCopyPlan = {
  format: PublicCopyFormat
  /** Animated GIF/WebP keep their frames (and have no orientation to apply). */
  animated: boolean
}

export type RenderedImage = {
  /** WebP, in the plan's order. */
  derivatives: { width: number; height: number; data: Buffer }[]
  hashSource: Rendition
  /** RGBA. */
  thumbnail: Rendition
  /** RGB, when the plan asked for it. */
  qualitySource: Rendition | null
  /** Encoded in the plan's format; null when the plan asked for none. */
  publicCopy: Buffer | null
}

// Plain CommonJS, run by the thread pool (src/server/threads/thread-pool.ts). At most two sharp
// pipelines at once, whichever photo they are for: there are two cores, and a progressive JPEG
// or interlaced PNG is decoded whole, so a 100-megapixel original holds 300–400 MB while its
// rendition is made.
const THREAD_SOURCE = `
const sharp = from('sharp')
let active = 0
const waiting = []
async function inSlot(work) {
  while (active >= 2) await new Promise((resolve) => waiting.push(resolve))
  active++
  try {
    return await work()
  } finally {
    active--
    waiting.shift()?.()
  }
}
// Quality close to the camera's own: the copy stands in for the original, full size.
const PUBLIC_COPY_OUTPUT = {
  jpeg: (image) => image.jpeg({ quality: 92 }),
  png: (image) => image.png({ compressionLevel: 9 }),
  gif: (image) => image.gif(),
  webp: (image) => image.webp({ quality: 90 }),
}
// failOn 'error' refuses truncated files but tolerates the harmless warnings some cameras' JPEGs raise.
const source = (input, plan, options = {}) =>
  plan.raw
    ? sharp(input, { raw: plan.raw, limitInputPixels: plan.maxPixels })
    : sharp(input, { limitInputPixels: plan.maxPixels, failOn: 'error', ...options })
function publicCopy(input, plan) {
  const { format, animated } = plan.publicCopy
  let image = source(input, plan, { animated })
  if (!animated) image = image.rotate()
  // The colour profile stays (and the pixels keep their own colour space); nothing else is written.
  return inSlot(() => PUBLIC_COPY_OUTPUT[format](image.keepIccProfile()).toBuffer())
}
handle = async ({ input, plan }) => {
  if (!plan.derivatives.length) return { value: { derivatives: [], hashSource: null, thumbnail: null, qualitySource: null, publicCopy: plan.publicCopy ? await publicCopy(input, plan) : null } }
  const widest = plan.derivatives[plan.derivatives.length - 1].width
  const { data, info } = await inSlot(() =>
    source(input, plan)
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  )
  const open = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const derivative = ({ width, height }) =>
    inSlot(async () => {
      const image = open()
      const sized = width === info.width && height === info.height ? image : image.resize(width, height, { fit: 'fill' })
      const out = await sized.webp(plan.webp).toBuffer({ resolveWithObject: true })
      return { width: out.info.width, height: out.info.height, data: out.data }
    })
  const raw = (image) => image.raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({ data, info: { width: info.width, height: info.height, channels: info.channels } }))
  // Widest first: it takes longest, so the others fill the second core meanwhile.
  const [derivatives, hashSource, thumbnail, copy, qualitySource] = await Promise.all([
    Promise.all([...plan.derivatives].reverse().map(derivative)).then((made) => made.reverse()),
    inSlot(() => raw(open().resize({ width: plan.hashSourceWidth, withoutEnlargement: true }))),
    inSlot(() => raw(open().resize(plan.thumbnailSide, plan.thumbnailSide, { fit: 'inside', withoutEnlargement: true }).ensureAlpha())),
    plan.publicCopy ? publicCopy(input, plan) : null,
    plan.qualitySide ? inSlot(() => raw(open().resize(plan.qualitySide, plan.qualitySide, { fit: 'inside', withoutEnlargement: true }).removeAlpha())) : null,
  ])
  return { value: { derivatives, hashSource, thumbnail, publicCopy: copy, qualitySource } }
}
`

type Bytes = Uint8Array
type Posted = {
  derivatives: { width: number; height: number; data: Bytes }[]
  hashSource: { data: Bytes; info: Rendition['info'] }
  thumbnail: { data: Bytes; info: Rendition['info'] }
  publicCopy: Bytes | null
  qualitySource: { data: Bytes; info: Rendition['info'] } | null
}

const renderer = threadPool<{ input: Bytes; plan: RenderPlan }, Posted>({
  source: THREAD_SOURCE,
  name: 'The image thread',
  size: () => 1,
  // Calls past the thread's two pipelines wait inside it, holding only their original.
  perThread: 4,
})

const asBuffer = (bytes: Bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** Renders one image (the caller has checked its type and size); sharp's errors come back as thrown. */
export async function renderImage(input: Buffer, plan: RenderPlan): Promise<RenderedImage> {
  const { derivatives, hashSource, thumbnail, publicCopy, qualitySource } = await renderer.run({ input, plan })
  return {
    qualitySource: qualitySource ? { data: asBuffer(qualitySource.data), info: qualitySource.info } : null,
    derivatives: derivatives.map(({ width, height, data }) => ({ width, height, data: asBuffer(data) })),
    hashSource: { data: asBuffer(hashSource.data), info: hashSource.info },
    thumbnail: { data: asBuffer(thumbnail.data), info: thumbnail.info },
    publicCopy: publicCopy ? asBuffer(publicCopy) : null,
  }
}

/** Only the public copy of an image (the backfill for photos processed before copies existed). */
export async function renderPublicCopy(
  input: Buffer,
  { maxPixels, raw, copy }: { maxPixels: number; raw?: RenderPlan['raw']; copy: PublicCopyPlan },
): Promise<Buffer> {
  const plan: RenderPlan = { maxPixels, raw, derivatives: [], webp: { quality: 0, effort: 0 }, hashSourceWidth: 0, thumbnailSide: 0, publicCopy: copy }
  const { publicCopy } = await renderer.run({ input, plan })
  if (!publicCopy) throw new Error('The image thread made no public copy')
  return asBuffer(publicCopy)
}

