// The AVIF renditions' pixel work (avif-renditions.ts), in a thread of its own at background
// priority, apart from ingest's image thread (render-image.ts): an AVIF encode costs several
// times a WebP one, and a photo's ingest must never wait behind another photo's AVIF.
//
// Like the WebP renditions, each is made from the original decoded once to the widest size
// (upright, raw pixels), so an AVIF rendition shows the same pixels as its WebP one. sharp
// writes no metadata unless asked, and the input here is raw pixels: no EXIF, XMP, IPTC or
// colour profile can reach an AVIF byte (docs/architecture.md §14 Privacy).
import { threadPool } from '../threads/thread-pool'
import { DEFAULT_WORKER_NICE } from '../jobs/priority'

export type AvifPlan = {
  /** sharp's limitInputPixels. */
  maxPixels: number
  /** The input is raw pixels of this size (a decoded HEIF photo), not a file. */
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
  /** Renditions to make, narrowest first, each with its own quality; the last is the widest. */
  renditions: { width: number; height: number; quality: number }[]
  /** libaom's speed for all: 0 (slowest) to 9. */
  effort: number
}

export type AvifRendition = { width: number; height: number; data: Buffer }

const THREAD_SOURCE = `
const sharp = from('sharp')
handle = async ({ input, plan }) => {
  const widest = plan.renditions[plan.renditions.length - 1].width
  const source = plan.raw
    ? sharp(input, { raw: plan.raw, limitInputPixels: plan.maxPixels })
    : sharp(input, { limitInputPixels: plan.maxPixels, failOn: 'error' })
  const { data, info } = await source.rotate().resize({ width: widest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true })
  const made = []
  // A photo's renditions one after another; a second photo's may encode beside them (perThread below).
  for (const { width, height, quality } of plan.renditions) {
    const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    const sized = width === info.width && height === info.height ? image : image.resize(width, height, { fit: 'fill' })
    const out = await sized.avif({ quality, effort: plan.effort, chromaSubsampling: '4:2:0' }).toBuffer({ resolveWithObject: true })
    made.push({ width: out.info.width, height: out.info.height, data: out.data })
  }
  return { value: made }
}
`

type Bytes = Uint8Array

const encoder = threadPool<{ input: Bytes; plan: AvifPlan }, { width: number; height: number; data: Bytes }[]>({
  source: THREAD_SOURCE,
  name: 'The AVIF thread',
  size: () => 1,
  // Two photos at once, as the worker's two renditions slots give it (worker.ts OWN_SLOT_QUEUES).
  perThread: 2,
  nice: () => DEFAULT_WORKER_NICE,
})

/** Encodes the plan's AVIF renditions of one image (the caller has checked its type and size). */
export async function renderAvif(input: Buffer, plan: AvifPlan): Promise<AvifRendition[]> {
  const made = await encoder.run({ input, plan })
  return made.map(({ width, height, data }) => ({ width, height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }))
}
