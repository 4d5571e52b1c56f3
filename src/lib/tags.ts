// The rules of a photo's tags, in one place for every writer (the manager's metadata call,
// analysis, a deleted duplicate's carry-over) and the Custom Tags and Notes dialog: spec §5
// (trimmed and lower-cased, empty tags and duplicates ignored) and the suggested tags.

/** Max sizes mirror the media collection's `tags` field. */
export const MAX_TAG_LENGTH = 60
export const MAX_TAGS = 50

/** Spec §5: tags are trimmed and lower-cased; empty tags and duplicates are ignored. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase()
    if (clean) seen.add(clean)
  }
  return [...seen]
}

/**
 * Tags added to a photo by someone other than the manager (analysis, a deleted duplicate):
 * every tag already there stays in its place, then the added ones it lacks (compared without
 * case), normalised, those too long dropped, up to MAX_TAGS in all.
 */
export function mergeTags(existing: readonly string[], added: readonly string[]): string[] {
  const present = new Set(existing.map((tag) => tag.trim().toLowerCase()))
  const fresh = normaliseTags(added).filter((tag) => !present.has(tag) && tag.length <= MAX_TAG_LENGTH)
  return [...existing, ...fresh.slice(0, Math.max(0, MAX_TAGS - existing.length))]
}

/** Who wrote a tag: the manager (or an editor), or analysis. */
export type TagSource = 'manager' | 'analysis'

/** A photo's tags by source: the manager's, analysis's, and analysis's the manager removed. */
export type TagsBySource = { manager: readonly string[]; machine: readonly string[]; removed: readonly string[] }

/**
 * The tags a photo answers (the spec's `tags`): the manager's first, in their order, then
 * analysis's that the manager neither removed nor wrote too; `sources` says who wrote each.
 */
export function answeredTags({ manager, machine, removed }: TagsBySource): { tags: string[]; sources: TagSource[] } {
  const present = new Set(manager)
  const gone = new Set(removed)
  const added = machine.filter((tag) => !present.has(tag) && !gone.has(tag) && (present.add(tag), true))
  return {
    tags: [...manager, ...added].slice(0, MAX_TAGS),
    sources: [...manager.map((): TagSource => 'manager'), ...added.map((): TagSource => 'analysis')].slice(0, MAX_TAGS),
  }
}

/**
 * The manager saves the whole list they see (answeredTags'). A tag analysis wrote stays
 * analysis's while it is in the list; one missing from it is removed for good (analysis never
 * writes it again, forced re-analysis included); every other tag in the list is the manager's.
 * A removed tag the manager types again is theirs.
 */
export function managerTagsChange(
  current: TagsBySource,
  submitted: readonly string[],
  seen?: readonly string[],
): { manager: string[]; removed: string[] } {
  const list = normaliseTags(submitted)
  // What the manager saw: the answer's tags, or those of them the editor showed when it opened
  // (an analysis tag written meanwhile was never seen, so it is not removed by its absence).
  const seenTags = seen ? new Set(normaliseTags(seen)) : null
  const shown = new Set(answeredTags(current).tags.filter((tag) => !seenTags || seenTags.has(tag)))
  const own = new Set(current.manager)
  const machine = new Set(current.machine)
  const manager = list.filter((tag) => own.has(tag) || !machine.has(tag) || !shown.has(tag))
  const kept = new Set(list)
  // A tag both wrote, taken out of the list, is gone from both: analysis's copy would show it again.
  const removed = normaliseTags([
    ...current.removed.filter((tag) => !kept.has(tag)),
    ...current.machine.filter((tag) => shown.has(tag) && !kept.has(tag)),
  ])
  return { manager, removed }
}

/** Spec §5: the list suggested tags come from, in order. */
export const SUGGESTED_TAGS = [
  'interior',
  'exterior',
  'kitchen',
  'bedroom',
  'bathroom',
  'living room',
  'dining room',
  'garden',
  'pool',
  'parking',
  'balcony',
  'terrace',
  'modern',
  'classic',
  'cozy',
  'spacious',
  'bright',
  'clean',
  'furnished',
  'unfurnished',
  'luxury',
  'budget-friendly',
  'pet-friendly',
] as const

export const SUGGESTED_TAG_COUNT = 12

/** The first 12 suggested tags not yet chosen. */
export const suggestedTags = (chosen: readonly string[]) =>
  SUGGESTED_TAGS.filter((tag) => !chosen.includes(tag)).slice(0, SUGGESTED_TAG_COUNT)

/** Adds a typed tag by the rules of §5; answers the same list when it adds nothing. */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().toLowerCase()
  if (!tag || tags.includes(tag)) return [...tags]
  return [...tags, tag]
}
