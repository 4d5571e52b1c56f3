// Following long work (docs/architecture.md §11 Runs) the one way every screen does: Analyze All, the
// duplicate scan and the backup panel's Create and Restore. The request that starts (or joins)
// a run waits up to 25 s on the server; meanwhile GET /api/runs?kind=…&limit=1 gives the run
// under way, so the count moves from the first second. An answer that names a run still going
// is followed through GET /api/runs/{id} until the run ends.
'use client'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { RUN_POLL_MS } from '../constants'
import type { RunKind } from '../schemas/runs'
import { getJson } from './client'
import { queryKeys } from './query-keys'
import type { Run } from './types'

export const getRun = (id: string) => getJson<Run>(`/api/runs/${encodeURIComponent(id)}`)

export const getLatestRuns = (kind: RunKind, limit = 1) => getJson<Run[]>(`/api/runs?kind=${kind}&limit=${limit}`)

export const runQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.runs.detail(id), queryFn: () => getRun(id), staleTime: 0 })

const latestRunQueryOptions = (kind: RunKind) =>
  queryOptions({ queryKey: queryKeys.runs.latest(kind), queryFn: () => getLatestRuns(kind, 1), staleTime: 0 })

/** A run that ended failed: its reason, as the server recorded it. */
export class RunFailed extends Error {
  constructor(readonly run: Run) {
    super(run.error ?? `The ${run.kind} run failed.`)
    this.name = 'RunFailed'
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS))

export type FollowRun<T> = {
  kind: RunKind
  /** The request that starts or joins the run; its answer is final unless `runningId` names a run. */
  start: () => Promise<T>
  /** The run the answer says is still going, if any. */
  runningId: (answer: T) => string | null | undefined
  onProgress?: (run: Run) => void
}

/**
 * Starts the work and follows it to its end. Resolves with the start's answer and, when that
 * named a run still going, the run as it ended (its `result` is the spec's answer); a run that
 * ended failed throws RunFailed.
 */
export async function followRun<T>(queryClient: QueryClient, { kind, start, runningId, onProgress }: FollowRun<T>): Promise<{ answer: T; run: Run | null }> {
  let answered = false
  const watchUnderWay = async () => {
    for (;;) {
      await pause()
      if (answered) return
      const [latest] = await queryClient.fetchQuery(latestRunQueryOptions(kind)).catch(() => [] as Run[])
      // A missed poll only delays the count.
      if (latest?.status === 'running' && !answered) onProgress?.(latest)
    }
  }
  void watchUnderWay()
  let answer: T
  try {
    answer = await start()
  } finally {
    answered = true
  }
  const id = runningId(answer)
  if (!id) return { answer, run: null }
  for (;;) {
    const run = await queryClient.fetchQuery(runQueryOptions(id))
    if (run.status === 'failed') throw new RunFailed(run)
    if (run.status === 'done') return { answer, run }
    onProgress?.(run)
    await pause()
  }
}
