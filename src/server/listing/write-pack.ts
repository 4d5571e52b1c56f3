// An export pack's zip (listing-ready issue, item 4): the channel's photos in tour order,
// resized to fit its recommended size (never upscaled), re-encoded as JPEG with no metadata
// (sharp writes none unless asked: no EXIF location, camera or serial), named 01-living-room.jpg…,
// plus captions.csv and README.txt. The zip streams to `out` entry by entry (yazl), so only the
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

/** Photos read and resized at once (see writePack). */
const PHOTOS_IN_FLIGHT = 2

export type PackPhoto = Pick<ChannelPhoto, 'id' | 'width' | 'height' | 'room' | 'roomType' | 'description' | 'originalFilename' | 'sourceKey'>

export type PackResult = { files: number; failed: Array<{ id: string; name: string; reason: string }> }

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
  readiness,
  read,
  out,
  propertyName,
  onPhoto = () => undefined,
  now = new Date(),
}: {
  channel: Channel
  photos: PackPhoto[]
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
  const resized = (photo: PackPhoto): Promise<{ bytes: Buffer } | { error: unknown }> =>
    (async () => {
      const source = await read(photo.sourceKey)
      if (!source) throw new Error('its file is missing from the store')
      const size = photo.width && photo.height ? exportSize(photo.width, photo.height, rules.recommendedSize.size) : null
      // Baseline JPEG: the channels re-encode what they take, and progressive costs time for nothing.
      return sharp(source, { failOn: 'error' })
        .rotate()
        .resize({ width: size?.width, height: size?.height, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: EXPORT_JPEG_QUALITY })
        .toBuffer()
    })().then(
      (bytes) => ({ bytes }),
      (error: unknown) => ({ error }),
    )
  const inFlight = photos.slice(0, PHOTOS_IN_FLIGHT).map(resized)
  let position = 0
  for (const [index, photo] of photos.entries()) {
    const outcome = await inFlight.shift()!
    if (index + PHOTOS_IN_FLIGHT < photos.length) inFlight.push(resized(photos[index + PHOTOS_IN_FLIGHT]))
    if ('error' in outcome) {
      const { error } = outcome
      failed.push({ id: photo.id, name: photo.originalFilename, reason: error instanceof Error ? error.message : String(error) })
    } else {
      position++
      const name = packFileName(position, photos.length, labelOf(photo, channel))
      // JPEG does not deflate: stored entries cost no CPU.
      zip.addBuffer(outcome.bytes, name, { compress: false, mtime: now })
      const { caption, cut } = cutCaption(photo.description, captionLimit)
      const note = cut ? `caption cut to ${captionLimit} characters (was ${photo.description!.trim().length})` : ''
      csv.push([position, name, photo.roomType ? rules.roomWords[photo.roomType] : '', caption, note].map(csvField).join(','))
    }
    await onPhoto(index + 1)
  }
  zip.addBuffer(Buffer.from(`${csv.join('\r\n')}\r\n`), 'captions.csv', { mtime: now })
  zip.addBuffer(Buffer.from(readme({ channel, readiness, files: position, failed, propertyName, now })), 'README.txt', { mtime: now })
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
}: { channel: Channel; readiness: ListingReadiness; files: number; failed: PackResult['failed']; propertyName: string; now: Date }) {
  const rules = LISTING_RULES[channel]
  const { width, height } = rules.recommendedSize.size
  const lines = [
    `${propertyName}: photos for ${rules.name}`,
    `Exported ${now.toISOString()}: ${files} photo${files === 1 ? '' : 's'} in tour order, JPEG, at most ${width}×${height} (never enlarged), without location or camera data.`,
    'captions.csv lists each file with its room type and caption in the order to upload them.',
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
