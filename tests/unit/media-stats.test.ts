// The stat cards' numbers (spec §2, §7 stats): Total Size is the bytes of the originals
// the gallery holds (DECISIONS.md "Total Size"), each file counted once, whatever renditions it has.
import { describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { statsOf } from '../../media-public/read-model'

const file = (fields: Partial<MediaFile>): MediaFile =>
  ({
    id: crypto.randomUUID(),
    fileType: 'image',
    isOptimized: 'true',
    compressionRatio: 0,
    fileSize: 0,
    optimizedFileSize: null,
    ...fields,
  }) as MediaFile

describe('statsOf', () => {
  it('Total Size adds each original once: a video that needed no rendition is not counted twice', () => {
    const stats = statsOf(
      [
        // A photo: its 1600-px rendition is 300 kB.
        file({ fileType: 'image', fileSize: 2_000_000, optimizedFileSize: 300_000, compressionRatio: 85 }),
        // An H.264 MP4 needs no rendition: its "optimized" size is its own.
        file({ fileType: 'video', fileSize: 5_000_000, optimizedFileSize: 5_000_000, compressionRatio: 0 }),
        // Still processing: no rendition yet.
        file({ fileType: 'image', fileSize: 1_000_000, isOptimized: 'false' }),
      ],
      1.25,
    )
    expect(stats).toEqual({
      totalFiles: 3,
      imageCount: 2,
      videoCount: 1,
      avgOptimization: 42.5,
      avgLoadTime: 1.25,
      totalSize: 8_000_000,
    })
  })

  it('is all zeros for an empty gallery', () => {
    expect(statsOf([], 0)).toEqual({
      totalFiles: 0,
      imageCount: 0,
      videoCount: 0,
      avgOptimization: 0,
      avgLoadTime: 0,
      totalSize: 0,
    })
  })
})
