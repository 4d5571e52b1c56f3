// Analyze All (spec §7) as a run (src/server/analysis/runs.ts). POST starts or joins the run
// and waits for it (the runs' one bounded wait, src/server/runs/run-answer.ts): `{ analyzed,
// skipped }` when it finished, else 202 { analyzed, skipped, pending, runId, status, statusUrl },
// and the screen follows GET /api/runs/{runId} (its result, once done, names the photos skipped and why).
import { analyzeAllSchema } from '../src/lib/schemas/analysis'
import { runOutcomes, startAnalysisRun } from '../src/server/analysis/runs'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, requireUser } from '../src/server/http/endpoint'
import { runAnswer } from '../src/server/runs/run-answer'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { scopeRequest } from '../src/server/properties/request-property'

export const analysisEndpoints = [
  endpoint('post', '/media-files/analyze-all', 'analyze', async (req) => {
    const user = requireUser(req)
    const { force = false } = await parseBody(req, analyzeAllSchema)
    const runId = await startAnalysisRun(req.payload, { propertyId: await scopeRequest(req), force, startedBy: String(user.id) })
    if (!runId) return Response.json({ analyzed: 0 })
    const run = await waitForRun(poolOf(req.payload), runId, { signal: req.signal, waitMs: runWaitMs(req.payload) })
    const { analyzed, skipped, pending } = await runOutcomes(req.payload, runId)
    return runAnswer(run!, { result: { analyzed, skipped }, progress: { analyzed, skipped, pending } })
  }),
]
