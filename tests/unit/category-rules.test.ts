// Which room a photo is filed under and who filed it (src/lib/category-rules.ts), and how the
// admin's Category filter lists them (src/lib/media-filters.ts).
import { describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { categoryOfRoom, filedCategory, impliedCategory } from '../../src/lib/category-rules'
import { categoriesOf } from '../../src/lib/media-filters'
import { categoryOptionLabel } from '../../src/admin/gallery/filter-bar'

describe('the room an object implies', () => {
  it('names one room with the reason, for each rule', () => {
    expect(impliedCategory(['bed'])).toEqual({ category: 'bedroom', reason: 'a bed', objects: ['bed'] })
    expect(impliedCategory(['toilet', 'sink'])).toMatchObject({ category: 'bathroom', reason: 'a toilet' })
    expect(impliedCategory(['refrigerator', 'oven'])).toEqual({ category: 'kitchen', reason: 'an oven', objects: ['oven', 'refrigerator'] })
    expect(impliedCategory(['microwave'])).toMatchObject({ category: 'kitchen', reason: 'a microwave' })
    expect(impliedCategory(['chair', 'dining table'])).toMatchObject({ category: 'dining room', reason: 'a dining table with chairs' })
    expect(impliedCategory(['tv', 'couch'])).toMatchObject({ category: 'living room', reason: 'a couch and a TV' })
  })

  it('implies nothing from too little, from two rooms, or beside a class seen only outdoors', () => {
    expect(impliedCategory([])).toBeNull()
    expect(impliedCategory(['couch'])).toBeNull()
    expect(impliedCategory(['dining table'])).toBeNull()
    expect(impliedCategory(['chair', 'potted plant'])).toBeNull()
    expect(impliedCategory(['bed', 'toilet'])).toBeNull()
    expect(impliedCategory(['bed', 'couch', 'tv'])).toBeNull()
    expect(impliedCategory(['dining table', 'chair', 'car'])).toBeNull()
    expect(impliedCategory(['bed', 'boat'])).toBeNull()
  })

  it("reads a manager's room name", () => {
    expect(categoryOfRoom('Master Bedroom')).toBe('bedroom')
    expect(categoryOfRoom('Upstairs half bath')).toBe('bathroom')
    expect(categoryOfRoom('Attic')).toBeNull()
  })
})

describe('who filed a photo under its category', () => {
  const none = { category: null, analysisCategory: null, room: null, objects: [] as string[] }

  it("puts the manager's words first: a category chosen, then the room's name", () => {
    expect(filedCategory({ ...none, category: 'office', analysisCategory: 'bedroom', room: 'Master Bedroom', objects: ['bed'] })).toEqual({
      category: 'office',
      source: 'manager',
      reason: 'chosen by you',
    })
    expect(filedCategory({ ...none, category: 'kitchen', analysisCategory: 'kitchen', room: ' Master Bedroom ' })).toEqual({
      category: 'bedroom',
      source: 'manager',
      reason: 'the room you named, “Master Bedroom”',
    })
    expect(filedCategory({ ...none, room: 'Guest bath' })).toMatchObject({ category: 'bathroom', source: 'manager' })
  })

  it("says analysis filed it, with the object when one implies the room; nothing when nobody did", () => {
    expect(filedCategory({ ...none, category: 'bedroom', analysisCategory: 'bedroom', objects: ['bed', 'tv'] })).toEqual({
      category: 'bedroom',
      source: 'analysis',
      reason: 'analysis saw a bed',
    })
    expect(filedCategory({ ...none, category: 'view', analysisCategory: 'view', room: 'Attic' })).toEqual({
      category: 'view',
      source: 'analysis',
      reason: 'analysis, from the scene and the photos placed like it',
    })
    expect(filedCategory(none)).toEqual({ category: null, source: null, reason: null })
    expect(filedCategory({ ...none, category: '  ' })).toEqual({ category: null, source: null, reason: null })
  })
})

describe("the Category filter's options", () => {
  const file = (category: string | null, categorySource: MediaFile['categorySource']) => ({ category, categorySource }) as MediaFile

  it('lists each category once, sorted, with who filed photos there', () => {
    const options = categoriesOf([file('kitchen', 'analysis'), file('bedroom', 'manager'), file(null, null), file('bedroom', 'analysis'), file('bedroom', 'manager')])
    expect(options).toEqual([
      { category: 'bedroom', sources: ['manager', 'analysis'] },
      { category: 'kitchen', sources: ['analysis'] },
    ])
    expect(options.map(categoryOptionLabel)).toEqual(['Bedroom (by you and analysis)', 'Kitchen (by analysis)'])
  })
})
