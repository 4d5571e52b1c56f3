// What a deleted duplicate hands over to the file that stays (beyond the spec: nothing the
// manager did is lost). One rule for the server, which moves the fields, and the Duplicate
// Detection dialog, which says before Delete what will move.
import type { CarriedField } from './schemas/duplicates'
import type { MediaFile } from './api/types'

export type Organisation = {
  section: string | null
  isHidden: boolean
  room: string | null
  description: string | null
  notes: string | null
  sortOrder: number
  tags: readonly string[]
}

const blank = (text: string | null | undefined) => !text || !text.trim()

/** The fields of `deleted` that `kept` lacks, in a fixed order. */
export function organisationToCarry(deleted: Organisation, kept: Organisation): CarriedField[] {
  const carried: CarriedField[] = []
  const keptPlaced = Boolean(kept.section) || kept.isHidden
  const deletedPlaced = Boolean(deleted.section) || deleted.isHidden
  // Placement is the section, or hiding: a hidden copy's picture must not become public.
  if (!keptPlaced && deletedPlaced) carried.push('section')
  // The sort position belongs to a section: it moves with the section, or within the same
  // section when the kept file still has the default position.
  const sameSection = kept.section !== null && kept.section === deleted.section
  if (deletedPlaced && deleted.sortOrder && (carried.includes('section') || (sameSection && !kept.sortOrder))) {
    carried.push('sortOrder')
  }
  if (blank(kept.room) && !blank(deleted.room)) carried.push('room')
  // Tags add up: the kept file gains those it lacks (analysis may already have tagged it).
  if (deleted.tags.some((tag) => !kept.tags.includes(tag))) carried.push('tags')
  if (blank(kept.description) && !blank(deleted.description)) carried.push('description')
  if (blank(kept.notes) && !blank(deleted.notes)) carried.push('notes')
  return carried
}

export function organisationOf(file: MediaFile): Organisation {
  return {
    section: file.section,
    isHidden: file.isHidden === 'true',
    room: file.room,
    description: file.description,
    notes: file.notes ?? null,
    sortOrder: file.sortOrder,
    tags: file.tags,
  }
}

/** Words for the dialog: "section, room and tags". */
export const CARRIED_LABELS: Record<CarriedField, string> = {
  section: 'section',
  room: 'room',
  tags: 'tags',
  description: 'description',
  notes: 'notes',
  sortOrder: 'sort position',
}
