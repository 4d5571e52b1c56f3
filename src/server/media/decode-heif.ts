// HEIC/HEIF photos (iPhones' default) decoded without any system library: sharp's prebuilt
// libvips reads HEIF only with AV1 inside (AVIF), not the HEVC that phones write, so the
// primary image is decoded by libheif compiled to WebAssembly (npm libheif-js, LGPL-3.0), in a
// thread of its own: a 12-megapixel photo takes about a second of CPU that would otherwise
// stall the process's requests. libheif applies the file's rotation and mirroring (irot,
// imir: HEIF's orientation), so the pixels come back upright.
//
// The size is read from the file's header (ispe) before anything is decoded: a photo declaring
// 100000 × 100000 pixels is refused without allocating them. Damaged, truncated or empty
// files, and files that are not HEIF at all, come back as values the caller turns into a
// failed photo with its reason; the thread never throws them.
import { threadPool } from '../threads/thread-pool'

export type DecodedHeif = {
  width: number
  height: number
  /** 3 (RGB) or 4 (RGBA, when the photo has an alpha channel). */
  channels: 3 | 4
  data: Buffer
}

export type HeifResult =
  | { ok: true; image: DecodedHeif }
  | { ok: false; problem: 'damaged'; detail: string }
  | { ok: false; problem: 'too-large'; width: number; height: number }

const THREAD_SOURCE = `
const libheif = from('libheif-js/wasm-bundle')
// libheif-js reports its failures with console.log as well as by its answers: keep the log clean.
console.log = () => {}
handle = async ({ input, maxPixels }) => {
  await libheif.ready
  const decoder = new libheif.HeifDecoder()
  let images = []
  try {
    images = decoder.decode(input)
    if (!images.length) return { value: { ok: false, problem: 'damaged', detail: 'libheif found no image' } }
    // A burst, a Live Photo's still or an edited photo holds several images: the primary is the photo.
    const image = images.find((candidate) => candidate.is_primary()) || images[0]
    const width = image.get_width()
    const height = image.get_height()
    if (!(width > 0 && height > 0)) return { value: { ok: false, problem: 'damaged', detail: 'no image size' } }
    if (width * height > maxPixels) return { value: { ok: false, problem: 'too-large', width, height } }
    const rgba = await new Promise((resolve) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => resolve(shown ? shown.data : null)),
    )
    if (!rgba) return { value: { ok: false, problem: 'damaged', detail: 'libheif could not decode the image' } }
    if (image.has_alpha_channel()) {
      const data = new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength)
      return { value: { ok: true, image: { width, height, channels: 4, data } }, transfer: [data.buffer] }
    }
    const rgb = new Uint8Array(width * height * 3)
    for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
      rgb[to] = rgba[from]
      rgb[to + 1] = rgba[from + 1]
      rgb[to + 2] = rgba[from + 2]
    }
    return { value: { ok: true, image: { width, height, channels: 3, data: rgb } }, transfer: [rgb.buffer] }
  } catch (error) {
    return { value: { ok: false, problem: 'damaged', detail: String((error && error.message) || error) } }
  } finally {
    for (const image of images) image.free()
    decoder.decoder.delete()
  }
}
`

type Posted =
  | { ok: true; image: Omit<DecodedHeif, 'data'> & { data: Uint8Array } }
  | Exclude<HeifResult, { ok: true }>

const decoder = threadPool<{ input: Uint8Array; maxPixels: number }, Posted>({
  source: THREAD_SOURCE,
  name: 'The HEIF decoding thread',
  size: () => 1,
})

/** The primary image of a HEIC/HEIF file, upright, as raw pixels; or why it cannot be. */
export async function decodeHeif(input: Buffer, { maxPixels }: { maxPixels: number }): Promise<HeifResult> {
  const result = await decoder.run({ input, maxPixels })
  if (!result.ok) return result
  const { data } = result.image
  return { ok: true, image: { ...result.image, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) } }
}
