import { describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { sortSectionMedia } from '../../src/lib/media-order'

const file = (id: string, sortOrder: number, uploadedAt: string) => ({ id, sortOrder, uploadedAt }) as MediaFile

describe('sortSectionMedia', () => {
  it('orders by manual order, then newest first, then id', () => {
    const sorted = sortSectionMedia([
      file('c', 2, '2026-01-01T00:00:00Z'),
      file('a', 0, '2026-01-01T00:00:00Z'),
      file('b', 0, '2026-03-01T00:00:00Z'),
      file('d', 0, '2026-01-01T00:00:00Z'),
    ])
    expect(sorted.map((f) => f.id)).toEqual(['b', 'a', 'd', 'c'])
  })
})
