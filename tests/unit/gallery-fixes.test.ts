// Rules behind issue 18's fixes: sizes under 0.1 MB in KB, counts that tell photos from
// videos, a section's own order as its default sort, polling only while something is being
// processed, and the thumbnail Payload's editor shows.
import { describe, expect, it } from 'vitest'
import { mediaAdminThumbnail } from '../../collections/media/admin-thumbnail'
import { isProcessing } from '../../src/lib/api/admin-reads'
import type { MediaFile } from '../../src/lib/api/types'
import { readableTitle } from '../../src/lib/filenames'
import { formatFileSize, mediaCountLabel } from '../../src/lib/format'
import { defaultSort, sortMedia } from '../../src/lib/media-filters'
import { captionOf, groupByRoom, roomAnchor, tourPosition } from '../../src/lib/rooms'

const media = (id: string, data: Partial<MediaFile> = {}) =>
  ({
    id,
    filename: `${id}.jpg`,
    originalFilename: `${id}.jpg`,
    fileType: 'image',
    fileSize: 100,
    uploadedAt: '2026-01-01T00:00:00.000Z',
    sortOrder: 0,
    section: 'upstairs',
    isHidden: 'false',
    status: 'ready',
    ...data,
  }) as MediaFile

describe('formatFileSize', () => {
  it('shows KB below 0.1 MB and MB with one decimal from there', () => {
    expect(formatFileSize(0)).toBe('0 KB')
    expect(formatFileSize(300)).toBe('1 KB')
    expect(formatFileSize(38_400)).toBe('38 KB')
    expect(formatFileSize(104_000)).toBe('102 KB')
    expect(formatFileSize(104_858)).toBe('0.1 MB')
    expect(formatFileSize(2_621_440)).toBe('2.5 MB')
  })
})

describe('mediaCountLabel', () => {
  it('names photos and videos apart', () => {
    expect(mediaCountLabel(20, 1)).toBe('20 photos · 1 video')
    expect(mediaCountLabel(1, 2)).toBe('1 photo · 2 videos')
    expect(mediaCountLabel(3, 0)).toBe('3 photos')
    expect(mediaCountLabel(0, 1)).toBe('1 video')
    expect(mediaCountLabel(0, 0)).toBe('0 photos')
  })
})

describe('section order as a sort', () => {
  it('is the default inside a real section only', () => {
    expect(defaultSort(true)).toBe('sectionOrder')
    expect(defaultSort(false)).toBe('uploadedAt')
  })

  it('orders by sortOrder, newest first among equals, unlike the upload-date sort', () => {
    const files = [
      media('a', { sortOrder: 2, uploadedAt: '2026-03-01T00:00:00.000Z' }),
      media('b', { sortOrder: 0, uploadedAt: '2026-01-01T00:00:00.000Z' }),
      media('c', { sortOrder: 1, uploadedAt: '2026-02-01T00:00:00.000Z' }),
      media('d', { sortOrder: 1, uploadedAt: '2026-04-01T00:00:00.000Z' }),
    ]
    expect(sortMedia(files, 'sectionOrder').map((file) => file.id)).toEqual(['b', 'd', 'c', 'a'])
    expect(sortMedia(files, 'uploadedAt').map((file) => file.id)).toEqual(['d', 'a', 'c', 'b'])
  })
})

describe('isProcessing', () => {
  it('is true while a file is pending or processing, false once all are ready or failed', () => {
    expect(isProcessing(undefined)).toBe(false)
    expect(isProcessing([])).toBe(false)
    expect(isProcessing([media('a'), media('b', { status: 'pending' })])).toBe(true)
    expect(isProcessing([media('a', { status: 'processing' })])).toBe(true)
    expect(isProcessing([media('a'), media('b', { status: 'failed' })])).toBe(false)
  })
})

describe('the editor thumbnail', () => {
  const doc = (data: Record<string, unknown>) => mediaAdminThumbnail({ doc: { filename: 'abc_room.jpg', ...data } })

  it('is the smallest rendition of a ready image, served by the app', () => {
    expect(doc({ status: 'ready', fileType: 'image', derivatives: [{ width: 1600 }, { width: 400 }, { width: 800 }] })).toBe(
      '/public-objects/abc_room.jpg/w400.webp',
    )
  })

  it("is a video's poster, and nothing before processing has finished", () => {
    expect(doc({ status: 'ready', fileType: 'video', posterKey: 'posters/x.jpg' })).toBe(
      '/public-objects/abc_room.jpg/poster.jpg',
    )
    expect(doc({ status: 'pending', fileType: 'image', derivatives: [{ width: 400 }] })).toBeNull()
    expect(doc({ status: 'ready', fileType: 'image', derivatives: [] })).toBeNull()
  })
})

describe('rooms on a section page', () => {
  const files = [
    media('a', { room: 'Master Bedroom' }),
    media('b', { room: null }),
    media('c', { room: 'Bathroom' }),
    media('d', { room: ' master bedroom ' }),
    media('e', { room: '' }),
  ]

  it('groups by room in the order of each room’s first photo, rooms without a name last', () => {
    expect(groupByRoom(files).map((group) => [group.room, group.files.map((file) => file.id)])).toEqual([
      ['Master Bedroom', ['a', 'd']],
      ['Bathroom', ['c']],
      [null, ['b', 'e']],
    ])
  })

  it('is one unnamed group when no photo has a room', () => {
    expect(groupByRoom([media('a'), media('b')]).map((group) => group.room)).toEqual([null])
  })

  it('gives each room a heading anchor', () => {
    expect(roomAnchor('Master Bedroom')).toBe('room-master-bedroom')
    expect(roomAnchor('Salle de bain (étage)')).toBe('room-salle-de-bain-etage')
    expect(roomAnchor(null)).toBe('room-more')
  })

  it('captions a photo with its place, room and description', () => {
    const described = media('x', { room: 'Master Bedroom', description: 'King bed with garden view' })
    expect(captionOf(described, 'Upstairs')).toBe('Upstairs · Master Bedroom — King bed with garden view')
    expect(captionOf(media('y', { room: 'Master Bedroom' }), 'Upstairs')).toBe('Upstairs · Master Bedroom')
    expect(captionOf(media('z', { description: 'Deck' }), 'Backyard')).toBe('Backyard — Deck')
    expect(captionOf(media('w', { description: 'Deck' }), null)).toBe('Deck')
  })

  it('tells where a tour stands within its section', () => {
    const tour = [media('1', { section: 'main_level' }), media('2', { section: 'upstairs' }), media('3', { section: 'upstairs' })]
    expect(tourPosition(tour, 0, 'Main Level')).toBe('Main Level · 1 of 1')
    expect(tourPosition(tour, 2, 'Upstairs')).toBe('Upstairs · 2 of 2')
  })
})

describe('readableTitle', () => {
  it('turns a filename into a title', () => {
    expect(readableTitle('walkthrough.mp4')).toBe('Walkthrough')
    expect(readableTitle('back_yard-walk.through.MOV')).toBe('Back yard walk through')
    expect(readableTitle('___.jpg')).toBe('___.jpg')
  })
})
