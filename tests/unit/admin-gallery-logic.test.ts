// The admin gallery's client-side rules: search and filters (spec §4, §5), sorting, section
// filter, selection ranges (§4 Gallery modes), tag rules and suggestions (§5), request bodies.
import { describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { formatDuration, formatMegabytes } from '../../src/lib/format'
import {
  categoriesOf,
  filterBySection,
  filterMedia,
  hasActiveFilters,
  NO_FILTERS,
  sortMedia,
  tagsOf,
  typeCounts,
} from '../../src/lib/media-filters'
import { selectRange, toggleSelection } from '../../src/lib/media-selection'
import {
  assignSectionSchema,
  bulkAssignSchema,
  metadataSchema,
  reorderSchema,
} from '../../src/lib/schemas/placement'
import { badgeStyle } from '../../src/lib/section-colours'
import { SEEDED_SECTIONS } from '../../src/lib/constants'
import { addTag, normaliseTags, suggestedTags } from '../../src/lib/tags'

const media = (id: string, data: Partial<MediaFile> = {}) =>
  ({
    id,
    filename: `${id}.jpg`,
    originalFilename: `${id}.jpg`,
    fileType: 'image',
    fileSize: 100,
    uploadedAt: '2026-01-01T00:00:00.000Z',
    description: null,
    tags: [],
    objects: [],
    category: null,
    section: null,
    isHidden: 'false',
    ...data,
  }) as MediaFile

const list = [
  media('kitchen-1', {
    description: 'Bright Kitchen with island',
    tags: ['kitchen', 'bright'],
    category: 'interior',
    section: 'main_level',
  }),
  media('pool-2', { objects: ['Sun lounger'], tags: ['pool'], category: 'exterior', section: 'outdoors', fileSize: 900 }),
  media('IMG_0042', { originalFilename: 'Sunset Terrace.JPG', category: 'exterior', isHidden: 'true' }),
  media('clip', { fileType: 'video', tags: ['tour'], uploadedAt: '2026-05-01T00:00:00.000Z' }),
]
const ids = (files: MediaFile[]) => files.map((file) => file.id)

describe('filterMedia (spec §5)', () => {
  it('matches search text case-insensitively in description, filename, tags and detected objects', () => {
    expect(ids(filterMedia(list, { ...NO_FILTERS, search: 'KITCHEN WITH' }))).toEqual(['kitchen-1'])
    expect(ids(filterMedia(list, { ...NO_FILTERS, search: 'sunset terrace' }))).toEqual(['IMG_0042'])
    expect(ids(filterMedia(list, { ...NO_FILTERS, search: 'lounger' }))).toEqual(['pool-2'])
    expect(ids(filterMedia(list, { ...NO_FILTERS, search: 'tour' }))).toEqual(['clip'])
    expect(ids(filterMedia(list, { ...NO_FILTERS, search: '  ' }))).toEqual(ids(list))
  })

  it('matches the category exactly and keeps items having any chosen tag', () => {
    expect(ids(filterMedia(list, { ...NO_FILTERS, category: 'exterior' }))).toEqual(['pool-2', 'IMG_0042'])
    expect(ids(filterMedia(list, { ...NO_FILTERS, category: 'exter' }))).toEqual([])
    expect(ids(filterMedia(list, { ...NO_FILTERS, tags: ['pool', 'bright'] }))).toEqual(['kitchen-1', 'pool-2'])
    expect(ids(filterMedia(list, { search: 'sun', category: 'exterior', tags: ['pool'] }))).toEqual(['pool-2'])
  })

  it('Needs attention keeps the photos with a quality problem', () => {
    const checked = [media('blurry', { qualityIssues: ['blurry'] }), media('fine', { qualityIssues: [] }), media('unmeasured')]
    expect(ids(filterMedia(checked, { ...NO_FILTERS, needsAttention: true }))).toEqual(['blurry'])
    expect(hasActiveFilters({ ...NO_FILTERS, needsAttention: true })).toBe(true)
  })

  it('knows when a filter is active, and lists categories and tags', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'a' })).toBe(true)
    expect(hasActiveFilters({ ...NO_FILTERS, category: 'interior' })).toBe(true)
    expect(hasActiveFilters({ ...NO_FILTERS, tags: ['pool'] })).toBe(true)
    expect(categoriesOf(list)).toEqual([
      { category: 'exterior', sources: ['manager'] },
      { category: 'interior', sources: ['manager'] },
    ])
    expect(tagsOf(list)).toEqual(['bright', 'kitchen', 'pool', 'tour'])
  })

  // Timings belong in benchmarks, not in tests that a busy machine can fail: this checks the result at scale.
  it('finds the one match among 5,000 media by search text, and every match of a shared word', () => {
    const many = Array.from({ length: 5000 }, (_, index) =>
      media(`m${index}`, { description: `Room ${index} with a view`, tags: [`tag${index % 40}`] }),
    )
    expect(ids(filterMedia(many, { ...NO_FILTERS, search: 'room 4999' }))).toEqual(['m4999'])
    expect(filterMedia(many, { ...NO_FILTERS, search: 'view' })).toHaveLength(5000)
    expect(filterMedia(many, { ...NO_FILTERS, search: 'warm' })).toHaveLength(0)
  })
})

describe('filterBySection, sortMedia, typeCounts', () => {
  it("keeps everything for 'all', hidden media for 'hidden', and a section's media otherwise", () => {
    expect(filterBySection(list, 'all')).toHaveLength(4)
    expect(ids(filterBySection(list, 'hidden'))).toEqual(['IMG_0042'])
    expect(ids(filterBySection(list, 'outdoors'))).toEqual(['pool-2'])
  })

  it("keeps the media in no section and not hidden for 'unassigned' (the bar's Unassigned filter)", () => {
    expect(ids(filterBySection(list, 'unassigned'))).toEqual(['clip'])
  })

  it('sorts by upload date (newest first), file size (largest first) or name', () => {
    expect(ids(sortMedia(list, 'uploadedAt'))[0]).toBe('clip')
    expect(ids(sortMedia(list, 'fileSize'))[0]).toBe('pool-2')
    expect(ids(sortMedia(list, 'name'))).toEqual(['clip', 'kitchen-1', 'pool-2', 'IMG_0042'])
  })

  it('counts all, images and videos', () => {
    expect(typeCounts(list)).toEqual({ all: 4, image: 3, video: 1 })
  })
})

describe('selection (spec §4 Gallery modes)', () => {
  const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }))

  it('toggles one item', () => {
    expect([...toggleSelection(new Set(), 'b')]).toEqual(['b'])
    expect([...toggleSelection(new Set(['b']), 'b')]).toEqual([])
  })

  it('shift-click selects the range from the first selected item of the list to the clicked one, either way', () => {
    expect([...selectRange(items, new Set(['b']), 'd')].sort()).toEqual(['b', 'c', 'd'])
    expect([...selectRange(items, new Set(['d']), 'a')].sort()).toEqual(['a', 'b', 'c', 'd'])
    expect([...selectRange(items, new Set(['e', 'b']), 'c')].sort()).toEqual(['b', 'c', 'e'])
  })

  it('toggles when nothing in the list is selected yet', () => {
    expect([...selectRange(items, new Set(['z']), 'c')].sort()).toEqual(['c', 'z'])
  })

  it('selects a range of 1,000 in a list of 5,000: exactly the items from the first selected to the clicked one', () => {
    const big = Array.from({ length: 5000 }, (_, index) => ({ id: `m${index}` }))
    const selected = selectRange(big, new Set(['m10']), 'm1009')
    expect(selected.size).toBe(1000)
    expect(selected.has('m10') && selected.has('m1009')).toBe(true)
    expect(selected.has('m9') || selected.has('m1010')).toBe(false)
  })
})

describe('tags (spec §5)', () => {
  it('trims, lower-cases, drops empties and duplicates', () => {
    expect(normaliseTags([' Pool ', 'POOL', '', '  ', 'Sea View'])).toEqual(['pool', 'sea view'])
    expect(addTag(['pool'], '  Garden ')).toEqual(['pool', 'garden'])
    expect(addTag(['pool'], ' POOL ')).toEqual(['pool'])
    expect(addTag(['pool'], '   ')).toEqual(['pool'])
  })

  it('suggests the first 12 tags of the list that are not chosen yet', () => {
    expect(suggestedTags([])).toEqual([
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
    ])
    const next = suggestedTags(['kitchen', 'pool'])
    expect(next).toHaveLength(12)
    expect(next).not.toContain('kitchen')
    expect(next.slice(-2)).toEqual(['modern', 'classic'])
  })
})

describe('request bodies (spec §7)', () => {
  const id = '2f1c7d8e-1b2a-4c3d-8e9f-0a1b2c3d4e5f'

  it('trims the room and sends an empty room as null', () => {
    expect(bulkAssignSchema.parse({ mediaIds: [id], room: '  Kitchen ' }).room).toBe('Kitchen')
    expect(bulkAssignSchema.parse({ mediaIds: [id], room: '   ' }).room).toBeNull()
    expect(bulkAssignSchema.parse({ mediaIds: [id] }).room).toBeNull()
    expect(bulkAssignSchema.safeParse({ mediaIds: [] }).success).toBe(false)
  })

  it('refuses duplicate ids in a new order and malformed section choices', () => {
    expect(reorderSchema.safeParse({ mediaIds: [id, id] }).success).toBe(false)
    expect(assignSectionSchema.safeParse({ section: 'Main Level' }).success).toBe(false)
    expect(assignSectionSchema.parse({ section: null, isHidden: 'true' })).toEqual({ section: null, isHidden: 'true' })
  })

  it('normalises tags and trims description and notes', () => {
    expect(metadataSchema.parse({ tags: [' A ', 'a', ''], description: ' x ', notes: '  ' })).toEqual({
      tags: ['a'],
      description: 'x',
      notes: null,
    })
    expect(metadataSchema.safeParse({}).success).toBe(false)
  })
})

describe('display', () => {
  it('shows sizes in MB with one decimal, durations as m:ss, and the spec colours', () => {
    expect(formatMegabytes(1_572_864)).toBe('1.5 MB')
    expect(formatDuration(75.4)).toBe('1:15')
    expect(Object.fromEntries(SEEDED_SECTIONS.map((section) => [section.key, section.colour]))).toEqual({
      outdoors: 'green',
      main_level: 'blue',
      upstairs: 'purple',
      downstairs: 'orange',
      backyard: 'emerald',
    })
    // Badges follow the section's colour (edited in Payload), grey when there is none.
    expect(badgeStyle('red')).toEqual({ background: '#fee2e2', color: '#991b1b' })
    expect(badgeStyle('green')).toEqual({ background: '#dcfce7', color: '#166534' })
    expect(badgeStyle(undefined)).toEqual({ background: '#f3f4f6', color: '#374151' })
    expect(badgeStyle('not-a-colour')).toEqual({ background: '#f3f4f6', color: '#374151' })
  })
})
