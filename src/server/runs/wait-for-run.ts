// The one bounded wait (docs/architecture.md §11): an endpoint that started or joined a run waits up to
// RUN_WAIT_MS for it to end, so a short run answers the spec's payload at once, and a longer
// one answers what is done with its runId (GET /api/runs/{id} follows it).
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { RUN_WAIT_MS } from '../../lib/constants'
import { findRun, type RunRecord } from './run'

/** A shorter wait the process's Payload config may name (`custom.runWait`, read at each wait): tests set it. */
export type RunWait = { ms: number }

const POLL_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long an endpoint waits for its run: RUN_WAIT_MS, or less where the Payload config says so. */
export function runWaitMs(payload: Pick<Payload, 'config'>): number {
  const wait = payload.config.custom?.runWait as RunWait | undefined
  return Math.min(RUN_WAIT_MS, wait?.ms ?? RUN_WAIT_MS)
}

/** Waits until the run is no longer running, waitMs is over or the request went away; answers its last state (null: no such run). */
export async function waitForRun(
  pool: Pool,
  runId: string,
  { signal, waitMs = RUN_WAIT_MS }: { signal?: AbortSignal | null; waitMs?: number } = {},
): Promise<RunRecord | null> {
  const deadline = Date.now() + waitMs
  let current = await findRun(pool, runId)
  while (current?.status === 'running' && Date.now() < deadline && !signal?.aborted) {
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())))
    current = (await findRun(pool, runId)) ?? current
  }
  return current
}
