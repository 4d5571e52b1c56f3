// An export pack's zip (listing-ready issue, item 4): the channel's photos in tour order,
// resized to fit its recommended size (never upscaled), re-encoded as JPEG with no metadata
// (sharp writes none unless asked: no EXIF location, camera or serial), named 01-living-room.jpg…,
// plus the cover's crops as the channel makes them (cover-crops.ts: the manager's frames, else
// content-aware ones), captions.csv and README.txt. The zip streams to `out` entry by entry (yazl), so only the
// photo being resized (its file and its JPEG) is in memory whatever the pack's size. A photo that cannot be read or decoded is
// left out and reported in the README, never fatal.
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import sharp from 'sharp'
import { ZipFile } from 'yazl'
import { EXPORT_JPEG_QUALITY } from '../../lib/constants'
import { cutCaption, exportSize, packFileName, type ListingReadiness } from '../../lib/listing-readiness'
import { LISTING_RULES, type Channel } from '../../lib/listing-rules'
import type { ChannelPhoto } from './photos'
import type { CoverCrop } from '../../lib/schemas/listing'

/** Photos read and resized at once (see writePack). */
const PHOTOS_IN_FLIGHT = 2

export type PackPhoto = Pick<ChannelPhoto, 'id' | 'width' | 'height' | 'room' | 'roomType' | 'description' | 'originalFilename' | 'sourceKey'>

export type PackResult = { files: number; failed: Array<{ id: string; name: string; reason: string }> }

/** A cover crop's file name: cover-listing-page-16x9.jpg. */
export const coverCropFileName = (crop: Pick<CoverCrop, 'label' | 'name'>) =>
  `cover-${crop.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crop.name.replace(':', 'x')}.jpg`

const csvField = (value: string | number) => {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A photo's label in its file name: the manager's room, else its room type in the channel's words. */
const labelOf = (photo: PackPhoto, channel: Channel) =>
  photo.room?.trim() || (photo.roomType ? LISTING_RULES[channel].roomWords[photo.roomType] : 'photo')

export async function writePack({
  channel,
  photos,
  coverCrops = [],
  readiness,
  read,
  out,
  propertyName,
  onPhoto = () => undefined,
  now = new Date(),
}: {
  channel: Channel
  photos: PackPhoto[]
  /** The crops the channel makes of the cover (photos[0]). */
  coverCrops?: CoverCrop[]
  readiness: ListingReadiness
  /** The photo's bytes (its public copy, else its original); null when the store has none. */
  read: (key: string) => Promise<Buffer | null>
  out: Writable
  propertyName: string
  onPhoto?: (done: number) => void | Promise<void>
  now?: Date
}): Promise<PackResult> {
  const rules = LISTING_RULES[channel]
  const zip = new ZipFile()
  zip.outputStream.pipe(out)
  const written = finished(out)
  const captionLimit = rules.captionMax?.length ?? null
  const csv = ['order,file,room_type,caption,note']
  const failed: PackResult['failed'] = []
  // The next photo is read and resized while this one is added: JPEG decoding runs on one core,
  // so two photos in flight use a second core; entries still go into the zip in tour order.
  const { width: maxWidth, height: maxHeight } = rules.recommendedSize.size
  // Baseline JPEG: the channels re-encode what they take, and progressive costs time for nothing.
  const toJpeg = (image: sharp.Sharp, width?: number, height?: number) =>
    image
      .resize({ width: width ?? maxWidth, height: height ?? maxHeight, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: EXPORT_JPEG_QUALITY })
      .toBuffer()
  const resized = (photo: PackPhoto, index: number): Promise<{ bytes: Buffer; crops: Array<{ name: string; bytes: Buffer }> } | { error: unknown }> =>
    (async () => {
      const source = await read(photo.sourceKey)
      if (!source) throw new Error('its file is missing from the store')
      const size = photo.width && photo.height ? exportSize(photo.width, photo.height, rules.recommendedSize.size) : null
      const bytes = await toJpeg(sharp(source, { failOn: 'error' }).rotate(), size?.width, size?.height)
      const crops = index === 0 ? await cropsOf(source) : []
      return { bytes, crops }
    })().catch((error: unknown) => ({ error }))
  /** The cover's crops, each its frame of the full-size picture, fitted in the recommended size. */
  const cropsOf = async (source: Buffer) => {
    const upright = await sharp(source, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true })
    const { width, height, channels } = upright.info
    return Promise.all(
      coverCrops.map(async (crop) => {
        const left = Math.min(width - 1, Math.round(crop.frame.x * width))
        const top = Math.min(height - 1, Math.round(crop.frame.y * height))
        const region = {
          left,
          top,
          width: Math.max(1, Math.min(width - left, Math.round(crop.frame.width * width))),
          height: Math.max(1, Math.min(height - top, Math.round(crop.frame.height * height))),
        }
        const image = sharp(upright.data, { raw: { width, height, channels } }).extract(region)
        return { name: coverCropFileName(crop), bytes: await toJpeg(image) }
      }),
    )
  }
  const inFlight = photos.slice(0, PHOTOS_IN_FLIGHT).map((photo, index) => resized(photo, index))
  let position = 0
  for (const [index, photo] of photos.entries()) {
    const outcome = await inFlight.shift()!
    if (index + PHOTOS_IN_FLIGHT < photos.length) inFlight.push(resized(photos[index + PHOTOS_IN_FLIGHT], index + PHOTOS_IN_FLIGHT))
    if ('error' in outcome) {
      const { error } = outcome
      failed.push({ id: photo.id, name: photo.originalFilename, reason: error instanceof Error ? error.message : String(error) })
    } else {
      position++
      const name = packFileName(position, photos.length, labelOf(photo, channel))
      // JPEG does not deflate: stored entries cost no CPU.
      zip.addBuffer(outcome.bytes, name, { compress: false, mtime: now })
      for (const crop of outcome.crops) zip.addBuffer(crop.bytes, crop.name, { compress: false, mtime: now })
      const { caption, cut } = cutCaption(photo.description, captionLimit)
      const note = cut ? `caption cut to ${captionLimit} characters (was ${photo.description!.trim().length})` : ''
      csv.push([position, name, photo.roomType ? rules.roomWords[photo.roomType] : '', caption, note].map(csvField).join(','))
    }
    await onPhoto(index + 1)
  }
  zip.addBuffer(Buffer.from(`${csv.join('\r\n')}\r\n`), 'captions.csv', { mtime: now })
  const cropLines = position && photos[0] && !failed.some((photo) => photo.id === photos[0].id) ? coverCrops : []
  zip.addBuffer(Buffer.from(readme({ channel, readiness, files: position, failed, propertyName, now, coverCrops: cropLines })), 'README.txt', { mtime: now })
  zip.end()
  await written
  return { files: position, failed }
}

function readme({
  channel,
  readiness,
  files,
  failed,
  propertyName,
  now,
  coverCrops,
}: {
  channel: Channel
  readiness: ListingReadiness
  files: number
  failed: PackResult['failed']
  propertyName: string
  now: Date
  coverCrops: CoverCrop[]
}) {
  const rules = LISTING_RULES[channel]
  const { width, height } = rules.recommendedSize.size
  const lines = [
    `${propertyName}: photos for ${rules.name}`,
    `Exported ${now.toISOString()}: ${files} photo${files === 1 ? '' : 's'} in tour order, JPEG, at most ${width}×${height} (never enlarged), without location or camera data.`,
    'captions.csv lists each file with its room type and caption in the order to upload them.',
    ...coverCrops.map(
      (crop) =>
        `${coverCropFileName(crop)}: the cover as ${rules.name} shows it in ${crop.label.toLowerCase()} (${crop.name}), ${crop.source === 'manager' ? 'framed by you' : 'framed by its content (you can move the frame in Listing readiness)'}.`,
    ),
    '',
    readiness.ready ? `Ready for ${rules.name}: no rule failed at export time.` : `Not ready for ${rules.name}: these rules failed at export time.`,
  ]
  for (const rule of readiness.rules.filter((candidate) => candidate.status === 'fail')) lines.push(`  FAIL  ${rule.message}`)
  const warnings = readiness.rules.filter((candidate) => candidate.status === 'warn')
  if (warnings.length) lines.push('', 'Warnings:', ...warnings.map((rule) => `  WARN  ${rule.message}`))
  if (failed.length) {
    lines.push('', `${failed.length} photo${failed.length === 1 ? '' : 's'} could not be exported and ${failed.length === 1 ? 'is' : 'are'} not in this pack:`)
    for (const photo of failed) lines.push(`  ${photo.name} (${photo.id}): ${photo.reason}`)
  }
  return `${lines.join('\r\n')}\r\n`
}
