// Words for people: the one-sentence description and the tags built from the category,
// the objects, the colours and the light (tag rules: src/lib/tags.ts).
import { normaliseTags } from '../../lib/tags'
import type { Category } from './vocabulary'

const NUMBER_WORDS = ['no', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const PLURALS: Record<string, string> = {
  person: 'people',
  couch: 'couches',
  bus: 'buses',
  knife: 'knives',
  mouse: 'mice',
  skis: 'skis',
  'wine glass': 'wine glasses',
  sheep: 'sheep',
  'sports ball': 'balls',
  'hot dog': 'hot dogs',
  toothbrush: 'toothbrushes',
  'hair drier': 'hair driers',
  sandwich: 'sandwiches',
  bench: 'benches',
  glass: 'glasses',
  tv: 'TVs',
}
const DISPLAY: Record<string, string> = { tv: 'TV' }
/** How many objects a sentence names; the rest stay in objects and tags. */
const MAX_NAMED_OBJECTS = 4

const NOUNS: Record<Category, string> = {
  bedroom: 'bedroom',
  bathroom: 'bathroom',
  kitchen: 'kitchen',
  'living room': 'living room',
  'dining room': 'dining room',
  office: 'office',
  exterior: 'view of the exterior',
  garden: 'garden',
  pool: 'pool area',
  'terrace/balcony': 'terrace',
  view: 'view',
  other: 'photo',
}

export function countPhrase(label: string, count: number): string {
  if (count <= 1) return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${DISPLAY[label] ?? label}`
  const plural = PLURALS[label] ?? `${label}s`
  return `${NUMBER_WORDS[count] ?? 'several'} ${plural}`
}

function listing(parts: string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

export type DescriptionInput = {
  /** null: not sure enough to name the room or scene ("A photo with…"). */
  category: Category | null
  /** Label → count, in the order to name them (most confident first). */
  objects: Map<string, number>
  colors: string[]
  light: 'bright' | 'dark' | null
}

/**
 * One readable sentence: "A bright bedroom with a bed, two chairs and a TV."; null when analysis
 * can name neither the room or scene nor an object. "A photo." (or "A dark photo in gray tones.")
 * says nothing a guest does not see, and became the caption a listing channel showed: no caption
 * is better than that one.
 */
export function describe({ category, objects, colors, light }: DescriptionInput): string | null {
  if ((!category || category === 'other') && objects.size === 0) return null
  const noun = category ? NOUNS[category] : NOUNS.other
  const head = light ? `${light} ${noun}` : noun
  const article = /^[aeiou]/i.test(head) ? 'An' : 'A'
  const named = [...objects.entries()].slice(0, MAX_NAMED_OBJECTS).map(([label, count]) => countPhrase(label, count))
  if (named.length) return `${article} ${head} with ${listing(named)}.`
  if (colors.length) return `${article} ${head} in ${listing(colors.slice(0, 2))} tones.`
  return `${article} ${head}.`
}

const FURNITURE = new Set(['bed', 'couch', 'chair', 'dining table'])
const CATEGORY_TAGS: Record<Category, string[]> = {
  bedroom: ['bedroom'],
  bathroom: ['bathroom'],
  kitchen: ['kitchen'],
  'living room': ['living room'],
  'dining room': ['dining room'],
  office: ['office'],
  exterior: [],
  garden: ['garden'],
  pool: ['pool'],
  'terrace/balcony': ['terrace'],
  view: ['view'],
  other: [],
}

/** Analysis tags, lower-case, using the spec's suggested-tag words where they fit (spec §5). */
export function analysisTags(input: DescriptionInput & { outdoor: boolean | null }): string[] {
  // outdoor null: not sure enough to say indoors or outdoors, neither tag.
  const tags = [...(input.outdoor === null ? [] : [input.outdoor ? 'exterior' : 'interior']), ...(input.category ? CATEGORY_TAGS[input.category] : [])]
  const labels = [...input.objects.keys()]
  tags.push(...labels)
  if (labels.some((l) => l === 'car' || l === 'truck')) tags.push('parking')
  if (input.outdoor === false && labels.some((l) => FURNITURE.has(l))) tags.push('furnished')
  tags.push(...input.colors)
  if (input.light) tags.push(input.light)
  return normaliseTags(tags)
}
