// What the Duplicate Detection dialog shows and plans (spec §9 labels and colours; the
// deletions it sends and what each moves to the kept file). Pure, for unit tests.
import type { DuplicateGroup, MediaFile } from './api/types'
import {
  DUPLICATE_CONFIDENCE_ORANGE,
  DUPLICATE_CONFIDENCE_RED,
  DUPLICATE_REASON_FALLBACK,
  DUPLICATE_REASON_LABELS,
} from './constants'
import { CARRIED_LABELS, organisationOf, organisationToCarry } from './duplicate-carry'

export const reasonLabel = (reason: string) => DUPLICATE_REASON_LABELS[reason] ?? DUPLICATE_REASON_FALLBACK

/** §9: 90+ red, 70+ orange, else yellow. */
export const confidenceColour = (confidence: number) =>
  confidence >= DUPLICATE_CONFIDENCE_RED ? 'red' : confidence >= DUPLICATE_CONFIDENCE_ORANGE ? 'orange' : 'yellow'

/** Each picked file with the file its group keeps: the best file not picked (none when all are). */
export function plannedDeletions(groups: DuplicateGroup[], picked: ReadonlySet<string>) {
  return groups.flatMap((group) => {
    const kept = group.files.find((file) => !picked.has(file.id)) ?? null
    return group.files
      .filter((file) => picked.has(file.id))
      .map((file) => ({ file, kept }))
  })
}

/** What moves, per kept file, when the planned deletions run in order (the server applies the same rule). */
export function carrySummary(plan: Array<{ file: MediaFile; kept: MediaFile | null }>) {
  const byKept = new Map<string, { kept: MediaFile; fields: Set<string> }>()
  const organisation = new Map<string, ReturnType<typeof organisationOf>>()
  for (const { file, kept } of plan) {
    if (!kept) continue
    const keptNow = organisation.get(kept.id) ?? organisationOf(kept)
    const carried = organisationToCarry(organisationOf(file), keptNow)
    const moved = { ...keptNow }
    const source = organisationOf(file)
    for (const field of carried) {
      if (field === 'section') Object.assign(moved, { section: source.section, isHidden: source.isHidden })
      else Object.assign(moved, { [field]: source[field] })
    }
    organisation.set(kept.id, moved)
    if (!carried.length) continue
    const entry = byKept.get(kept.id) ?? { kept, fields: new Set<string>() }
    carried.forEach((field) => entry.fields.add(CARRIED_LABELS[field]))
    byKept.set(kept.id, entry)
  }
  return [...byKept.values()]
}

