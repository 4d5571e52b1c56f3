// Following long work (docs/architecture.md §11 Runs) the one way every screen does: Analyze All, the
// duplicate scan, the backup panel's Create and Restore and export packs. The request that starts
// (or joins) a run waits up to 25 s on the server and answers the spec's payload when the run
// ended; else 202 { runId, statusUrl }, and GET /api/runs/{id} is followed until the run ends (its
// result is then that payload). Meanwhile GET /api/runs?kind=…&limit=1 gives the run under way, so
// the count moves from the first second.
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

export type FollowRun = {
  kind: RunKind
  /** The request that starts or joins the run. */
  start: () => Promise<Response>
  onProgress?: (run: Run) => void
}

/**
 * Starts the work and follows it to its end. Resolves with the spec's payload, whether the start
 * answered it or the run did when it ended; a run that ended failed throws RunFailed.
 */
export async function followRun<T>(queryClient: QueryClient, { kind, start, onProgress }: FollowRun): Promise<T> {
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
  let response: Response
  try {
    response = await start()
  } finally {
    answered = true
  }
  const answer = (await response.json()) as T & { runId?: string }
  if (response.status !== 202 || !answer.runId) return answer
  for (;;) {
    const run = await queryClient.fetchQuery(runQueryOptions(answer.runId))
    if (run.status === 'failed') throw new RunFailed(run)
    if (run.status === 'done') return run.result as T
    onProgress?.(run)
    await pause()
  }
}
