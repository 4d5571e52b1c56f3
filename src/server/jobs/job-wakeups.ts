// Wakes the idle worker slots when a job becomes runnable, instead of each slot polling the
// jobs table every second. A trigger on payload_jobs (migration 20261123_022000_jobs_notify)
// sends NOTIFY on JOBS_CHANNEL, with the job's queue as payload, whenever a row becomes
// claimable: a new job, or one put back after a failed attempt. The notification leaves at
// commit, whoever wrote the row (this process, another instance, Payload's own queue call, a
// restore), so the job is visible to the slot it wakes.
//
// One connection per worker process listens (LISTEN needs a connection of its own, outside the
// pool). When it drops (PostgreSQL restarted, a network cut) it is opened again with a growing
// pause, and every slot is woken once it listens again, since notifications sent meanwhile are
// lost. The slots still look on their own every so often (the fallback poll), which catches a
// notification missed for any other reason and a job whose worker died (re-claimed once stale).
import pg from 'pg'

export const JOBS_CHANNEL = 'gallery_jobs'
const RECONNECT_FIRST_MS = 1000
const RECONNECT_MAX_MS = 30_000
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * An idle slot looks for work on its own this often, whatever the notifications: it catches one
 * missed while the listening connection was down and a job whose worker died (claimed again once stale).
 */
export const FALLBACK_POLL_MS = 30_000

/** JOBS_FALLBACK_POLL_MS (milliseconds, at least 100) overrides FALLBACK_POLL_MS. */
export function fallbackPollMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.JOBS_FALLBACK_POLL_MS)
  return Number.isInteger(value) && value >= 100 ? value : FALLBACK_POLL_MS
}

type Logger = { warn: (message: string) => void }
type Waiter = { queue: string; wake: () => void }

export class JobWakeups {
  private readonly perQueue = new Map<string, number>()
  private everyQueue = 0
  private readonly waiters = new Set<Waiter>()
  private client?: pg.Client
  private stopped = false
  private retryMs = RECONNECT_FIRST_MS
  private retryTimer?: NodeJS.Timeout

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: Logger,
  ) {}

  /** Resolves once listening, or after the first failed attempt (the retries go on meanwhile). */
  start(): Promise<void> {
    return this.connect()
  }

  /**
   * A ticket taken before looking for a job: wait() with it returns at once when a wake-up came
   * in between, so a notification that arrives while the slot is querying is not lost.
   */
  ticket(queue: string): number {
    return this.everyQueue + (this.perQueue.get(queue) ?? 0)
  }

  /** Waits until a job of the queue may be runnable, at most `ms`. */
  wait(queue: string, ticket: number, ms: number): Promise<void> {
    if (this.stopped || this.ticket(queue) !== ticket) return Promise.resolve()
    return new Promise((resolve) => {
      const waiter: Waiter = {
        queue,
        wake: () => {
          clearTimeout(timer)
          this.waiters.delete(waiter)
          resolve()
        },
      }
      const timer = setTimeout(waiter.wake, Math.min(MAX_TIMER_MS, Math.max(0, ms)))
      timer.unref()
      this.waiters.add(waiter)
    })
  }

  /** Wakes the slots of one queue, or of all (null). */
  wake(queue: string | null) {
    if (queue) this.perQueue.set(queue, (this.perQueue.get(queue) ?? 0) + 1)
    else this.everyQueue++
    for (const waiter of [...this.waiters]) if (queue === null || waiter.queue === queue) waiter.wake()
  }

  /** Stops listening and releases every waiting slot. */
  async stop() {
    this.stopped = true
    clearTimeout(this.retryTimer)
    this.wake(null)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => undefined)
  }

  private async connect() {
    if (this.stopped) return
    const client = new pg.Client({ ...this.config, keepAlive: true })
    client.on('notification', (message) => this.wake(message.payload || null))
    client.on('error', (error) => this.drop(client, error))
    client.on('end', () => this.drop(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${JOBS_CHANNEL}`)
    } catch (error) {
      this.logger.warn(`The jobs worker cannot listen for new jobs (${(error as Error).message}); retrying`)
      client.end().catch(() => undefined)
      this.retryLater()
      return
    }
    if (this.stopped) {
      await client.end().catch(() => undefined)
      return
    }
    this.client = client
    this.retryMs = RECONNECT_FIRST_MS
    // Jobs queued while nobody listened.
    this.wake(null)
  }

  private drop(client: pg.Client, error?: Error) {
    if (this.client !== client) return
    this.client = undefined
    if (this.stopped) return
    this.logger.warn(`The jobs worker's listening connection closed${error ? ` (${error.message})` : ''}; reconnecting`)
    client.end().catch(() => undefined)
    this.retryLater()
  }

  private retryLater() {
    if (this.stopped || this.retryTimer) return
    const delay = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      void this.connect()
    }, delay)
    this.retryTimer.unref()
  }
}
