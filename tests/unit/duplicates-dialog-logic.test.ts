import { describe, expect, it } from 'vitest'
import type { DuplicateGroup, MediaFile } from '../../src/lib/api/types'
import { carrySummary, confidenceColour, plannedDeletions, reasonLabel } from '../../src/lib/duplicate-view'

const file = (id: string, data: Partial<MediaFile> = {}) =>
  ({
    id,
    originalFilename: `${id}.jpg`,
    section: null,
    isHidden: 'false',
    room: null,
    description: null,
    notes: null,
    sortOrder: 0,
    tags: [],
    ...data,
  }) as MediaFile

describe('Duplicate Detection dialog', () => {
  it('labels reasons as spec §9 says', () => {
    expect(reasonLabel('size_and_name')).toBe('Same size and similar name')
    expect(reasonLabel('visual_similarity')).toBe('Visually similar images')
    expect(reasonLabel('identical_hash')).toBe('Identical file content')
    expect(reasonLabel('something_else')).toBe('Potential duplicate')
  })

  it('colours confidence: 90+ red, 70+ orange, else yellow', () => {
    expect(confidenceColour(100)).toBe('red')
    expect(confidenceColour(90)).toBe('red')
    expect(confidenceColour(89)).toBe('orange')
    expect(confidenceColour(70)).toBe('orange')
    expect(confidenceColour(69)).toBe('yellow')
  })

  it('keeps the best file not picked, and says what moves to it before Delete', () => {
    const groups: DuplicateGroup[] = [
      {
        id: 'g1',
        confidence: 100,
        duplicateReason: 'identical_hash',
        files: [file('best'), file('copy', { section: 'upstairs', room: 'Loft', tags: ['lake'] }), file('other', { notes: 'dawn' })],
      },
      { id: 'g2', confidence: 80, duplicateReason: 'visual_similarity', files: [file('a'), file('b')] },
    ]
    const plan = plannedDeletions(groups, new Set(['copy', 'other', 'a', 'b']))
    expect(plan.map(({ file: f, kept }) => [f.id, kept?.id ?? null])).toEqual([
      ['copy', 'best'],
      ['other', 'best'],
      ['a', null],
      ['b', null],
    ])
    expect(carrySummary(plan).map(({ kept, fields }) => [kept.id, [...fields]])).toEqual([
      ['best', ['section', 'room', 'tags', 'notes']],
    ])
  })
})
