// Rooms inside a section, the way guests expect a photo tour: a section's photos grouped by
// room in the manager's order (a room's place is that of its first photo), the lightbox
// caption naming where a photo is, and where a tour stands.
import type { MediaFile } from './api/types'

export type RoomGroup<T> = { room: string | null; files: T[] }

const roomOf = (file: Pick<MediaFile, 'room'>) => file.room?.trim() || null

/**
 * Groups files (already in the manager's order) by room, each room where its first photo
 * is; photos without a room come last. Answers one group with room null when no photo has
 * a room, so a section without rooms looks as it always did.
 */
export function groupByRoom<T extends Pick<MediaFile, 'room'>>(files: T[]): RoomGroup<T>[] {
  // Keyed case-insensitively ("Master bedroom" is "Master Bedroom"), named as first written.
  const groups = new Map<string, RoomGroup<T>>()
  const loose: T[] = []
  for (const file of files) {
    const room = roomOf(file)
    if (!room) {
      loose.push(file)
      continue
    }
    const key = room.toLowerCase()
    const group = groups.get(key)
    if (group) group.files.push(file)
    else groups.set(key, { room, files: [file] })
  }
  const grouped: RoomGroup<T>[] = [...groups.values()]
  if (loose.length) grouped.push({ room: null, files: loose })
  return grouped
}

/** The id of a room's heading on a section page ("room-master-bedroom"). */
export function roomAnchor(room: string | null): string {
  if (!room) return 'room-more'
  const slug = room
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `room-${slug || 'room'}`
}

/** "Upstairs · Master Bedroom — King bed with garden view"; parts that are missing are left out. */
export function captionOf(file: Pick<MediaFile, 'room' | 'description'>, place: string | null): string {
  const where = [place, roomOf(file)].filter(Boolean).join(' · ')
  const description = file.description?.trim()
  if (!description) return where
  return where ? `${where} — ${description}` : description
}

/** Where the tour stands: "Upstairs · 2 of 3" (the item's place among its section's tour stops). */
export function tourPosition<T extends Pick<MediaFile, 'section'>>(tour: T[], index: number, sectionName: string | null): string {
  const item = tour[index]
  if (!item) return ''
  const stops = tour.filter((other) => other.section === item.section)
  const position = tour.slice(0, index + 1).filter((other) => other.section === item.section).length
  return `${sectionName ?? 'Tour'} · ${position} of ${stops.length}`
}
