// A task's retry rule, read from its own definition (TaskConfig.retries in jobs/*.ts) as Payload's
// runner reads it for a job of one task: `retries` more attempts after a failed first one (none when
// unset), each after the task's backoff if it has one. The jobs worker's runner (run-job.ts) decides
// with it whether a failed job is tried again, and a task's handler whether the attempt under way is
// its last (then it records the failure on what the job was for, e.g. the photo, and ends normally).
import type { TaskConfig } from 'payload'

type Retries = TaskConfig['retries']

/** Attempts allowed after the first one. */
export function retriesAllowed(retries: Retries): number {
  return (typeof retries === 'number' ? retries : retries?.attempts) ?? 0
}

/** Whether the attempt under way, after `totalTried` earlier ones, is the task's last. */
export function isLastAttempt(retries: Retries, totalTried: number | null | undefined): boolean {
  return (totalTried ?? 0) >= retriesAllowed(retries)
}

/**
 * What follows a failed attempt made after `totalTried` earlier ones: the job fails for good, or is
 * tried again once `delayMs` have passed (Payload's backoff: `delay` each time when fixed, doubled
 * for each earlier attempt when exponential).
 */
export function afterFailedAttempt(retries: Retries, totalTried: number): { final: true } | { final: false; delayMs: number } {
  if (isLastAttempt(retries, totalTried)) return { final: true }
  const backoff = typeof retries === 'object' ? retries.backoff : undefined
  const delay = backoff?.delay ?? 0
  return { final: false, delayMs: backoff?.type === 'exponential' ? 2 ** totalTried * delay : delay }
}
