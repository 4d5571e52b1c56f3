import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, apiUrl, getBareJson, setApiBase } from '../../src/lib/api/client'
import { basePathFor, chooseProperty } from '../../src/lib/api/property-base'
import { lastBackupLabel } from '../../src/lib/format-backup-time'

const DEFAULT = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Property Gallery', slug: 'default' }
const SEASIDE = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Seaside Villa', slug: 'seaside' }
const ALPINE = { id: 'a0000000-0000-4000-8000-000000000003', name: 'Alpine Lodge', slug: 'alpine' }

afterEach(() => {
  setApiBase('')
  vi.unstubAllGlobals()
})

describe('the property Media Gallery Pro acts on', () => {
  it('is the selected property when the account may act on it', () => {
    expect(chooseProperty({ property: DEFAULT, properties: [ALPINE, DEFAULT, SEASIDE] }, SEASIDE.id)).toEqual(SEASIDE)
  })

  it("falls back to the bare paths' property without a selection or with one the account may not act on", () => {
    const user = { property: DEFAULT, properties: [DEFAULT, SEASIDE] }
    expect(chooseProperty(user, undefined)).toEqual(DEFAULT)
    expect(chooseProperty(user, ALPINE.id)).toEqual(DEFAULT)
  })

  it("takes the account's first property when it may not act on the bare paths' one", () => {
    expect(chooseProperty({ property: DEFAULT, properties: [ALPINE, SEASIDE] }, undefined)).toEqual(ALPINE)
  })

  it("stays on the bare paths' property when the account has none", () => {
    expect(chooseProperty({ property: DEFAULT, properties: [] }, SEASIDE.id)).toEqual(DEFAULT)
  })

  it("is addressed by bare paths when it is the bare paths' property, by /p/{slug} otherwise", () => {
    expect(basePathFor(DEFAULT, DEFAULT)).toBe('')
    expect(basePathFor(SEASIDE, DEFAULT)).toBe('/p/seaside')
  })
})

describe('the API client under a base', () => {
  it('sends every call under the base it was given, and bare reads at the bare path', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    await apiRequest('GET', '/api/sections')
    setApiBase('/p/seaside')
    await apiRequest('POST', '/api/media-files/analyze-all')
    await getBareJson('/api/user')
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      '/api/sections',
      '/p/seaside/api/media-files/analyze-all',
      '/api/user',
    ])
    expect(apiUrl('/api/backups/b1/download')).toBe('/p/seaside/api/backups/b1/download')
  })
})

describe('last backup label of the Properties overview', () => {
  it("shows the time in the property's time zone, named", () => {
    expect(lastBackupLabel(new Date('2026-11-26T14:30:00Z'), 'Europe/Lisbon')).toBe('26 Nov 2026, 14:30 Europe/Lisbon')
    expect(lastBackupLabel('2026-11-26T14:30:00.000Z', 'America/New_York')).toBe('26 Nov 2026, 09:30 America/New_York')
  })

  it('says so when there is no backup, and uses UTC for an unknown zone', () => {
    expect(lastBackupLabel(null, 'UTC')).toBe('No backup yet')
    expect(lastBackupLabel(new Date('2026-11-26T23:05:00Z'), 'Mars/Olympus')).toBe('26 Nov 2026, 23:05 UTC')
  })
})
