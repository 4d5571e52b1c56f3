import { describe, expect, it } from 'vitest'
import { suggestionCounts, suggestionGroups } from '../../src/lib/suggestions'

const file = (id: string, section: string | null, suggestion: { section: string; room: string | null; confidence: number } | null, isHidden: 'true' | 'false' = 'false') => ({
  id,
  section,
  isHidden,
  suggestion,
})

const files = [
  file('a', null, { section: 'upstairs', room: 'Master Bedroom', confidence: 0.9 }),
  file('b', null, { section: 'upstairs', room: 'master bedroom', confidence: 0.75 }),
  file('c', null, { section: 'upstairs', room: null, confidence: 0.8 }),
  file('d', null, { section: 'upstairs', room: 'Bath', confidence: 0.4 }),
  file('e', 'upstairs', { section: 'backyard', room: null, confidence: 0.99 }), // placed already
  file('f', null, { section: 'backyard', room: null, confidence: 0.99 }, 'true'), // hidden
  file('g', null, { section: 'backyard', room: 'Pool', confidence: 0.7 }),
  file('h', null, null),
]

describe('accepting suggestions in bulk', () => {
  it('counts open suggestions per section at or above a confidence', () => {
    expect(Object.fromEntries(suggestionCounts(files, 0.7))).toEqual({ upstairs: 3, backyard: 1 })
    expect(Object.fromEntries(suggestionCounts(files, 0.9))).toEqual({ upstairs: 1 })
    expect(Object.fromEntries(suggestionCounts(files, 0))).toEqual({ upstairs: 4, backyard: 1 })
  })

  it('groups one section\'s photos by room (case-insensitively), leaving out placed, hidden and weak ones', () => {
    expect(suggestionGroups(files, 'upstairs', 0.7)).toEqual([
      { room: 'Master Bedroom', ids: ['a', 'b'] },
      { room: null, ids: ['c'] },
    ])
    expect(suggestionGroups(files, 'backyard', 0.7)).toEqual([{ room: 'Pool', ids: ['g'] }])
    expect(suggestionGroups(files, 'downstairs', 0)).toEqual([])
  })
})
