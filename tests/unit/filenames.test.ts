import { describe, expect, it } from 'vitest'
import { extensionOf, middleEllipsisParts, sanitizeFilename } from '../../src/lib/filenames'
import { isOriginalKey, originalKey } from '../../src/server/storage/keys'

describe('sanitizeFilename (spec §5)', () => {
  it('replaces every character other than letters, digits, dot and hyphen with an underscore', () => {
    expect(sanitizeFilename('Living Room (2).JPG')).toBe('Living_Room__2_.JPG')
    expect(sanitizeFilename('façade.jpg')).toBe('fa_ade.jpg')
    expect(sanitizeFilename('pool\u0000.jpg')).toBe('pool_.jpg')
    expect(sanitizeFilename('sunset🌅.png')).toBe('sunset_.png')
  })

  it('never yields a path: slashes and leading dots become underscores', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('___.._etc_passwd')
    expect(sanitizeFilename('..')).toBe('__')
    expect(sanitizeFilename('.hidden.jpg')).toBe('_hidden.jpg')
    expect(sanitizeFilename('')).toBe('file')
  })

  it('keeps at most 120 characters and the extension', () => {
    const name = sanitizeFilename(`${'a'.repeat(300)}.jpeg`)
    expect(name).toHaveLength(120)
    expect(name.endsWith('.jpeg')).toBe(true)
    expect(extensionOf(name)).toBe('jpeg')
  })

  it('builds original keys the server recognises, whatever the client sent', () => {
    const key = originalKey('6f1c2a4e-1b2c-4d3e-8f90-123456789abc', '../../backups/db.json')
    expect(key).toBe('originals/6f1c2a4e-1b2c-4d3e-8f90-123456789abc/___.._backups_db.json')
    expect(isOriginalKey(key)).toBe(true)
    expect(isOriginalKey('backups/2026.json')).toBe(false)
    expect(isOriginalKey('originals/x/../../backups/db.json')).toBe(false)
  })
})

describe('middleEllipsisParts (names cut in the middle on admin cards)', () => {
  it('keeps the extension and the four characters before it in the tail, the rest in the head', () => {
    expect(middleEllipsisParts('wayne-lakeside-living-room-01.jpg')).toEqual({ head: 'wayne-lakeside-living-roo', tail: 'm-01.jpg' })
    expect(middleEllipsisParts('grand_canyon_view.JPEG')).toEqual({ head: 'grand_canyon_', tail: 'view.JPEG' })
  })

  it('keeps a short name whole in the tail, and cuts a name without extension before its last four characters', () => {
    expect(middleEllipsisParts('a.jpg')).toEqual({ head: '', tail: 'a.jpg' })
    expect(middleEllipsisParts('IMG_20260412')).toEqual({ head: 'IMG_2026', tail: '0412' })
    expect(middleEllipsisParts('.hidden')).toEqual({ head: '.hi', tail: 'dden' })
  })

  it('never splits a character in two', () => {
    expect(middleEllipsisParts('sunset🌅🌅🌅🌅.png')).toEqual({ head: 'sunset', tail: '🌅🌅🌅🌅.png' })
  })
})
