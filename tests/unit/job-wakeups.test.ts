// The idle slots' wake-ups, without a database: a wake-up for a queue releases that queue's
// waiting slots only; one that came while a slot was looking for work is not lost; stopping
// releases everyone; JOBS_FALLBACK_POLL_MS is read strictly.
import { describe, expect, it } from 'vitest'
import { FALLBACK_POLL_MS, fallbackPollMs, JobWakeups } from '../../src/server/jobs/job-wakeups'

const NEVER_MS = 1_000_000_000
const quiet = { warn: () => undefined }
/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>) {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

describe('job wake-ups', () => {
  it("wakes the woken queue's slots, and no other queue's", async () => {
    const wakeups = new JobWakeups({}, quiet)
    const ingest = wakeups.wait('default', wakeups.ticket('default'), NEVER_MS)
    const analysis = wakeups.wait('analysis', wakeups.ticket('analysis'), NEVER_MS)
    wakeups.wake('default')
    expect(await settled(ingest)).toBe(true)
    expect(await settled(analysis)).toBe(false)
    wakeups.wake(null)
    expect(await settled(analysis)).toBe(true)
  })

  it('does not sleep through a wake-up that came while the slot was looking for work', async () => {
    const wakeups = new JobWakeups({}, quiet)
    const ticket = wakeups.ticket('default')
    // ...the slot's query runs, and meanwhile a job is notified...
    wakeups.wake('default')
    expect(await settled(wakeups.wait('default', ticket, NEVER_MS))).toBe(true)
    // Another queue's wake-up does not count for this one.
    const next = wakeups.ticket('default')
    wakeups.wake('backup')
    expect(await settled(wakeups.wait('default', next, NEVER_MS))).toBe(false)
    await wakeups.stop()
  })

  it('releases every waiting slot when stopped, and lets none wait afterwards', async () => {
    const wakeups = new JobWakeups({}, quiet)
    const waiting = wakeups.wait('default', wakeups.ticket('default'), NEVER_MS)
    await wakeups.stop()
    expect(await settled(waiting)).toBe(true)
    expect(await settled(wakeups.wait('analysis', wakeups.ticket('analysis'), NEVER_MS))).toBe(true)
  })

  it('reads JOBS_FALLBACK_POLL_MS, falling back to 30 s for anything but a whole number of at least 100 ms', () => {
    expect(FALLBACK_POLL_MS).toBe(30_000)
    expect(fallbackPollMs({})).toBe(30_000)
    expect(fallbackPollMs({ JOBS_FALLBACK_POLL_MS: '1000' })).toBe(1000)
    for (const bad of ['', '0', '50', '-5', '1.5', 'soon']) expect(fallbackPollMs({ JOBS_FALLBACK_POLL_MS: bad })).toBe(30_000)
  })
})
