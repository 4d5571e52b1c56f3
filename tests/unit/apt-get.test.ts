import { describe, expect, it } from 'vitest'
import { afterAttempt, APT_LOCK_WAIT_MS, APT_RETRY_EVERY_MS, aptGetArgs, heldLock, waitingLine } from '../helpers/apt-get'

// apt 2.6's messages, as apt-get printed them with another process holding each lock.
const LISTS_HELD = [
  'E: Could not get lock /var/lib/apt/lists/lock. It is held by process 3957 (apt-get)',
  'E: Unable to lock directory /var/lib/apt/lists/',
].join('\n')
const FRONTEND_HELD = [
  'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4576 (unattended-upgr)',
  'E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?',
].join('\n')
const OLD_FORMAT = 'E: Could not get lock /var/lib/dpkg/lock - open (11: Resource temporarily unavailable)'
const WAITING = 'Waiting for cache lock: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 7710 (apt-get)...'

describe('apt-get while another package manager runs', () => {
  it('asks apt-get to wait for dpkg’s lock for what is left of the call’s wait, in whole seconds', () => {
    expect(APT_LOCK_WAIT_MS).toBe(600_000)
    expect(aptGetArgs(['update', '-q'], APT_LOCK_WAIT_MS)).toEqual(['-o', 'DPkg::Lock::Timeout=600', 'update', '-q'])
    expect(aptGetArgs(['install', '-y', '-q', 'chromium'], 123_999)).toEqual([
      '-o',
      'DPkg::Lock::Timeout=123',
      'install',
      '-y',
      '-q',
      'chromium',
    ])
    expect(aptGetArgs(['update'], -5)).toEqual(['-o', 'DPkg::Lock::Timeout=0', 'update'])
  })

  it('reads which lock another process holds from apt-get’s error and from its waiting line', () => {
    expect(heldLock(LISTS_HELD)).toBe('/var/lib/apt/lists/lock')
    expect(heldLock(FRONTEND_HELD)).toBe('/var/lib/dpkg/lock-frontend')
    expect(heldLock(OLD_FORMAT)).toBe('/var/lib/dpkg/lock')
    expect(heldLock(WAITING)).toBe('/var/lib/dpkg/lock-frontend')
    expect(heldLock('E: Could not get lock /var/cache/apt/archives/lock')).toBe('/var/cache/apt/archives/lock')
    expect(heldLock('')).toBeUndefined()
    expect(heldLock('E: Unable to locate package chromium')).toBeUndefined()
    expect(heldLock('E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)')).toBeUndefined()
  })

  it('runs the call again only while it fails on a held lock and the next try starts within the wait', () => {
    expect(APT_RETRY_EVERY_MS).toBe(5_000)
    expect(afterAttempt({ status: 0, stderr: '', elapsedMs: 1_000 })).toBe('done')
    expect(afterAttempt({ status: 0, stderr: 'W: Some index files failed to download.', elapsedMs: 700_000 })).toBe('done')
    expect(afterAttempt({ status: 100, stderr: LISTS_HELD, elapsedMs: 1_000 })).toBe('retry')
    expect(afterAttempt({ status: 100, stderr: FRONTEND_HELD, elapsedMs: 594_999 })).toBe('retry')
    expect(afterAttempt({ status: 100, stderr: FRONTEND_HELD, elapsedMs: 595_000 })).toBe('fail')
    expect(afterAttempt({ status: 100, stderr: LISTS_HELD, elapsedMs: 600_000 })).toBe('fail')
    expect(afterAttempt({ status: 100, stderr: 'E: Unable to locate package chromium', elapsedMs: 1_000 })).toBe('fail')
    expect(afterAttempt({ status: null, stderr: '', elapsedMs: 1_000 })).toBe('fail')
  })

  it('says once, in one line, what it waits for', () => {
    expect(waitingLine(['update', '-q'], '/var/lib/apt/lists/lock')).toBe(
      'apt-get update: another package manager holds /var/lib/apt/lists/lock; waiting for it to finish (at most 10 minutes).',
    )
  })
})
