// The one answer of a request that starts or joins a run (docs/architecture.md §11), whatever
// its kind: the spec's payload when the run ended within the bounded wait (wait-for-run.ts), the
// failure's status and reason when it failed, else 202 { runId, status, statusUrl } with the
// kind's progress beside them and `Location: /api/runs/{id}`, which the one client follower
// (src/lib/api/runs.ts followRun) polls until the run ends; the run's `result` is then the same
// payload a shorter run would have answered at once.
import type { PayloadRequest } from 'payload'
import type { Run } from '../../lib/api/types'
import { HttpError } from '../http/errors'
import { exportDownloadUrl } from '../listing/download'
import { runOutcomes } from '../analysis/runs'
import { publicRun, type RunRecord } from './run'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Where a run is followed. */
export const runStatusUrl = (runId: string) => `/api/runs/${runId}`

type AnswerParts = {
  /** The spec's payload of the finished run (default: the run's recorded result). */
  result?: Record<string, unknown>
  /** Its status (201 for a backup made; default 200). */
  status?: number
  /** What the kind says of a run still going, beside runId, status and statusUrl. */
  progress?: Record<string, unknown>
}

export function runAnswer(run: RunRecord, { result, status = 200, progress = {} }: AnswerParts = {}): Response {
  if (run.status === 'failed') throw new HttpError(run.errorStatus ?? 500, run.error ?? `The ${run.kind} run failed.`)
  if (run.status === 'done') return Response.json(result ?? run.result ?? {}, { status, headers: NO_STORE })
  const statusUrl = runStatusUrl(run.id)
  return Response.json({ ...progress, runId: run.id, status: run.status, statusUrl }, { status: 202, headers: { ...NO_STORE, Location: statusUrl } })
}

/**
 * A run as GET /api/runs… answers it: the wire shape, with what a finished run's result owes
 * beyond its record — an export's fresh download URL, the photos an analysis skipped and why.
 */
export async function describeRun(req: PayloadRequest, run: RunRecord): Promise<Run> {
  const answer = publicRun(run)
  if (run.status !== 'done') return answer
  if (run.kind === 'export') return { ...answer, result: { ...run.result, downloadUrl: exportDownloadUrl(req, run.id, run.propertyId) } }
  if (run.kind === 'analysis') {
    const { failures } = await runOutcomes(req.payload, run.id)
    return { ...answer, result: { ...run.result, failures } }
  }
  return answer
}
