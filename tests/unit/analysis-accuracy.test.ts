import { describe, expect, it } from 'vitest'
import { scoreCategories, scoreObjects } from '../../bench/lib/analysis-accuracy'

describe('object scores on labelled photos', () => {
  it('counts each class once per photo: hits, false alarms and misses', () => {
    const scores = scoreObjects([
      { truth: ['bed', 'chair'], found: ['bed', 'tv'] },
      { truth: ['dog'], found: ['dog', 'dog'] },
      { truth: [], found: ['clock'] },
    ])
    expect(scores.perClass.bed).toEqual({ truePositives: 1, falsePositives: 0, missed: 0, precision: 1, recall: 1 })
    expect(scores.perClass.chair).toEqual({ truePositives: 0, falsePositives: 0, missed: 1, precision: null, recall: 0 })
    expect(scores.perClass.tv).toEqual({ truePositives: 0, falsePositives: 1, missed: 0, precision: 0, recall: null })
    expect(scores.perClass.dog.truePositives).toBe(1)
    // 2 hits (bed, dog), 2 false alarms (tv, clock), 1 miss (chair).
    expect(scores.precision).toBe(0.5)
    expect(scores.recall).toBe(0.67)
  })

  it('has no ratio without anything to divide', () => {
    expect(scoreObjects([{ truth: [], found: [] }])).toEqual({ perClass: {}, precision: null, recall: null })
  })
})

describe('category scores', () => {
  it('counts hits and confusion pairs, and lists outdoor photos called a room', () => {
    const scores = scoreCategories([
      { name: 'a', truth: 'garden', found: 'garden' },
      { name: 'b', truth: 'garden', found: 'other' },
      { name: 'c', truth: 'view', found: 'bedroom' },
      { name: 'd', truth: 'view', found: 'exterior' },
      { name: 'e', truth: 'kitchen', found: 'exterior' },
    ])
    expect(scores.correct).toBe(1)
    expect(scores.accuracy).toBe(0.2)
    expect(scores.confusions).toEqual({ 'garden → other': 1, 'view → bedroom': 1, 'view → exterior': 1, 'kitchen → exterior': 1 })
    expect(scores.outdoorCalledRoom).toEqual(['c'])
  })
})
