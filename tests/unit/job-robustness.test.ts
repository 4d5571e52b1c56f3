// Pure parts of the jobs' robustness: the backoff of an ingest that meets an outage, the gate
// that makes a job suspected of killing its worker run alone in its process, and a task's retry
// rule as the worker reads it from the task's definition.
import { describe, expect, it } from 'vitest'
import { SuspectGate } from '../../src/server/jobs/crash-limit'
import { afterFailedAttempt, isLastAttempt } from '../../src/server/jobs/task-retries'
import { outageRetryDelayMs, outageRetryFirstMs } from '../../src/server/media/ingest-task'

describe('the backoff of an ingest put off by an outage', () => {
  it('waits 10 s, then twice as long after each try that met the outage again, up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(outageRetryDelayMs)).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ])
    expect(outageRetryDelayMs(1000)).toBe(300_000)
  })

  it('reads a missing or nonsensical count as the first try', () => {
    for (const value of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(outageRetryDelayMs(value)).toBe(10_000)
  })

  it('starts from INGEST_OUTAGE_RETRY_MS when it is a whole number of milliseconds from 1 s to 5 minutes', () => {
    expect(outageRetryFirstMs({ INGEST_OUTAGE_RETRY_MS: '3000' })).toBe(3000)
    for (const text of [undefined, '', '  ']) expect(outageRetryFirstMs({ INGEST_OUTAGE_RETRY_MS: text })).toBe(10_000)
  })

  it.each(['soon', '999', '2500.5', '300001'])('refuses INGEST_OUTAGE_RETRY_MS=%s with a message naming the variable', (text) => {
    expect(() => outageRetryFirstMs({ INGEST_OUTAGE_RETRY_MS: text })).toThrow(
      `Invalid configuration: INGEST_OUTAGE_RETRY_MS must be a whole number of milliseconds, from 1000 to 300000 (got "${text}").`,
    )
  })
})

describe("a task's retry rule, from its `retries`", () => {
  it('tries again as many times as `retries` says, at once, and the attempt after that is the last', () => {
    expect([0, 1, 2, 3].map((tried) => afterFailedAttempt(2, tried))).toEqual([
      { final: false, delayMs: 0 },
      { final: false, delayMs: 0 },
      { final: true },
      { final: true },
    ])
    expect([0, 1, 2].map((tried) => isLastAttempt(2, tried))).toEqual([false, false, true])
    expect(isLastAttempt({ attempts: 1 }, null)).toBe(false)
  })

  it('never tries again a task without retries, as Payload does', () => {
    expect(afterFailedAttempt(undefined, 0)).toEqual({ final: true })
    expect(afterFailedAttempt({ backoff: { type: 'fixed', delay: 1000 } }, 0)).toEqual({ final: true })
    expect(isLastAttempt(0, undefined)).toBe(true)
  })

  it("waits the task's backoff: the same delay when fixed, doubled for each earlier attempt when exponential", () => {
    const fixed = { attempts: 3, backoff: { type: 'fixed' as const, delay: 500 } }
    const exponential = { attempts: 3, backoff: { type: 'exponential' as const, delay: 500 } }
    expect([0, 1, 2].map((tried) => afterFailedAttempt(fixed, tried))).toEqual([
      { final: false, delayMs: 500 },
      { final: false, delayMs: 500 },
      { final: false, delayMs: 500 },
    ])
    expect([0, 1, 2, 3].map((tried) => afterFailedAttempt(exponential, tried))).toEqual([
      { final: false, delayMs: 500 },
      { final: false, delayMs: 1000 },
      { final: false, delayMs: 2000 },
      { final: true },
    ])
  })
})

describe('SuspectGate', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve))

  it('lets only a slot that is alone take a suspect, and holds the other slots until it has ended', async () => {
    const gate = new SuspectGate()
    const first = await gate.enter()
    expect(first.mayTakeSuspect).toBe(true)
    // First took a suspect: it keeps the gate; a second slot waits.
    let secondEntered = false
    const second = gate.enter().then((entry) => {
      secondEntered = true
      return entry
    })
    await tick()
    expect(secondEntered).toBe(false)
    first.leave()
    const entry = await second
    expect(entry.mayTakeSuspect).toBe(true)
    entry.leave()
  })

  it('lets the other slots claim ordinary jobs at once when the lone slot took an ordinary one', async () => {
    const gate = new SuspectGate()
    const first = await gate.enter()
    expect(first.mayTakeSuspect).toBe(true)
    first.share()
    const second = await gate.enter()
    // Another slot is busy: no suspect for this one.
    expect(second.mayTakeSuspect).toBe(false)
    second.leave()
    first.leave()
    const third = await gate.enter()
    expect(third.mayTakeSuspect).toBe(true)
    third.leave()
  })

  it('counts a slot once however often it leaves', async () => {
    const gate = new SuspectGate()
    const first = await gate.enter()
    first.share()
    first.leave()
    first.leave()
    const second = await gate.enter()
    expect(second.mayTakeSuspect).toBe(true)
    second.leave()
  })
})
