import { describe, expect, it } from 'vitest'
import { renditionUrl } from '../../src/lib/media-urls'
import { mapMediaFile } from '../../src/server/media/map-media-file'

const record = {
  id: 'b4c9',
  filename: 'b4c9-Living Room.jpg',
  originalFilename: 'Living Room.jpg',
  fileType: 'image',
  mimeType: 'image/jpeg',
  filesize: 1_500_000,
  isHidden: false,
  isOptimized: true,
  isAnalyzed: false,
  section: { id: 'main_level' },
  tags: ['cozy'],
  notes: 'internal',
  derivatives: [
    { width: 400, key: 'derived/b4c9/400.webp' },
    { width: 800, key: 'derived/b4c9/800.webp' },
  ],
  posterKey: null,
  uploadedAt: new Date('2026-01-02T03:04:05Z'),
}

describe('mapMediaFile', () => {
  it("turns booleans into the spec's 'true'/'false' strings", () => {
    const file = mapMediaFile(record)
    expect(file.isHidden).toBe('false')
    expect(file.isOptimized).toBe('true')
    expect(file.isAnalyzed).toBe('false')
  })

  it('gives URLs our app serves, never storage keys', () => {
    const file = mapMediaFile(record)
    expect(file.objectPath).toBe('/public-objects/b4c9-Living%20Room.jpg')
    expect(file.variantWidths).toEqual([400, 800])
    expect(renditionUrl(file.objectPath, 400)).toBe('/public-objects/b4c9-Living%20Room.jpg/w400.webp')
    expect(JSON.stringify(file)).not.toContain('derived/')
  })

  it("names an edited photo's edit version in its paths, so caches fetch the new renditions", () => {
    const file = mapMediaFile({ ...record, renderedEditVersion: 3 })
    expect(file.objectPath).toBe('/public-objects/b4c9-Living%20Room.jpg/e3')
    expect(renditionUrl(file.objectPath, 400)).toBe('/public-objects/b4c9-Living%20Room.jpg/e3/w400.webp')
  })

  it('keeps internal notes and processing state for the admin only', () => {
    expect(mapMediaFile(record)).not.toHaveProperty('notes')
    expect(mapMediaFile(record, { forAdmin: true })).toMatchObject({ notes: 'internal', status: 'pending' })
  })

  it('flattens a populated section and fills defaults', () => {
    const file = mapMediaFile({ id: 7, filename: 'x.jpg', uploadedAt: '2026-01-01T00:00:00Z' })
    expect(file).toMatchObject({
      id: '7',
      section: null,
      tags: [],
      colors: [],
      objects: [],
      sortOrder: 0,
      compressionRatio: 0,
      thumbnailPath: null,
    })
    expect(mapMediaFile(record).section).toBe('main_level')
    expect(mapMediaFile(record).uploadedAt).toBe('2026-01-02T03:04:05.000Z')
  })

  it("answers the manager the suggested edits, with analysis's sideways among the codes; malformed ones are dropped", () => {
    const stored = {
      ...record,
      qualityIssues: ['tilted', 'dark'],
      suggestedEdits: [
        { issue: 'dark', operation: { op: 'exposure', value: 1.2 } },
        { issue: 'tilted', operation: { op: 'straighten', degrees: -3.5 } },
        { issue: 'sideways', operation: { op: 'rotate', degrees: 90 } },
        { issue: 'tilted', operation: { op: 'straighten', degrees: 40 } },
        { issue: 'grainy', operation: { op: 'exposure', value: 1 } },
        null,
      ],
    }
    const file = mapMediaFile(stored, { forAdmin: true })
    expect(file.suggestedEdits).toEqual([
      { issue: 'dark', operation: { op: 'exposure', value: 1.2 } },
      { issue: 'tilted', operation: { op: 'straighten', degrees: -3.5 } },
      { issue: 'sideways', operation: { op: 'rotate', degrees: 90 } },
    ])
    expect(file.qualityIssues).toEqual(['tilted', 'dark', 'sideways'])
    expect(mapMediaFile(stored)).not.toHaveProperty('suggestedEdits')
    expect(mapMediaFile({ ...record, suggestedEdits: null }, { forAdmin: true })).toMatchObject({ suggestedEdits: [], qualityIssues: [] })
  })
})
