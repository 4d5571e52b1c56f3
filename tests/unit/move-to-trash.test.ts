// Moving objects to trash/ (src/server/storage/move-to-trash.ts) against a store that answers
// from a map: what moved, what was already gone and what the store refused are told apart,
// and only copied objects are deleted from their keys.
import { CopyObjectCommand, DeleteObjectsCommand, S3ServiceException } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import type { ObjectStore } from '../../src/server/storage/index'
import { moveToTrash } from '../../src/server/storage/move-to-trash'

const storeError = (name: string, status: number) =>
  new S3ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status } })

/** A bucket in a map; copies of `refused` keys fail with a 500, and `deleteFails` fails the delete. */
function fakeStore(objects: Map<string, string>, { refused = new Set<string>(), deleteFails = false } = {}) {
  let copying = 0
  const seen = { peakCopies: 0, deleted: [] as string[] }
  const send = async (command: unknown) => {
    if (command instanceof CopyObjectCommand) {
      copying++
      seen.peakCopies = Math.max(seen.peakCopies, copying)
      await new Promise((resolve) => setTimeout(resolve, 1))
      copying--
      const from = decodeURIComponent(command.input.CopySource!.split('/').slice(1).join('/'))
      if (refused.has(from)) throw storeError('InternalError', 500)
      if (!objects.has(from)) throw storeError('NoSuchKey', 404)
      objects.set(command.input.Key!, objects.get(from)!)
      return { CopyObjectResult: { ETag: '"e"' } }
    }
    if (command instanceof DeleteObjectsCommand) {
      if (deleteFails) throw storeError('ServiceUnavailable', 503)
      for (const { Key } of command.input.Delete!.Objects!) {
        objects.delete(Key!)
        seen.deleted.push(Key!)
      }
      return {}
    }
    throw new Error('unexpected command')
  }
  return { store: { client: { send }, bucket: 'gallery' } as unknown as ObjectStore, seen }
}

describe('moveToTrash', () => {
  it('moves what is there, reports what is gone or refused, and deletes only what was copied', async () => {
    const objects = new Map([
      ['originals/a/pool.jpg', 'a'],
      ['derived/a/400.webp', 'b'],
      ['posters/c.jpg', 'c'],
    ])
    const { store, seen } = fakeStore(objects, { refused: new Set(['posters/c.jpg']) })
    const result = await moveToTrash({
      store,
      keys: ['originals/a/pool.jpg', 'derived/a/400.webp', 'derived/a/400.webp', 'posters/c.jpg', 'originals/gone/x.jpg'],
    })
    expect(result.moved.sort()).toEqual(['derived/a/400.webp', 'originals/a/pool.jpg'])
    expect(result.gone).toEqual(['originals/gone/x.jpg'])
    expect(result.failed.map((failure) => failure.key)).toEqual(['posters/c.jpg'])
    expect(seen.deleted.sort()).toEqual(['derived/a/400.webp', 'originals/a/pool.jpg'])
    expect([...objects.keys()].sort()).toEqual(['posters/c.jpg', 'trash/derived/a/400.webp', 'trash/originals/a/pool.jpg'])
  })

  it('is idempotent: a second run finds the moved keys gone', async () => {
    const objects = new Map([['originals/a/pool.jpg', 'a']])
    const { store } = fakeStore(objects)
    await moveToTrash({ store, keys: ['originals/a/pool.jpg'] })
    expect(await moveToTrash({ store, keys: ['originals/a/pool.jpg'] })).toEqual({ moved: [], gone: ['originals/a/pool.jpg'], failed: [] })
    expect([...objects.keys()]).toEqual(['trash/originals/a/pool.jpg'])
  })

  it('reports copied keys as failed when their delete fails (they stay live, the trash copy is harmless)', async () => {
    const objects = new Map([['originals/a/pool.jpg', 'a']])
    const { store } = fakeStore(objects, { deleteFails: true })
    const result = await moveToTrash({ store, keys: ['originals/a/pool.jpg'] })
    expect(result.moved).toEqual([])
    expect(result.failed).toEqual([{ key: 'originals/a/pool.jpg', error: expect.objectContaining({ name: 'ServiceUnavailable' }) }])
    expect(objects.has('originals/a/pool.jpg')).toBe(true)
  })

  it('copies a bounded number at once', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `derived/m/${i}.webp`)
    const { store, seen } = fakeStore(new Map(keys.map((key) => [key, 'x'])))
    expect((await moveToTrash({ store, keys })).moved).toHaveLength(40)
    expect(seen.peakCopies).toBe(16)
  })
})
