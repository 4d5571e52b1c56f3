// Custom tags (spec §5): trimmed and lower-cased, empty tags and duplicates ignored, and
// the suggested tags offered in the Custom Tags and Notes dialog.
export { normaliseTags } from './schemas/placement'

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
