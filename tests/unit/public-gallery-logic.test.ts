import { describe, expect, it } from 'vitest'
import type { MediaFile } from '../../src/lib/api/types'
import { deviceClass, deviceClassFromUserAgent, gridColumns, screenSize } from '../../src/lib/device'
import { countLabel, formatDuration, formatMegabytes } from '../../src/lib/format'
import { neighbourSections, orderSectionsForNavigation } from '../../src/lib/section-order'
import { selectTour } from '../../src/lib/tour'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36'

describe('device classification (spec §2)', () => {
  it('is mobile below 768 px or with a mobile user agent', () => {
    expect(deviceClass({ width: 767, userAgent: DESKTOP })).toBe('mobile')
    expect(deviceClass({ width: 1024, userAgent: IPHONE })).toBe('mobile')
    expect(deviceClass({ width: 768, userAgent: DESKTOP })).toBe('desktop')
  })
  it('is a tablet with a tablet user agent or a narrow touch screen', () => {
    expect(deviceClass({ width: 810, userAgent: IPAD })).toBe('tablet')
    expect(deviceClass({ width: 1280, userAgent: ANDROID_TABLET })).toBe('tablet')
    expect(deviceClass({ width: 900, userAgent: DESKTOP, touch: true })).toBe('tablet')
    expect(deviceClass({ width: 1100, userAgent: DESKTOP, touch: true })).toBe('desktop')
  })
  it('guesses from the user agent alone', () => {
    expect(deviceClassFromUserAgent(IPHONE)).toBe('mobile')
    expect(deviceClassFromUserAgent(IPAD)).toBe('tablet')
    expect(deviceClassFromUserAgent(DESKTOP)).toBe('desktop')
    expect(deviceClassFromUserAgent(undefined)).toBe('desktop')
  })
  it('has screen sizes sm < 640, md < 768, lg < 1024, xl from 1024', () => {
    expect([639, 640, 767, 768, 1023, 1024].map(screenSize)).toEqual(['sm', 'md', 'md', 'lg', 'lg', 'xl'])
  })
})

describe('grid columns (spec §9)', () => {
  it('mobile: 2 below 400 px, else 3', () => {
    expect(gridColumns('mobile', 320)).toBe(2)
    expect(gridColumns('mobile', 399)).toBe(2)
    expect(gridColumns('mobile', 400)).toBe(3)
  })
  it('tablet: 4 from 768 px, else 3', () => {
    expect(gridColumns('tablet', 767)).toBe(3)
    expect(gridColumns('tablet', 768)).toBe(4)
  })
  it('desktop: 5 from 1280, 4 from 1024, else 3', () => {
    expect(gridColumns('desktop', 1023)).toBe(3)
    expect(gridColumns('desktop', 1024)).toBe(4)
    expect(gridColumns('desktop', 1279)).toBe(4)
    expect(gridColumns('desktop', 1280)).toBe(5)
    expect(gridColumns('desktop', 2560)).toBe(5)
  })
})

describe('formatting (spec §2, §9)', () => {
  it('shows sizes as bytes / 1048576 with one decimal', () => {
    expect(formatMegabytes(0)).toBe('0.0 MB')
    expect(formatMegabytes(1_048_576)).toBe('1.0 MB')
    expect(formatMegabytes(2_621_440)).toBe('2.5 MB')
    expect(formatMegabytes(123_456)).toBe('0.1 MB')
  })
  it('shows durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(5.9)).toBe('0:05')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3600)).toBe('60:00')
    expect(formatDuration(null)).toBe('0:00')
  })
  it('counts in singular and plural', () => {
    expect(countLabel(1, 'photo')).toBe('1 photo')
    expect(countLabel(0, 'photo')).toBe('0 photos')
  })
})

describe('section navigation order (spec §2)', () => {
  const sections = [{ id: 'outdoors' }, { id: 'main_level' }, { id: 'hidden' }, { id: 'upstairs' }, { id: 'backyard' }]
  it('keeps the given order, puts outdoors last and never shows hidden', () => {
    expect(orderSectionsForNavigation(sections).map((s) => s.id)).toEqual(['main_level', 'upstairs', 'backyard', 'outdoors'])
  })
  it('finds previous and next sections, wrapping at the ends', () => {
    const ordered = orderSectionsForNavigation(sections)
    expect(neighbourSections(ordered, 'main_level')).toEqual({ previous: { id: 'outdoors' }, next: { id: 'upstairs' } })
    expect(neighbourSections(ordered, 'upstairs')).toEqual({ previous: { id: 'main_level' }, next: { id: 'backyard' } })
    expect(neighbourSections(ordered, 'nowhere')).toEqual({ previous: null, next: null })
  })
})

describe('Start Tour selection (spec §2)', () => {
  let n = 0
  const media = (over: Partial<MediaFile>): MediaFile =>
    ({
      id: `m${++n}`,
      fileType: 'image',
      isHidden: 'false',
      section: 'main_level',
      description: null,
      compressionRatio: 80,
      fileSize: 1000,
      sortOrder: 0,
      ...over,
    }) as MediaFile

  it('takes up to 3 images per section in the order main_level, upstairs, downstairs, backyard, outdoors', () => {
    const files = [
      media({ id: 'out', section: 'outdoors' }),
      ...[1, 2, 3, 4].map((i) => media({ id: `up${i}`, section: 'upstairs', sortOrder: i })),
      media({ id: 'main', section: 'main_level' }),
      media({ id: 'back', section: 'backyard' }),
      media({ id: 'down', section: 'downstairs' }),
      media({ id: 'none', section: null }),
    ]
    expect(selectTour(files).map((f) => f.id)).toEqual(['main', 'up1', 'up2', 'up3', 'down', 'back', 'out'])
  })

  it('leaves out videos and hidden media', () => {
    const files = [media({ id: 'video', fileType: 'video' }), media({ id: 'hidden', isHidden: 'true' }), media({ id: 'ok' })]
    expect(selectTour(files).map((f) => f.id)).toEqual(['ok'])
  })

  it('orders by sortOrder (missing last), then description first, then compression ratio, then size', () => {
    const files = [
      media({ id: 'missing', sortOrder: undefined as unknown as number }),
      media({ id: 'big', sortOrder: 1, fileSize: 5000 }),
      media({ id: 'compressed', sortOrder: 1, compressionRatio: 95 }),
      media({ id: 'described', sortOrder: 1, description: 'The kitchen' }),
      media({ id: 'first', sortOrder: 0 }),
    ]
    const sectionFiles = files.map((file) => ({ ...file }))
    expect(selectTour(sectionFiles).map((f) => f.id)).toEqual(['first', 'described', 'compressed'])
    expect(selectTour(sectionFiles.filter((f) => f.id !== 'first' && f.id !== 'described')).map((f) => f.id)).toEqual([
      'compressed',
      'big',
      'missing',
    ])
  })

  it('is empty when there is nothing to show', () => {
    expect(selectTour([])).toEqual([])
  })
})
