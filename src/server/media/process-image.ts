// Everything the ingest job makes from an uploaded image, in memory: its upright size,
// content and perceptual hashes, a tiny placeholder, the responsive WebP derivatives visitors
// are served (docs/architecture.md §6), and its quality codes (quality.ts). The job stores the results;
// this module does no I/O.
//
// Animated GIFs (and animated WebP/PNG) are processed from their first frame: derivatives
// are still images, the original keeps the animation.
//
// HEIC/HEIF photos are decoded first (decode-heif.ts: the primary image, upright, as raw
// pixels), then go through the same steps; their public copy is a JPEG.
import sharp from 'sharp'
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash'
import { detectMediaType, MAX_IMAGE_PIXELS, SNIFF_BYTES } from './detect-type'
import { MediaRejectedError } from './errors'
import { sha256Of } from './hash'
import { GREY_MAX_WIDTH, hashesOfRendition, type Rendition } from './phash'
import { decodeHeif } from './decode-heif'
import { readProjection, type ProjectionFacts } from './projection'
import { renderImage, renderPublicCopy, type PublicCopyFormat, type RenderPlan } from './render-image'
import { renderAvif, type AvifRendition } from './render-avif'
import type { Operation } from '../../lib/edits'
import { applyEdits, decodeUpright } from './apply-edits'
import { UNEDITED_PREVIEW_WIDTH } from '../storage/keys'
import { measureQuality, QUALITY_SIDE, qualityIssuesOf, type QualityAssessment } from './quality'

export { MAX_IMAGE_PIXELS }

/** Widths of the WebP derivatives, in pixels: thumbnails, grid, lightbox, large screens. */
export const DERIVATIVE_WIDTHS = [400, 800, 1600, 2400] as const

/** WebP settings for derivatives: visually clean for photos at about a tenth of a JPEG's size. */
export const WEBP = { quality: 78, effort: 4 } as const

/** thumbhash accepts at most 100 × 100 pixels. */
const THUMBHASH_SIDE = 100

export type ImageDerivative = { width: number; height: number; data: Buffer; size: number }

export type ProcessedImage = {
  /** Upright size (after EXIF orientation), as the image is shown. */
  width: number
  height: number
  format: 'jpeg' | 'png' | 'gif' | 'webp' | 'heif'
  /** More than one frame (animated GIF/WebP/PNG); derivatives show the first. */
  animated: boolean
  /** Hex SHA-256 of the original bytes. */
  sha256: string
  /** 16 hex digits; see phash.ts. */
  perceptualHash: string
  /** pHashes of centre crops, for matching slightly cropped copies. */
  cropHashes: string[]
  /** pHash of the image mirrored left–right, for matching flipped copies. */
  mirrorHash: string
  /** pHashes of a 3 × 3 grid of regions, for matching copies with a caption or logo along one side. */
  regionHashes: string[]
  /**
   * A blurred preview to show while the image loads: `data:image/webp;base64,…`, about
   * 150 characters. It is the thumbhash decoded to its 32-pixel image and saved as WebP,
   * so pages can inline it with no client code; thumbhash's own PNG data URL is ≈ 4 KB.
   */
  placeholder: string
  /** The thumbhash itself (base64, ≈ 28 characters), for clients that decode it themselves. */
  thumbhash: string
  /** WebP derivatives, narrowest first, never wider than the original. */
  derivatives: ImageDerivative[]
  /**
   * What visitors get for the photo's own path: full size, upright, in the original's format,
   * with its colour profile and no EXIF, XMP or IPTC (no position, device or owner).
   */
  publicCopy: PublicCopy
  /** With edits, when asked: the upright original at most UNEDITED_PREVIEW_WIDTH wide (WebP), what the editor previews edits on. */
  uneditedPreview?: Buffer
  /**
   * With edits: the edited picture's raw pixels, which the edit job makes the AVIF renditions from
   * (encodeAvif) without decoding and editing the original again.
   */
  edited?: EditedPixels
  /** Whether it is a 360° panorama, from its XMP, or only looks like one (projection.ts). */
  projection: ProjectionFacts
  /** The quality problems listing sites reject, from the pixels (quality.ts), and what could not be judged. */
  quality: QualityAssessment
}

export type PublicCopy = { data: Buffer; ext: string; contentType: string }

/** The public copy keeps the original's format, but HEIF, which most browsers cannot show: a JPEG. */
const PUBLIC_COPY_TYPES: Record<ProcessedImage['format'], { format: PublicCopyFormat; ext: string; contentType: string }> = {
  jpeg: { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' },
  png: { format: 'png', ext: 'png', contentType: 'image/png' },
  gif: { format: 'gif', ext: 'gif', contentType: 'image/gif' },
  webp: { format: 'webp', ext: 'webp', contentType: 'image/webp' },
  heif: { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' },
}


type Options = {
  /** @default DERIVATIVE_WIDTHS */
  widths?: readonly number[]
  /** @default MAX_IMAGE_PIXELS */
  maxPixels?: number
  /** The photo's edit list (src/lib/edits.ts), applied to the upright original before anything is made from it. */
  edits?: readonly Operation[]
  /** With edits: also make `uneditedPreview` (the edit job does once per photo). */
  uneditedPreview?: boolean
}

const FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const

export async function processImage(input: Buffer, options: Options = {}): Promise<ProcessedImage> {
  const { widths = DERIVATIVE_WIDTHS, maxPixels = MAX_IMAGE_PIXELS, edits = [] } = options

  const source = await editedSource(await readSource(input, maxPixels), edits, maxPixels, { preview: options.uneditedPreview ?? false })
  const { pixels, raw, width, height, format, animated, xmp, uneditedPreview } = source

  // The original is decoded once, to its widest derivative, and every other output (the
  // narrower derivatives, the hashes, the placeholder) is read from that rendition, in the image
  // thread (render-image.ts): JPEG and WebP decoding is most of a pipeline's work.
  try {
    const derivatives = derivativeWidths(widths, width).map((target) => ({ width: target, height: heightAt(target) }))
    const rendered = await renderImage(pixels, {
      maxPixels,
      raw,
      derivatives,
      webp: WEBP,
      hashSourceWidth: GREY_MAX_WIDTH,
      thumbnailSide: THUMBHASH_SIDE,
      qualitySide: QUALITY_SIDE,
      publicCopy: { format: PUBLIC_COPY_TYPES[format].format, animated },
    })
    const [hashes, preview, projection] = await Promise.all([
      hashesOfRendition(rendered.hashSource),
      makePlaceholder(rendered.thumbnail),
      readProjection({ xmp, width, height }),
    ])
    return {
      width,
      height,
      format,
      animated,
      sha256: sha256Of(input),
      perceptualHash: hashes.hash,
      cropHashes: hashes.crops,
      mirrorHash: hashes.mirror,
      regionHashes: hashes.regions,
      ...preview,
      derivatives: rendered.derivatives.map(({ width, height, data }) => ({ width, height, data, size: data.length })),
      quality: qualityIssuesOf({ width, height }, measureQuality(rendered.qualitySource!)),
      publicCopy: { data: rendered.publicCopy!, ext: PUBLIC_COPY_TYPES[format].ext, contentType: PUBLIC_COPY_TYPES[format].contentType },
      projection,
      ...(uneditedPreview && { uneditedPreview }),
      ...(edits.length && raw && { edited: { pixels, raw } }),
    }
  } catch (error) {
    if (error instanceof MediaRejectedError || error instanceof TypeError || error instanceof RangeError) throw error
    throw /pixel limit/i.test(String(error)) ? tooLarge(width, height, maxPixels) : damaged(error)
  }

  // Each derivative's height is the original's aspect at its width, rounded.
  function heightAt(target: number) {
    return Math.max(1, Math.round((height * target) / width))
  }
}

/**
 * Only the public copy of an image (see ProcessedImage.publicCopy), with the same checks as
 * processImage: for photos processed before public copies existed.
 */
export async function makePublicImageCopy(input: Buffer, { maxPixels = MAX_IMAGE_PIXELS }: Pick<Options, 'maxPixels'> = {}): Promise<PublicCopy> {
  const { pixels, raw, width, height, format, animated } = await readSource(input, maxPixels)
  const type = PUBLIC_COPY_TYPES[format]
  try {
    const data = await renderPublicCopy(pixels, { maxPixels, raw, copy: { format: type.format, animated } })
    return { data, ext: type.ext, contentType: type.contentType }
  } catch (error) {
    throw /pixel limit/i.test(String(error)) ? tooLarge(width, height, maxPixels) : damaged(error)
  }
}

/**
 * AVIF quality per rendition width, chosen so each AVIF rendition looks as good as its WebP one
 * (same SSIM against the same resized source, on the labelled real photos: `npm run
 * bench:formats`, bench/results/formats.json). Widths between two entries take the narrower one's.
 */
export const AVIF_QUALITY: ReadonlyArray<{ minWidth: number; quality: number }> = [
  // The median matched quality at 400 and 800 px, and at 1024 px (the widest in the set, where
  // wider renditions take theirs: the matched quality falls as the width grows).
  { minWidth: 0, quality: 60 },
  { minWidth: 1000, quality: 57 },
]

/** libaom's speed: low effort (a background job, and most of the saving comes at the fast settings). */
export const AVIF_EFFORT = 2

export function avifQualityAt(width: number): number {
  return AVIF_QUALITY.filter((entry) => width >= entry.minWidth).at(-1)?.quality ?? AVIF_QUALITY[0].quality
}

/**
 * AVIF renditions of an image at the sizes of its WebP ones (the same upright pixels, no
 * metadata), with the same checks as processImage; made by a background job after the photo is
 * ready (avif-renditions.ts).
 */
export async function makeAvifRenditions(
  input: Buffer,
  sizes: ReadonlyArray<{ width: number; height: number }>,
  {
    maxPixels = MAX_IMAGE_PIXELS,
    quality = avifQualityAt,
    effort = AVIF_EFFORT,
    edits = [],
  }: Pick<Options, 'maxPixels' | 'edits'> & { quality?: (width: number) => number; effort?: number } = {},
): Promise<AvifRendition[]> {
  if (!sizes.length) return []
  const { pixels, raw, width, height } = await editedSource(await readSource(input, maxPixels), edits, maxPixels)
  return encodeAvif({ pixels, raw }, { width, height }, sizes, { maxPixels, quality, effort })
}

export type EditedPixels = { pixels: Buffer; raw: NonNullable<RenderPlan['raw']> }

/** AVIF renditions of checked pixels (a source read by readSource, or an edit's result). */
export async function encodeAvif(
  { pixels, raw }: { pixels: Buffer; raw?: RenderPlan['raw'] },
  { width, height }: { width: number; height: number },
  sizes: ReadonlyArray<{ width: number; height: number }>,
  { maxPixels = MAX_IMAGE_PIXELS, quality = avifQualityAt, effort = AVIF_EFFORT }: { maxPixels?: number; quality?: (width: number) => number; effort?: number } = {},
): Promise<AvifRendition[]> {
  const renditions = [...sizes].sort((a, b) => a.width - b.width).map((size) => ({ ...size, quality: quality(size.width) }))
  try {
    return await renderAvif(pixels, { maxPixels, raw, renditions, effort })
  } catch (error) {
    throw /pixel limit/i.test(String(error)) ? tooLarge(width, height, maxPixels) : damaged(error)
  }
}

type Source = {
  /** What sharp reads: the file itself, or raw pixels (raw says their size). */
  pixels: Buffer
  raw?: RenderPlan['raw']
  /** Upright size. */
  width: number
  height: number
  format: ProcessedImage['format']
  animated: boolean
  /** The XMP packet sharp found (JPEG, PNG, WebP); none for HEIF, decoded without it. */
  xmp?: Buffer
  /** An edited source's original, small, for the editor (ProcessedImage.uneditedPreview). */
  uneditedPreview?: Buffer
}


/**
 * The checked input of the pixel work. Only the allowed raster types reach sharp (it would
 * happily render SVG); its header gives the size, so a pixel bomb is named and refused before
 * decoding. A HEIF photo is decoded here, its size checked first as well (decode-heif.ts).
 */
async function readSource(input: Buffer, maxPixels: number): Promise<Source> {
  const type = await detectMediaType(input.subarray(0, SNIFF_BYTES))
  if (type.kind !== 'image') {
    throw new MediaRejectedError(`File content is a video (${type.ext.toUpperCase()}), not an image: upload it as a video`)
  }
  if (type.mime === 'image/heic' || type.mime === 'image/heif') {
    const decoded = await decodeHeif(input, { maxPixels })
    if (!decoded.ok && decoded.problem === 'too-large') throw tooLarge(decoded.width, decoded.height, maxPixels)
    if (!decoded.ok) throw new MediaRejectedError('The HEIC photo is damaged or incomplete', { cause: new Error(decoded.detail) })
    const { width, height, channels, data } = decoded.image
    return { pixels: data, raw: { width, height, channels }, width, height, format: 'heif', animated: false }
  }
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw damaged(error)
    })
  const { width, height } = header.autoOrient
  if (width * height > maxPixels) throw tooLarge(width, height, maxPixels)
  const format = FORMATS.find((known) => known === header.format)
  if (!format) throw damaged(new Error(`sharp read ${header.format} where ${type.mime} was detected`))
  return { pixels: input, width, height, format, animated: (header.pages ?? 1) > 1, xmp: header.xmp }
}

/**
 * The source with the edit list applied: upright raw pixels of the edited image (an animated
 * image keeps its first frame). Unedited, the source itself.
 */
async function editedSource(source: Source, edits: readonly Operation[], maxPixels: number, { preview = false } = {}): Promise<Source> {
  if (!edits.length) return source
  try {
    const upright = source.raw
      ? { data: source.pixels, info: source.raw }
      : await decodeUpright(source.pixels, maxPixels)
    const [{ data, info }, uneditedPreview] = await Promise.all([
      applyEdits(upright, edits, maxPixels),
      preview
        ? sharp(upright.data, { raw: upright.info, limitInputPixels: maxPixels })
            .resize({ width: UNEDITED_PREVIEW_WIDTH, withoutEnlargement: true })
            .webp(WEBP)
            .toBuffer()
        : undefined,
    ])
    return { ...source, pixels: data, raw: info, width: info.width, height: info.height, animated: false, uneditedPreview }
  } catch (error) {
    throw /pixel limit/i.test(String(error)) ? tooLarge(source.width, source.height, maxPixels) : damaged(error)
  }
}

/**
 * The standard widths the image is at least as wide as (a 2400-px photo gets its 2400 one, at
 * its own size), plus the image's own width when it is narrower than the largest standard one
 * and not one of them (a 1000-px photo gets 400, 800 and 1000): never upscaled, never capped
 * below the original's own detail.
 */
export function derivativeWidths(widths: readonly number[], imageWidth: number): number[] {
  const standard = [...new Set(widths)].sort((a, b) => a - b)
  const fitting = standard.filter((width) => width <= imageWidth)
  const largest = standard[standard.length - 1] ?? imageWidth
  return imageWidth < largest && !fitting.includes(imageWidth) ? [...fitting, imageWidth] : fitting
}

/** The thumbhash of an RGBA thumbnail (at most THUMBHASH_SIDE a side), and its preview as WebP. */
async function makePlaceholder({ data, info }: Rendition): Promise<{ placeholder: string; thumbhash: string }> {
  const hash = rgbaToThumbHash(info.width, info.height, data)
  const preview = thumbHashToRGBA(hash)
  const webp = await sharp(Buffer.from(preview.rgba), { raw: { width: preview.w, height: preview.h, channels: 4 } })
    .webp({ quality: 50, alphaQuality: 50 })
    .toBuffer()
  return { placeholder: `data:image/webp;base64,${webp.toString('base64')}`, thumbhash: Buffer.from(hash).toString('base64') }
}

function tooLarge(width: number, height: number, maxPixels: number): MediaRejectedError {
  return new MediaRejectedError(
    `Image is too large: ${width} × ${height} pixels (the limit is ${Number((maxPixels / 1_000_000).toFixed(1))} megapixels)`,
  )
}

function damaged(cause: unknown): MediaRejectedError {
  return new MediaRejectedError('The image file is damaged or incomplete', { cause })
}
