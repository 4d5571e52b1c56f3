// UPLOAD_BACKUP_DEBOUNCE_MS: a minute unless set; a bad value stops the start with a clear message.
import { describe, expect, it } from 'vitest'
import { uploadBackupDebounceMs } from '../../src/server/backup/schedule'

describe('uploadBackupDebounceMs', () => {
  it('is a minute when unset or blank', () => {
    expect(uploadBackupDebounceMs({})).toBe(60_000)
    expect(uploadBackupDebounceMs({ UPLOAD_BACKUP_DEBOUNCE_MS: '  ' })).toBe(60_000)
  })

  it('takes a whole number of milliseconds of at least one second', () => {
    expect(uploadBackupDebounceMs({ UPLOAD_BACKUP_DEBOUNCE_MS: '5000' })).toBe(5000)
    expect(uploadBackupDebounceMs({ UPLOAD_BACKUP_DEBOUNCE_MS: '1000' })).toBe(1000)
  })

  it.each(['999', '0', '-5000', '2.5', '1m', 'ten'])('refuses %s with a message naming the variable', (value) => {
    expect(() => uploadBackupDebounceMs({ UPLOAD_BACKUP_DEBOUNCE_MS: value })).toThrow(
      `Invalid configuration: UPLOAD_BACKUP_DEBOUNCE_MS must be a whole number of milliseconds, at least 1000 (got "${value}").`,
    )
  })
})
