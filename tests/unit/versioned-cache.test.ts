import { describe, expect, it } from 'vitest'
import { VersionedCache } from '../../src/server/cache/read-version'

describe('VersionedCache', () => {
  it('builds once per version and key, and drops older versions', async () => {
    const cache = new VersionedCache()
    let builds = 0
    const build = async () => ++builds
    expect(await Promise.all([cache.get('1', 'a', build), cache.get('1', 'a', build)])).toEqual([1, 1])
    expect(await cache.get('1', 'b', build)).toBe(2)
    expect(await cache.get('2', 'a', build)).toBe(3)
    expect(await cache.get('2', 'a', build)).toBe(3)
  })

  it('does not keep a failed build', async () => {
    const cache = new VersionedCache()
    await expect(cache.get('1', 'a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('1', 'a', async () => 'ok')).toBe('ok')
  })
})
