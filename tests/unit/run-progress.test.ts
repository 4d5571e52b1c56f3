import { describe, expect, it } from 'vitest'
import { runPercent } from '../../src/lib/run-progress'

describe('runPercent', () => {
  it('is the share of work done, never 100 before the run is done, and 0 before the total is known', () => {
    expect(runPercent({ status: 'running', done: 0, total: 0 })).toBe(0)
    expect(runPercent({ status: 'running', done: 1, total: 3 })).toBe(33)
    expect(runPercent({ status: 'running', done: 40, total: 40 })).toBe(99)
    expect(runPercent({ status: 'done', done: 0, total: 0 })).toBe(100)
    expect(runPercent({ status: 'failed', done: 5, total: 10 })).toBe(50)
  })
})
