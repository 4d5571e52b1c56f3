// JOBS_STALE_AFTER_MS: two minutes unless set; a bad value stops the start with a clear message.
import { describe, expect, it } from 'vitest'
import { jobsStaleAfterMs } from '../../src/server/jobs/stale-after'

describe('jobsStaleAfterMs', () => {
  it('is two minutes when unset or blank', () => {
    expect(jobsStaleAfterMs({})).toBe(120_000)
    expect(jobsStaleAfterMs({ JOBS_STALE_AFTER_MS: '  ' })).toBe(120_000)
  })

  it('takes a whole number of milliseconds of at least one second', () => {
    expect(jobsStaleAfterMs({ JOBS_STALE_AFTER_MS: '6000' })).toBe(6000)
    expect(jobsStaleAfterMs({ JOBS_STALE_AFTER_MS: '1000' })).toBe(1000)
  })

  it.each(['999', '0', '-5000', '2.5', '2m', 'ten'])('refuses %s with a message naming the variable', (value) => {
    expect(() => jobsStaleAfterMs({ JOBS_STALE_AFTER_MS: value })).toThrow(
      `Invalid configuration: JOBS_STALE_AFTER_MS must be a whole number of milliseconds, at least 1000 (got "${value}").`,
    )
  })
})
