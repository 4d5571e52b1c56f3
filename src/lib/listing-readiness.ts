// Listing readiness: a property's photo set checked against one channel's rules
// (listing-rules.ts). Pure: the server gathers the photos (public, in tour order, the channel's
// selection), their room types, quality codes and duplicate groups; the panel and the export's
// README read the same answer. Every message says what to fix, and names the photos concerned.
import { LISTING_RULES, type Channel, type ChannelRules } from './listing-rules'
import type { QualityIssue } from './quality-issues'
import { ROOM_TYPES, type RoomType } from './room-types'

export type RuleStatus = 'pass' | 'warn' | 'fail'

export type RuleResult = { id: string; status: RuleStatus; message: string; mediaIds: string[] }

export type ListingReadiness = { channel: Channel; ready: boolean; rules: RuleResult[] }

/** A photo as the rules read it. */
export type ListingPhoto = {
  id: string
  width: number | null
  height: number | null
  room: string | null
  roomType: RoomType | null
  /** The manager's description: the caption a channel shows. */
  description: string | null
  /** Absent until ingest fills it: read as none. */
  qualityIssues?: QualityIssue[]
  /** A 360° panorama: in the set only because the manager chose it. */
  projection?: string | null
}

export type ReadinessInput = {
  channel: Channel
  /** The photos going to the channel, in tour order (the cover first). */
  photos: ListingPhoto[]
  /**
   * Every room the property names on any of its photos (hidden ones too), with those photos:
   * Airbnb wants each room shown, and a room without a photo in the set links to its others.
   */
  rooms: Array<{ name: string; mediaIds: string[] }>
  /** The duplicate engine's groups, as media ids best first. */
  duplicateGroups: string[][]
  /** The 360° panoramas left out of the set because the manager did not choose them (photos.ts). */
  panoramasLeftOut?: string[]
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
const isAre = (count: number) => (count === 1 ? 'is' : 'are')

function result(id: string, failing: string[] | boolean, severity: RuleStatus, bad: string, good: string, mediaIds: string[] = []): RuleResult {
  const broken = Array.isArray(failing) ? failing.length > 0 : failing
  return broken ? { id, status: severity, message: bad, mediaIds: Array.isArray(failing) ? failing : mediaIds } : { id, status: 'pass', message: good, mediaIds: [] }
}

/** The photos the channel would see as copies: every member of a group present in the set but its best one there. */
export function duplicateCopies(photos: Pick<ListingPhoto, 'id'>[], groups: string[][]): string[] {
  const present = new Set(photos.map((photo) => photo.id))
  return groups.flatMap((group) => group.filter((id) => present.has(id)).slice(1))
}

const roomKey = (room: string | null) => room?.trim().toLowerCase() || null

export function checkReadiness(
  { channel, photos, rooms, duplicateGroups, panoramasLeftOut = [] }: ReadinessInput,
  rules: ChannelRules = LISTING_RULES[channel],
): ListingReadiness {
  const out: RuleResult[] = []
  const name = rules.name
  const issues = (photo: ListingPhoto) => photo.qualityIssues ?? []

  if (rules.minPhotos) {
    const { count, severity } = rules.minPhotos
    out.push(
      result('min_photos', photos.length < count, severity,
        `${name} needs at least ${count} photos: ${photos.length} ${isAre(photos.length)} visible. Make ${count - photos.length} more visible.`,
        `At least ${count} photos (${photos.length}).`),
    )
  }
  if (rules.maxPhotos) {
    const { count, severity } = rules.maxPhotos
    const over = photos.slice(count).map((photo) => photo.id)
    out.push(
      result('max_photos', over, severity,
        severity === 'fail'
          ? `${name} takes at most ${count} photos: leave ${plural(over.length, 'photo')} out.`
          : `${name} shows the first ${count} photos: ${plural(over.length, 'photo')} after them ${isAre(over.length)} never shown.`,
        `At most ${count} photos.`),
    )
  }
  if (rules.minSize) {
    const { size, severity } = rules.minSize
    const small = photos.filter((photo) => {
      // Orientation is its own rule: compare the long and short edges.
      const long = Math.max(photo.width ?? 0, photo.height ?? 0)
      const short = Math.min(photo.width ?? 0, photo.height ?? 0)
      return long < Math.max(size.width, size.height) || short < Math.min(size.width, size.height)
    })
    out.push(
      result('min_size', small.map((photo) => photo.id), severity,
        `${plural(small.length, 'photo')} ${isAre(small.length)} below ${size.width}×${size.height}.`,
        `Every photo is at least ${size.width}×${size.height}.`),
    )
  }
  if (rules.landscape) {
    const portrait = photos.filter((photo) => (photo.height ?? 0) > (photo.width ?? 0) || issues(photo).includes('portrait'))
    out.push(
      result('landscape', portrait.map((photo) => photo.id), rules.landscape.severity,
        `${plural(portrait.length, 'photo')} ${isAre(portrait.length)} portrait: ${name} wants landscape photos.`,
        'Every photo is landscape.'),
    )
  }
  if (rules.blackAndWhite) {
    const grey = photos.filter((photo) => issues(photo).includes('black_and_white'))
    out.push(
      result('black_and_white', grey.map((photo) => photo.id), rules.blackAndWhite.severity,
        `${plural(grey.length, 'photo')} ${isAre(grey.length)} black and white: ${name} does not take them.`,
        'No black-and-white photos.'),
    )
  }
  const copies = duplicateCopies(photos, duplicateGroups)
  out.push(
    result('duplicates', copies, rules.duplicates.severity,
      `${plural(copies.length, 'photo')} ${isAre(copies.length)} ${copies.length === 1 ? 'a copy' : 'copies'} of others.`,
      'No duplicate photos.'),
  )
  const poor = photos.filter((photo) => issues(photo).some((issue) => issue === 'blurry' || issue === 'dark'))
  out.push(
    result('quality', poor.map((photo) => photo.id), rules.quality.severity,
      `${plural(poor.length, 'photo')} ${isAre(poor.length)} blurry or too dark.`,
      'No blurry or dark photos.'),
  )
  // The product's own rules, for every channel (no channel page says them): a photo goes out
  // upright and level, a caption says something or is left empty, and a panorama goes out only on purpose.
  const turned = photos.filter((photo) => issues(photo).some((issue) => issue === 'sideways' || issue === 'tilted'))
  out.push(
    result('straight', turned.map((photo) => photo.id), 'warn',
      `${plural(turned.length, 'photo')} ${turned.length === 1 ? 'looks' : 'look'} sideways or tilted: Apply suggestion on ${turned.length === 1 ? 'its card turns or straightens it' : 'their cards turns or straightens them'}.`,
      'No sideways or tilted photos.'),
  )
  const captionless = photos.filter((photo) => !photo.description?.trim())
  out.push(
    result('captions', captionless.map((photo) => photo.id), 'warn',
      `${plural(captionless.length, 'photo')} ${captionless.length === 1 ? 'has' : 'have'} no caption: write one in Custom Tags and Notes, or ${name} shows ${captionless.length === 1 ? 'it' : 'them'} without one.`,
      'Every photo has a caption.'),
  )
  const panoramasSent = photos.filter((photo) => photo.projection === 'equirectangular').length
  out.push(
    result('panoramas', panoramasLeftOut, 'warn',
      `${plural(panoramasLeftOut.length, '360° panorama')} ${isAre(panoramasLeftOut.length)} left out: ${name} shows a panorama as a distorted wide photo. To send ${panoramasLeftOut.length === 1 ? 'it' : 'them'} anyway, select ${panoramasLeftOut.length === 1 ? 'it' : 'them'} with the other photos and send only the selected.`,
      panoramasSent ? `${plural(panoramasSent, '360° panorama')} ${panoramasSent === 1 ? 'goes' : 'go'} to ${name}, as you chose.` : 'No 360° panoramas in the set.'),
  )
  if (rules.captionMax) {
    const { length, severity } = rules.captionMax
    const long = photos.filter((photo) => (photo.description?.trim().length ?? 0) > length)
    out.push(
      result('caption_length', long.map((photo) => photo.id), severity,
        `${plural(long.length, 'caption')} ${isAre(long.length)} longer than ${length} characters: an export cuts ${long.length === 1 ? 'it' : 'them'}.`,
        `Every caption is at most ${length} characters.`),
    )
  }
  if (rules.roomTour) {
    const loose = photos.filter((photo) => !roomKey(photo.room))
    out.push(
      result('photos_in_rooms', loose.map((photo) => photo.id), rules.roomTour.severity,
        `${plural(loose.length, 'photo')} ${isAre(loose.length)} not in a room: ${name}'s photo tour needs every photo assigned to one.`,
        'Every photo is in a room.'),
    )
    const shown = new Set(photos.map((photo) => roomKey(photo.room)))
    const named = new Map<string, { name: string; mediaIds: string[] }>()
    for (const room of rooms) {
      const key = roomKey(room.name)
      if (!key) continue
      const known = named.get(key)
      if (known) known.mediaIds.push(...room.mediaIds)
      else named.set(key, { name: room.name.trim(), mediaIds: [...room.mediaIds] })
    }
    const empty = [...named].filter(([key]) => !shown.has(key)).map(([, room]) => room)
    out.push(
      result('rooms_with_photos', empty.length > 0, rules.roomTour.severity,
        empty.length === 1 ? `The ${empty[0].name} has no photo.` : `${empty.length} rooms have no photo: ${empty.map((room) => room.name).join(', ')}.`,
        'Every room has a photo.', empty.flatMap((room) => room.mediaIds)),
    )
  }
  if (rules.perRoomType) {
    const { count, severity } = rules.perRoomType
    const byType = new Map<RoomType, string[]>()
    for (const photo of photos) if (photo.roomType) byType.set(photo.roomType, [...(byType.get(photo.roomType) ?? []), photo.id])
    const thin = ROOM_TYPES.filter((type) => (byType.get(type)?.length ?? 0) > 0 && byType.get(type)!.length < count)
    out.push(
      result('photos_per_room_type', thin.flatMap((type) => byType.get(type)!), severity,
        `${name} wants at least ${count} photos of each room type: ${thin.map((type) => `${rules.roomWords[type]} has ${byType.get(type)!.length}`).join(', ')}.`,
        `At least ${count} photos of each room type.`),
    )
  }
  if (rules.requiredRooms) {
    const present = new Set(photos.map((photo) => photo.roomType))
    const missing = rules.requiredRooms.groups.filter((group) => !group.types.some((type) => present.has(type)))
    out.push(
      result('required_rooms', missing.length > 0, rules.requiredRooms.severity,
        `${name} needs a photo of ${missing.map((group) => `a ${group.label}`).join(', ')}: name the room of one (e.g. "Bathroom") or make one visible.`,
        `A photo of each of: ${rules.requiredRooms.groups.map((group) => group.label).join(', ')}.`),
    )
  }
  return { channel, ready: out.every((rule) => rule.status !== 'fail'), rules: out }
}

/**
 * A caption cut to `limit` characters on a word boundary (the whole caption when it fits; a
 * single word longer than the limit is cut inside it). `cut` says whether anything was left out.
 */
export function cutCaption(text: string | null | undefined, limit: number | null): { caption: string; cut: boolean } {
  const caption = (text ?? '').replace(/\s+/g, ' ').trim()
  if (limit === null || caption.length <= limit) return { caption, cut: false }
  const head = caption.slice(0, limit + 1)
  const boundary = head.lastIndexOf(' ')
  const kept = (boundary > 0 ? head.slice(0, boundary) : caption.slice(0, limit)).replace(/[\s,;:–—-]+$/, '')
  return { caption: kept, cut: true }
}

/** A file name in an export pack: "01-living-room.jpg" (the position padded to the pack's size). */
export function packFileName(position: number, total: number, label: string): string {
  const digits = Math.max(2, String(total).length)
  const slug =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'photo'
  return `${String(position).padStart(digits, '0')}-${slug}.jpg`
}

/** The size a photo is exported at: fitted inside the channel's recommended size (either orientation), never upscaled. */
export function exportSize(width: number, height: number, target: { width: number; height: number }): { width: number; height: number } {
  const long = Math.max(target.width, target.height)
  const short = Math.min(target.width, target.height)
  const [boxW, boxH] = width >= height ? [long, short] : [short, long]
  const scale = Math.min(1, boxW / width, boxH / height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
