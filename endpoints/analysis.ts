// Analyze All (spec §7) as a run (src/server/analysis/runs.ts). POST starts or joins the run
// and waits for it (the runs' one bounded wait): `{ analyzed }` when it finished, else
// `{ analyzed, pending, runId }`, and the screen follows GET /api/runs/{runId}. Beyond the
// spec, kept for scripts: GET /api/media-files/analyze-all (`{ run }`, the run under way with
// its per-photo progress, null when none) and GET /api/media-files/analyze-all/{runId}.
import type { PayloadRequest } from 'payload'
import type { AnalysisProgress, AnalysisResult, CurrentAnalysis } from '../src/lib/api/types'
import { analysisRunParamsSchema, analyzeAllSchema } from '../src/lib/schemas/analysis'
import { analysisProgress, currentAnalysisRun, startAnalysisRun } from '../src/server/analysis/runs'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { scopeRequest } from '../src/server/properties/request-property'

async function progressOf(req: PayloadRequest, runId: string): Promise<AnalysisProgress> {
  const progress = await analysisProgress(req.payload, await scopeRequest(req), runId)
  if (!progress) throw notFound(`Analysis run ${runId} was not found.`)
  return progress
}

export const analysisEndpoints = [
  endpoint('post', '/media-files/analyze-all', 'analyze', async (req) => {
    const user = requireUser(req)
    const { force = false } = await parseBody(req, analyzeAllSchema)
    const runId = await startAnalysisRun(req.payload, { propertyId: await scopeRequest(req), force, startedBy: String(user.id) })
    if (!runId) return Response.json({ analyzed: 0 } satisfies AnalysisResult)
    await waitForRun(poolOf(req.payload), runId, { signal: req.signal, waitMs: runWaitMs(req.payload) })
    const progress = await progressOf(req, runId)
    const result: AnalysisResult = progress.done
      ? { analyzed: progress.analyzed, skipped: progress.skipped }
      : { analyzed: progress.analyzed, skipped: progress.skipped, pending: progress.pending, runId }
    return Response.json(result)
  }),

  endpoint('get', '/media-files/analyze-all', 'analyze', async (req) => {
    const run = await currentAnalysisRun(req.payload, await scopeRequest(req))
    return Response.json({ run: run ? await progressOf(req, run.id) : null } satisfies CurrentAnalysis)
  }),

  endpoint('get', '/media-files/analyze-all/:runId', 'analyze', async (req) => {
    const { runId } = parseParams(req, analysisRunParamsSchema)
    return Response.json(await progressOf(req, runId))
  }),
]
