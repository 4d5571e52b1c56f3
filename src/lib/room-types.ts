// Room types as the big listing channels name them (Airbnb's photo tour rooms, Vrbo's and
// Booking.com's photo tags, Google Vacation Rentals' required rooms): one vocabulary that the
// analysis categories (src/server/analysis/vocabulary.ts) and the manager's own room names
// ("Master Bedroom", "Upstairs half bath") both map to, so listing readiness and export packs
// can ask "is there a bathroom photo?" whatever words the property uses.
export const ROOM_TYPES = [
  'bedroom',
  'full_bathroom',
  'half_bathroom',
  'kitchen',
  'living_room',
  'dining_area',
  'office',
  'exterior',
  'pool',
  'patio',
  'garden',
  'view',
] as const

export type RoomType = (typeof ROOM_TYPES)[number]

/** Google's "common area": where guests spend the day together. */
export const COMMON_AREA_TYPES: readonly RoomType[] = ['living_room', 'kitchen', 'dining_area']

export const BATHROOM_TYPES: readonly RoomType[] = ['full_bathroom', 'half_bathroom']

/**
 * The analysis vocabulary's categories (vocabulary.ts CATEGORIES) as room types; 'other' has none.
 * Written as plain strings so this isomorphic module does not import server code; the unit tests
 * check that every category is mapped.
 */
export const CATEGORY_ROOM_TYPES: Readonly<Record<string, RoomType | null>> = {
  bedroom: 'bedroom',
  bathroom: 'full_bathroom',
  kitchen: 'kitchen',
  'living room': 'living_room',
  'dining room': 'dining_area',
  office: 'office',
  exterior: 'exterior',
  garden: 'garden',
  pool: 'pool',
  'terrace/balcony': 'patio',
  view: 'view',
  other: null,
}

// Words in a manager's room name, most specific first: "half bath" before "bath", "bedroom"
// before "room", "pool house" is still a pool's.
const ROOM_NAME_WORDS: ReadonlyArray<[RegExp, RoomType]> = [
  [/\b(half[ -]?bath(room)?|powder[ -]?room|guest[ -]?(wc|toilet)|wc|toilet|cloakroom|lavatory)\b/, 'half_bathroom'],
  [/\b(bath(room)?s?|en[ -]?suite|shower(room)?|washroom)\b/, 'full_bathroom'],
  [/\b(bed(room)?s?|bunk(room)?s?|master|suite|nursery|sleeping|loft)\b/, 'bedroom'],
  [/\b(kitchen(ette)?|pantry)\b/, 'kitchen'],
  [/\b(dining|breakfast nook)\b/, 'dining_area'],
  [/\b(living|lounge|family[ -]?room|den|great[ -]?room|sitting[ -]?room|game[ -]?room|media[ -]?room|tv[ -]?room|salon)\b/, 'living_room'],
  [/\b(office|study|workspace|work[ -]?space|library)\b/, 'office'],
  [/\b(pool|hot[ -]?tub|jacuzzi|spa)\b/, 'pool'],
  [/\b(patio|terrace|balcony|deck|porch|veranda|verandah|lanai)\b/, 'patio'],
  [/\b(garden|yard|backyard|lawn|grounds)\b/, 'garden'],
  [/\b(views?|vista|panorama)\b/, 'view'],
  [/\b(exterior|outside|facade|façade|front|entrance|driveway|street|building|house)\b/, 'exterior'],
]

/** The room type a manager's room name names ("Master Bedroom" → bedroom), or null. */
export function roomTypeOfName(room: string | null | undefined): RoomType | null {
  const name = room?.trim().toLowerCase()
  if (!name) return null
  for (const [words, type] of ROOM_NAME_WORDS) if (words.test(name)) return type
  return null
}

/** A photo's room type: what the manager's room name says, else what analysis filed it under. */
export function roomTypeOf(file: { room?: string | null; category?: string | null }): RoomType | null {
  return roomTypeOfName(file.room) ?? (file.category ? (CATEGORY_ROOM_TYPES[file.category.trim().toLowerCase()] ?? null) : null)
}
