// Deleting from Media Gallery Pro: one DELETE /api/media-files/{id} per file, a few at a
// time, with every file accounted for as deleted or failed.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deleteMediaFiles } from '../../src/lib/api/delete-media'

afterEach(() => vi.unstubAllGlobals())

describe('deleteMediaFiles', () => {
  it('sends one DELETE per id with cookies, at most four at once, and reports failures by id', async () => {
    let inFlight = 0
    let peak = 0
    const calls: Array<{ url: string; method?: string; credentials?: string }> = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method, credentials: init.credentials })
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return url.endsWith('/c')
        ? new Response('{"message":"Media file c was not found."}', { status: 404 })
        : new Response('{"message":"Media file deleted"}', { status: 200 })
    })
    const result = await deleteMediaFiles(['a', 'b', 'c', 'd', 'e', 'f/g'])
    expect(result).toEqual({ deleted: ['a', 'b', 'd', 'e', 'f/g'], failed: ['c'] })
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/media-files/a',
      'DELETE /api/media-files/b',
      'DELETE /api/media-files/c',
      'DELETE /api/media-files/d',
      'DELETE /api/media-files/e',
      'DELETE /api/media-files/f%2Fg',
    ])
    expect(calls.every((call) => call.credentials === 'include')).toBe(true)
    expect(peak).toBe(4)
  })
})
