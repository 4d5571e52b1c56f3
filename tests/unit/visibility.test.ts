import { describe, expect, it } from 'vitest'
import { PUBLIC_MEDIA_SQL, PUBLIC_MEDIA_WHERE, visibleToVisitors } from '../../src/server/media/visibility'

describe('the visibility rule', () => {
  it('shows a visitor only ready, unhidden media', () => {
    expect(visibleToVisitors({ is_hidden: false, status: 'ready' })).toBe(true)
    expect(visibleToVisitors({ is_hidden: true, status: 'ready' })).toBe(false)
    expect(visibleToVisitors({ is_hidden: false, status: 'processing' })).toBe(false)
    expect(visibleToVisitors({ is_hidden: false, status: 'pending' })).toBe(false)
    expect(visibleToVisitors({ is_hidden: false, status: 'failed' })).toBe(false)
  })

  it('gives Payload and SQL the same rule', () => {
    expect(PUBLIC_MEDIA_WHERE).toEqual({ and: [{ isHidden: { equals: false } }, { status: { equals: 'ready' } }] })
    expect(PUBLIC_MEDIA_SQL).toBe(`m.is_hidden = false AND m.status = 'ready'`)
  })
})
