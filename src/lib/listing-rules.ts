// The photo rules of the listing channels, kept as data so a maintainer updates a number, not
// code: each rule names where it comes from and when that page was read. Listing readiness
// (listing-readiness.ts) checks a property's photos against them; export packs resize to the
// recommended size and cut captions at the limit.
//
// `read: null` marks a figure taken (on `noted`) from the product issue's summary of the
// channel's rules and not yet read on the channel's own page: check it there before relying on
// it, then set `read` to the date you read it.
import type { RoomType } from './room-types'

export const CHANNELS = ['airbnb', 'vrbo', 'booking', 'google'] as const
export type Channel = (typeof CHANNELS)[number]

export const isChannel = (value: unknown): value is Channel => typeof value === 'string' && (CHANNELS as readonly string[]).includes(value)

export type RuleSource = { url: string; read: string | null; noted: string }

type Size = { width: number; height: number }

/** What happens when a photo set breaks a rule: the channel refuses it (fail) or shows it badly (warn). */
export type Severity = 'fail' | 'warn'

export type ChannelRules = {
  channel: Channel
  /** The channel's name as the manager reads it. */
  name: string
  /** Below this the channel refuses the photo. */
  minSize: { size: Size; severity: Severity; source: RuleSource } | null
  /** What an export pack resizes to (never upscaled): the long and short edge of a landscape photo. */
  recommendedSize: { size: Size; source: RuleSource }
  /** Landscape photos: required (fail) or preferred (warn). */
  landscape: { severity: Severity; source: RuleSource } | null
  minPhotos: { count: number; severity: Severity; source: RuleSource } | null
  /** More than this are refused (fail) or never shown (warn). */
  maxPhotos: { count: number; severity: Severity; source: RuleSource } | null
  /** Every photo in a room and every room with a photo (Airbnb's photo tour). */
  roomTour: { severity: Severity; source: RuleSource } | null
  /** At least this many photos of each room type present. */
  perRoomType: { count: number; severity: Severity; source: RuleSource } | null
  /** Room types the set must show; a group is met by any of its types ("common area"). */
  requiredRooms: { groups: Array<{ label: string; types: readonly RoomType[] }>; severity: Severity; source: RuleSource } | null
  captionMax: { length: number; severity: Severity; source: RuleSource } | null
  duplicates: { severity: Severity; source: RuleSource }
  blackAndWhite: { severity: Severity; source: RuleSource } | null
  /** Blurry or dark photos: every channel shows them badly. */
  quality: { severity: Severity; source: RuleSource }
  /** How the cover is cropped where the channel shows it (width / height). */
  coverCrops: { crops: Array<{ label: string; ratio: number; name: string }>; source: RuleSource } | null
  /** The channel's own words for each room type (captions.csv). */
  roomWords: Record<RoomType, string>
}

const NOTED = '2026-11-26'
const src = (url: string): RuleSource => ({ url, read: null, noted: NOTED })

const AIRBNB_PHOTOS = src('https://www.airbnb.com/help/article/2979')
const AIRBNB_TOUR = src('https://www.airbnb.com/help/article/3328')
const VRBO_PHOTOS = src('https://help.vrbo.com/articles/What-are-the-photo-requirements')
const BOOKING_PHOTOS = src('https://partner.booking.com/en-us/help/property-page/photos/photo-requirements-and-guidelines')
const GOOGLE_VR = src('https://support.google.com/hotelprices/answer/11959936')

const COMMON_WORDS: Record<RoomType, string> = {
  bedroom: 'Bedroom',
  full_bathroom: 'Full bathroom',
  half_bathroom: 'Half bathroom',
  kitchen: 'Kitchen',
  living_room: 'Living room',
  dining_area: 'Dining area',
  office: 'Office',
  exterior: 'Exterior',
  pool: 'Pool',
  patio: 'Patio',
  garden: 'Garden',
  view: 'View',
}

export const LISTING_RULES: Record<Channel, ChannelRules> = {
  airbnb: {
    channel: 'airbnb',
    name: 'Airbnb',
    minSize: { size: { width: 1024, height: 683 }, severity: 'warn', source: AIRBNB_PHOTOS },
    recommendedSize: { size: { width: 2400, height: 1600 }, source: AIRBNB_PHOTOS },
    landscape: { severity: 'warn', source: AIRBNB_PHOTOS },
    minPhotos: { count: 5, severity: 'fail', source: AIRBNB_PHOTOS },
    maxPhotos: null,
    roomTour: { severity: 'fail', source: AIRBNB_TOUR },
    perRoomType: null,
    requiredRooms: null,
    captionMax: null,
    duplicates: { severity: 'warn', source: AIRBNB_PHOTOS },
    blackAndWhite: null,
    quality: { severity: 'warn', source: AIRBNB_PHOTOS },
    coverCrops: {
      crops: [
        { label: 'Search results', ratio: 1, name: '1:1' },
        { label: 'Listing page', ratio: 16 / 9, name: '16:9' },
      ],
      source: AIRBNB_PHOTOS,
    },
    roomWords: { ...COMMON_WORDS, office: 'Workspace', garden: 'Backyard' },
  },
  vrbo: {
    channel: 'vrbo',
    name: 'Vrbo',
    minSize: { size: { width: 1024, height: 683 }, severity: 'fail', source: VRBO_PHOTOS },
    recommendedSize: { size: { width: 1920, height: 1280 }, source: VRBO_PHOTOS },
    landscape: { severity: 'fail', source: VRBO_PHOTOS },
    minPhotos: { count: 6, severity: 'fail', source: VRBO_PHOTOS },
    maxPhotos: { count: 50, severity: 'fail', source: VRBO_PHOTOS },
    roomTour: null,
    perRoomType: null,
    requiredRooms: null,
    captionMax: { length: 400, severity: 'warn', source: VRBO_PHOTOS },
    duplicates: { severity: 'fail', source: VRBO_PHOTOS },
    blackAndWhite: { severity: 'fail', source: VRBO_PHOTOS },
    quality: { severity: 'warn', source: VRBO_PHOTOS },
    coverCrops: null,
    roomWords: { ...COMMON_WORDS, full_bathroom: 'Bathroom', dining_area: 'Dining room', patio: 'Deck/Patio' },
  },
  booking: {
    channel: 'booking',
    name: 'Booking.com',
    minSize: { size: { width: 300, height: 300 }, severity: 'fail', source: BOOKING_PHOTOS },
    recommendedSize: { size: { width: 2048, height: 1536 }, source: BOOKING_PHOTOS },
    landscape: { severity: 'warn', source: BOOKING_PHOTOS },
    minPhotos: null,
    maxPhotos: { count: 40, severity: 'warn', source: BOOKING_PHOTOS },
    roomTour: null,
    perRoomType: { count: 4, severity: 'warn', source: BOOKING_PHOTOS },
    requiredRooms: { groups: [{ label: 'bathroom', types: ['full_bathroom', 'half_bathroom'] }], severity: 'fail', source: BOOKING_PHOTOS },
    captionMax: null,
    duplicates: { severity: 'fail', source: BOOKING_PHOTOS },
    blackAndWhite: null,
    quality: { severity: 'warn', source: BOOKING_PHOTOS },
    coverCrops: null,
    roomWords: { ...COMMON_WORDS, full_bathroom: 'Bathroom', half_bathroom: 'Toilet', patio: 'Balcony/Terrace' },
  },
  google: {
    channel: 'google',
    name: 'Google Vacation Rentals',
    minSize: null,
    recommendedSize: { size: { width: 2048, height: 1536 }, source: GOOGLE_VR },
    landscape: { severity: 'warn', source: GOOGLE_VR },
    minPhotos: { count: 8, severity: 'fail', source: GOOGLE_VR },
    maxPhotos: null,
    roomTour: null,
    perRoomType: null,
    requiredRooms: {
      groups: [
        { label: 'bedroom', types: ['bedroom'] },
        { label: 'bathroom', types: ['full_bathroom', 'half_bathroom'] },
        { label: 'common area (living room, kitchen or dining area)', types: ['living_room', 'kitchen', 'dining_area'] },
      ],
      severity: 'fail',
      source: GOOGLE_VR,
    },
    captionMax: null,
    duplicates: { severity: 'warn', source: GOOGLE_VR },
    blackAndWhite: null,
    quality: { severity: 'warn', source: GOOGLE_VR },
    coverCrops: null,
    roomWords: { ...COMMON_WORDS, full_bathroom: 'Bathroom', half_bathroom: 'Bathroom' },
  },
}

/** For a 400 naming the valid channels. */
export const CHANNELS_MESSAGE = `Name a channel: ${CHANNELS.join(', ')}.`
