// Which room a photo shows, from what is sure about it, as data so the reason can be shown:
// - the rooms an object implies (a bed: a bedroom), which analysis writes only when every object
//   of the rule was detected above its own fitted threshold and nothing implies another room or
//   stands only outdoors (src/server/analysis/decide.ts);
// - the category a manager's own room name stands for ("Master Bedroom": a bedroom), which files
//   the photo there whatever analysis said (the manager's words, like the manager's tags).
// Isomorphic: the server decides with it, the admin's cards and filter explain with it.

export type CategoryImplication = {
  category: string
  /** Every one of these COCO classes must be seen. */
  objects: readonly string[]
  /** What the manager is told: "Analysis saw {reason}". */
  reason: string
}

/**
 * The detector's classes (COCO) have no bathtub, shower, stove, sofa or coffee table: the rules
 * name the ones it has. A kitchen is any one of its appliances; a dining room a table with chairs;
 * a living room a couch with a TV (a couch alone stands in bedrooms and offices too).
 */
export const CATEGORY_IMPLICATIONS: readonly CategoryImplication[] = [
  { category: 'bedroom', objects: ['bed'], reason: 'a bed' },
  { category: 'bathroom', objects: ['toilet'], reason: 'a toilet' },
  { category: 'kitchen', objects: ['oven'], reason: 'an oven' },
  { category: 'kitchen', objects: ['refrigerator'], reason: 'a refrigerator' },
  { category: 'kitchen', objects: ['microwave'], reason: 'a microwave' },
  { category: 'dining room', objects: ['dining table', 'chair'], reason: 'a dining table with chairs' },
  { category: 'living room', objects: ['couch', 'tv'], reason: 'a couch and a TV' },
]

/** Classes seen only outdoors (vehicles, street furniture, farm and wild animals): with one, no room is implied. */
export const OUTDOOR_ONLY_OBJECTS: readonly string[] = [
  'car', 'truck', 'bus', 'train', 'motorcycle', 'airplane', 'boat', 'traffic light', 'fire hydrant', 'stop sign',
  'parking meter', 'kite', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe',
]

export type ImpliedCategory = { category: string; reason: string; objects: readonly string[] }

/**
 * The one room the sure objects imply, with the first rule's reason and every object that implies
 * it; null when none does, when
 * two rooms are implied (a bed and a toilet: a studio, or a doubt) or when an outdoor-only class
 * is among them.
 */
export function impliedCategory(objects: readonly string[]): ImpliedCategory | null {
  const seen = new Set(objects)
  if (OUTDOOR_ONLY_OBJECTS.some((label) => seen.has(label))) return null
  const matched = CATEGORY_IMPLICATIONS.filter((rule) => rule.objects.every((label) => seen.has(label)))
  if (new Set(matched.map((rule) => rule.category)).size !== 1) return null
  return { category: matched[0].category, reason: matched[0].reason, objects: matched.flatMap((rule) => rule.objects) }
}

const ROOM_WORDS: readonly [RegExp, string][] = [
  [/bed|guest room|nursery|suite/i, 'bedroom'],
  [/bath|shower|toilet|\bwc\b|powder|restroom/i, 'bathroom'],
  [/kitchen|pantry/i, 'kitchen'],
  [/dining/i, 'dining room'],
  [/living|lounge|family|sitting|den\b/i, 'living room'],
  [/office|study|work/i, 'office'],
  [/pool|spa|hot tub/i, 'pool'],
  [/terrace|balcony|patio|deck|porch|veranda/i, 'terrace/balcony'],
  [/garden|yard|lawn/i, 'garden'],
  [/view|sea|lake|mountain/i, 'view'],
  [/exterior|front|facade|façade|drive|entrance|street|parking|garage/i, 'exterior'],
]

/** The category a manager's room name stands for ("Master Bedroom" → bedroom), or null. */
export function categoryOfRoom(room: string | null | undefined): string | null {
  if (!room) return null
  for (const [pattern, category] of ROOM_WORDS) if (pattern.test(room)) return category
  return null
}

export type CategorySource = 'manager' | 'analysis'

export type FiledCategory = { category: string | null; source: CategorySource | null; reason: string | null }

/**
 * Where a photo is filed and who filed it. The manager's words first: a category the manager
 * chose (one that is not analysis's last word), then the category the photo's room name stands
 * for; then analysis's category, with the object that implies it when one does.
 */
export function filedCategory(record: {
  category: string | null
  analysisCategory: string | null
  room: string | null
  objects: readonly string[]
}): FiledCategory {
  const stored = record.category?.trim() ? record.category : null
  if (stored && stored !== record.analysisCategory) return { category: stored, source: 'manager', reason: 'chosen by you' }
  const fromRoom = categoryOfRoom(record.room)
  if (fromRoom) return { category: fromRoom, source: 'manager', reason: `the room you named, “${record.room!.trim()}”` }
  if (!stored) return { category: null, source: null, reason: null }
  const implied = impliedCategory(record.objects)
  return {
    category: stored,
    source: 'analysis',
    reason: implied?.category === stored ? `analysis saw ${implied.reason}` : 'analysis, from the scene and the photos placed like it',
  }
}
