// Listing readiness on constructed photo sets: each rule fails on a set that breaks it and
// passes once the set meets it; caption cutting, pack names and export sizes; room types.
import { describe, expect, it } from 'vitest'
import { checkReadiness, cutCaption, exportSize, packFileName, type ListingPhoto, type ReadinessInput } from '../../src/lib/listing-readiness'
import { CATEGORIES } from '../../src/server/analysis/vocabulary'
import { CATEGORY_ROOM_TYPES, roomTypeOf, roomTypeOfName } from '../../src/lib/room-types'

let next = 0
const photo = (over: Partial<ListingPhoto> = {}): ListingPhoto => ({
  id: `p${++next}`,
  width: 2000,
  height: 1333,
  room: 'Living room',
  roomType: 'living_room',
  description: null,
  ...over,
})
const many = (count: number, over: Partial<ListingPhoto> = {}) => Array.from({ length: count }, () => photo(over))

const rule = (input: Partial<ReadinessInput> & Pick<ReadinessInput, 'channel' | 'photos'>, id: string) => {
  const found = checkReadiness({ rooms: [], duplicateGroups: [], ...input }).rules.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no rule ${id}`)
  return found
}

describe('channel rules', () => {
  it('Vrbo: at least 6 photos', () => {
    const five = many(5)
    expect(rule({ channel: 'vrbo', photos: five }, 'min_photos')).toMatchObject({
      status: 'fail',
      message: 'Vrbo needs at least 6 photos: 5 are visible. Make 1 more visible.',
    })
    expect(rule({ channel: 'vrbo', photos: [...five, photo()] }, 'min_photos').status).toBe('pass')
  })

  it('Google: at least 8 photos, with a bedroom, a bathroom and a common area', () => {
    const set = many(8)
    expect(rule({ channel: 'google', photos: set.slice(0, 7) }, 'min_photos').status).toBe('fail')
    expect(rule({ channel: 'google', photos: set }, 'required_rooms')).toMatchObject({
      status: 'fail',
      message: 'Google Vacation Rentals needs a photo of a bedroom, a bathroom: name the room of one (e.g. "Bathroom") or make one visible.',
    })
    const fixed = [...set.slice(2), photo({ roomType: 'bedroom' }), photo({ roomType: 'half_bathroom' })]
    expect(rule({ channel: 'google', photos: fixed }, 'required_rooms').status).toBe('pass')
  })

  it('Vrbo: at most 50 photos; Booking.com shows 40', () => {
    const set = many(52)
    expect(rule({ channel: 'vrbo', photos: set }, 'max_photos')).toMatchObject({
      status: 'fail',
      message: 'Vrbo takes at most 50 photos: leave 2 photos out.',
      mediaIds: [set[50].id, set[51].id],
    })
    expect(rule({ channel: 'vrbo', photos: set.slice(0, 50) }, 'max_photos').status).toBe('pass')
    expect(rule({ channel: 'booking', photos: set.slice(0, 41) }, 'max_photos')).toMatchObject({
      status: 'warn',
      message: 'Booking.com shows the first 40 photos: 1 photo after them is never shown.',
    })
  })

  it('minimum size per channel, by width and height', () => {
    const small = [photo({ width: 1000, height: 700 }), photo({ width: 1024, height: 600 }), photo({ width: 800, height: 800 })]
    const big = photo({ width: 1024, height: 683 })
    expect(rule({ channel: 'vrbo', photos: [...small, big] }, 'min_size')).toMatchObject({
      status: 'fail',
      message: '3 photos are below 1024×683.',
      mediaIds: small.map((p) => p.id),
    })
    expect(rule({ channel: 'vrbo', photos: [big] }, 'min_size').status).toBe('pass')
    expect(rule({ channel: 'booking', photos: [photo({ width: 299, height: 400 })] }, 'min_size').status).toBe('fail')
    expect(rule({ channel: 'booking', photos: small }, 'min_size').status).toBe('pass')
  })

  it('landscape: Vrbo refuses portrait photos, Airbnb warns', () => {
    const tall = photo({ width: 1333, height: 2000 })
    expect(rule({ channel: 'vrbo', photos: [tall] }, 'landscape')).toMatchObject({
      status: 'fail',
      message: '1 photo is portrait: Vrbo wants landscape photos.',
      mediaIds: [tall.id],
    })
    expect(rule({ channel: 'airbnb', photos: [tall] }, 'landscape').status).toBe('warn')
    expect(rule({ channel: 'vrbo', photos: [photo()] }, 'landscape').status).toBe('pass')
  })

  it('black and white: Vrbo refuses them (quality codes; absent reads as none)', () => {
    const grey = photo({ qualityIssues: ['black_and_white'] })
    expect(rule({ channel: 'vrbo', photos: [grey, photo()] }, 'black_and_white')).toMatchObject({
      status: 'fail',
      message: '1 photo is black and white: Vrbo does not take them.',
      mediaIds: [grey.id],
    })
    expect(rule({ channel: 'vrbo', photos: [photo(), photo({ qualityIssues: [] })] }, 'black_and_white').status).toBe('pass')
  })

  it('duplicates: the copies after each group’s best photo', () => {
    const [a, b, c] = many(3)
    const groups = [[b.id, a.id, c.id], ['elsewhere', 'other']]
    expect(rule({ channel: 'booking', photos: [a, b, c], duplicateGroups: groups }, 'duplicates')).toMatchObject({
      status: 'fail',
      message: '2 photos are copies of others.',
      mediaIds: [a.id, c.id],
    })
    expect(rule({ channel: 'booking', photos: [a], duplicateGroups: groups }, 'duplicates').status).toBe('pass')
    expect(rule({ channel: 'airbnb', photos: [a, b], duplicateGroups: groups }, 'duplicates').status).toBe('warn')
  })

  it('blurry or dark photos warn', () => {
    const blurry = photo({ qualityIssues: ['blurry'] })
    expect(rule({ channel: 'google', photos: [blurry, photo({ qualityIssues: ['tilted'] })] }, 'quality')).toMatchObject({
      status: 'warn',
      mediaIds: [blurry.id],
      message: '1 photo is blurry or too dark.',
    })
  })

  it('sideways or tilted photos warn on every channel, and point at the suggestion that fixes them', () => {
    const sideways = photo({ qualityIssues: ['sideways'] })
    const tilted = photo({ qualityIssues: ['tilted', 'dark'] })
    expect(rule({ channel: 'airbnb', photos: [sideways, photo({ qualityIssues: ['blurry'] }), tilted] }, 'straight')).toEqual({
      id: 'straight',
      status: 'warn',
      mediaIds: [sideways.id, tilted.id],
      message: '2 photos look sideways or tilted: Apply suggestion on their cards turns or straightens them.',
    })
    expect(rule({ channel: 'vrbo', photos: [tilted] }, 'straight').message).toBe(
      '1 photo looks sideways or tilted: Apply suggestion on its card turns or straightens it.',
    )
    expect(rule({ channel: 'booking', photos: [photo({ qualityIssues: ['dark'] })] }, 'straight')).toMatchObject({
      status: 'pass',
      message: 'No sideways or tilted photos.',
    })
  })

  it('Vrbo captions over 400 characters', () => {
    const long = photo({ description: 'word '.repeat(81) })
    expect(rule({ channel: 'vrbo', photos: [long] }, 'caption_length')).toMatchObject({
      status: 'warn',
      message: '1 caption is longer than 400 characters: an export cuts it.',
    })
    expect(rule({ channel: 'vrbo', photos: [photo({ description: 'x'.repeat(400) })] }, 'caption_length').status).toBe('pass')
  })

  it('captions: every channel warns of the photos without one, and links them', () => {
    const bare = [photo(), photo({ description: '  ' })]
    expect(rule({ channel: 'airbnb', photos: [...bare, photo({ description: 'King bed with garden view' })] }, 'captions')).toEqual({
      id: 'captions',
      status: 'warn',
      message: '2 photos have no caption: write one in Custom Tags and Notes, or Airbnb shows them without one.',
      mediaIds: bare.map((p) => p.id),
    })
    expect(rule({ channel: 'google', photos: [bare[0]] }, 'captions').message).toBe(
      '1 photo has no caption: write one in Custom Tags and Notes, or Google Vacation Rentals shows it without one.',
    )
    expect(rule({ channel: 'vrbo', photos: [photo({ description: 'Deck' })] }, 'captions')).toMatchObject({ status: 'pass', message: 'Every photo has a caption.' })
  })

  it('panoramas: the ones left out are named with a link; one chosen on purpose passes', () => {
    expect(rule({ channel: 'airbnb', photos: [photo()], panoramasLeftOut: ['pano-1', 'pano-2'] }, 'panoramas')).toEqual({
      id: 'panoramas',
      status: 'warn',
      message:
        '2 360° panoramas are left out: Airbnb shows a panorama as a distorted wide photo. To send them anyway, select them with the other photos and send only the selected.',
      mediaIds: ['pano-1', 'pano-2'],
    })
    expect(rule({ channel: 'vrbo', photos: [photo(), photo({ projection: 'equirectangular' })] }, 'panoramas')).toMatchObject({
      status: 'pass',
      message: '1 360° panorama goes to Vrbo, as you chose.',
    })
    expect(rule({ channel: 'booking', photos: [photo()] }, 'panoramas')).toMatchObject({ status: 'pass', message: 'No 360° panoramas in the set.' })
  })

  it('Airbnb photo tour: every photo in a room and every room with a photo', () => {
    const loose = photo({ room: ' ' })
    expect(rule({ channel: 'airbnb', photos: [loose, photo()] }, 'photos_in_rooms')).toMatchObject({
      status: 'fail',
      message: "1 photo is not in a room: Airbnb's photo tour needs every photo assigned to one.",
      mediaIds: [loose.id],
    })
    const rooms = [
      { name: 'Living room', mediaIds: ['a'] },
      { name: 'Upstairs bathroom', mediaIds: ['hidden-bath'] },
      { name: 'living ROOM', mediaIds: ['b'] },
    ]
    expect(rule({ channel: 'airbnb', photos: [photo()], rooms }, 'rooms_with_photos')).toEqual({
      id: 'rooms_with_photos',
      status: 'fail',
      message: 'The Upstairs bathroom has no photo.',
      mediaIds: ['hidden-bath'],
    })
    expect(rule({ channel: 'airbnb', photos: [photo(), photo({ room: 'upstairs Bathroom' })], rooms }, 'rooms_with_photos').status).toBe('pass')
  })

  it('Booking.com: 4 photos of each room type and one of the bathroom', () => {
    const set = [...many(4), photo({ roomType: 'kitchen' })]
    expect(rule({ channel: 'booking', photos: set }, 'photos_per_room_type')).toMatchObject({
      status: 'warn',
      message: 'Booking.com wants at least 4 photos of each room type: Kitchen has 1.',
    })
    expect(rule({ channel: 'booking', photos: set }, 'required_rooms').status).toBe('fail')
    const fixed = [...many(4), ...many(4, { roomType: 'full_bathroom' })]
    expect(rule({ channel: 'booking', photos: fixed }, 'photos_per_room_type').status).toBe('pass')
    expect(rule({ channel: 'booking', photos: fixed }, 'required_rooms').status).toBe('pass')
  })

  it('ready only when no rule fails', () => {
    const set = [...many(4), ...many(4, { roomType: 'full_bathroom' })]
    expect(checkReadiness({ channel: 'booking', photos: set, rooms: [], duplicateGroups: [] }).ready).toBe(true)
    expect(checkReadiness({ channel: 'booking', photos: set.slice(0, 4), rooms: [], duplicateGroups: [] }).ready).toBe(false)
  })
})

describe('captions, names and sizes of an export pack', () => {
  it('cuts a caption on a word boundary at the limit', () => {
    expect(cutCaption('Sunny living room with a view', 100)).toEqual({ caption: 'Sunny living room with a view', cut: false })
    expect(cutCaption('Sunny living room with a view', 17)).toEqual({ caption: 'Sunny living room', cut: true })
    expect(cutCaption('Sunny living room, with a view', 19)).toEqual({ caption: 'Sunny living room', cut: true })
    expect(cutCaption('Supercalifragilistic', 5)).toEqual({ caption: 'Super', cut: true })
    expect(cutCaption(null, 10)).toEqual({ caption: '', cut: false })
    expect(cutCaption('a  b', null)).toEqual({ caption: 'a b', cut: false })
  })

  it('names files by position and room', () => {
    expect(packFileName(1, 12, 'Living room')).toBe('01-living-room.jpg')
    expect(packFileName(7, 120, 'Chambre à coucher')).toBe('007-chambre-a-coucher.jpg')
    expect(packFileName(3, 9, '')).toBe('03-photo.jpg')
  })

  it('fits inside the recommended size and never upscales', () => {
    expect(exportSize(4000, 3000, { width: 2400, height: 1600 })).toEqual({ width: 2133, height: 1600 })
    expect(exportSize(3000, 4000, { width: 2400, height: 1600 })).toEqual({ width: 1600, height: 2133 })
    expect(exportSize(1200, 800, { width: 2400, height: 1600 })).toEqual({ width: 1200, height: 800 })
  })
})

describe('room types', () => {
  it('maps every analysis category', () => {
    expect(Object.keys(CATEGORY_ROOM_TYPES).sort()).toEqual([...CATEGORIES].sort())
  })

  it('reads the manager’s room names', () => {
    expect(roomTypeOfName('Master Bedroom')).toBe('bedroom')
    expect(roomTypeOfName('Upstairs half bath')).toBe('half_bathroom')
    expect(roomTypeOfName('Master Bathroom')).toBe('full_bathroom')
    expect(roomTypeOfName('En-suite')).toBe('full_bathroom')
    expect(roomTypeOfName('Great Room')).toBe('living_room')
    expect(roomTypeOfName('Hot tub')).toBe('pool')
    expect(roomTypeOfName('Roof terrace')).toBe('patio')
    expect(roomTypeOfName('Closet')).toBeNull()
    expect(roomTypeOf({ room: 'Closet', category: 'terrace/balcony' })).toBe('patio')
    expect(roomTypeOf({ room: 'Kitchen', category: 'bedroom' })).toBe('kitchen')
  })
})
