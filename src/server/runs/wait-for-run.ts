// The one bounded wait (ARCHITECTURE §4): an endpoint that started or joined a run waits up to
// RUN_WAIT_MS for it to end, so a short run answers the spec's payload at once, and a longer
// one answers what is done with its runId (GET /api/runs/{id} follows it).
import type { Pool } from 'pg'
import { RUN_WAIT_MS } from '../../lib/constants'
import { findRun, type RunRecord } from './run'

/** Tests and benchmarks may shorten the wait (never longer than the spec's answer time). */
export const runWait = { ms: RUN_WAIT_MS }

const POLL_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the run is no longer running, the wait is over or the request went away; answers its last state (null: no such run). */
export async function waitForRun(pool: Pool, runId: string, { signal }: { signal?: AbortSignal | null } = {}): Promise<RunRecord | null> {
  const deadline = Date.now() + runWait.ms
  let current = await findRun(pool, runId)
  while (current?.status === 'running' && Date.now() < deadline && !signal?.aborted) {
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())))
    current = (await findRun(pool, runId)) ?? current
  }
  return current
}
