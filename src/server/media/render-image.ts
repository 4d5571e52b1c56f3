// The pixel work of processImage, in a thread of its own: the original decoded once to its widest
// derivative (upright, raw pixels), then from that rendition the WebP derivatives, the small
// colour copy the hashes are read from and the thumbnail the placeholder is made from.
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
  /** Derivatives to make, narrowest first; the last is the widest, the rendition's width. */
  derivatives: { width: number; height: number }[]
  webp: { quality: number; effort: number }
  /** The width of the colour copy the hashes are read from (never enlarged). */
  hashSourceWidth: number
  /** The thumbnail's largest side (RGBA, never enlarged). */
  thumbnailSide: number
}

export type RenderedImage = {
  /** WebP, in the plan's order. */
  derivatives: { width: number; height: number; data: Buffer }[]
  hashSource: Rendition
  /** RGBA. */
  thumbnail: Rendition
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
handle = async ({ input, plan }) => {
  // failOn 'error' refuses truncated files but tolerates the harmless warnings some cameras' JPEGs raise.
  const widest = plan.derivatives[plan.derivatives.length - 1].width
  const { data, info } = await inSlot(() =>
    sharp(input, { limitInputPixels: plan.maxPixels, failOn: 'error' })
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
  const [derivatives, hashSource, thumbnail] = await Promise.all([
    Promise.all([...plan.derivatives].reverse().map(derivative)).then((made) => made.reverse()),
    inSlot(() => raw(open().resize({ width: plan.hashSourceWidth, withoutEnlargement: true }))),
    inSlot(() => raw(open().resize(plan.thumbnailSide, plan.thumbnailSide, { fit: 'inside', withoutEnlargement: true }).ensureAlpha())),
  ])
  return { value: { derivatives, hashSource, thumbnail } }
}
`

type Bytes = Uint8Array
type Posted = {
  derivatives: { width: number; height: number; data: Bytes }[]
  hashSource: { data: Bytes; info: Rendition['info'] }
  thumbnail: { data: Bytes; info: Rendition['info'] }
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
  const { derivatives, hashSource, thumbnail } = await renderer.run({ input, plan })
  return {
    derivatives: derivatives.map(({ width, height, data }) => ({ width, height, data: asBuffer(data) })),
    hashSource: { data: asBuffer(hashSource.data), info: hashSource.info },
    thumbnail: { data: asBuffer(thumbnail.data), info: thumbnail.info },
  }
}

