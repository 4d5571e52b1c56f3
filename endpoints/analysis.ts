// Analyze All (spec §7) and its progress. POST queues the run (jobs on the analysis queue,
// src/server/analysis/runs.ts) and waits up to ANALYZE_ALL_WAIT_MS for it: `{ analyzed }`
// when it finished, else `{ analyzed, pending, jobId }`, and the screen follows
// GET /api/media-files/analyze-all/{jobId} until done. While the POST waits, the screen reads
// the run under way from GET /api/media-files/analyze-all (`{ run }`, null when none), so
// the count moves from the first second.
import type { PayloadRequest } from 'payload'
import { ANALYZE_ALL_WAIT_MS } from '../src/lib/constants'
import type { AnalysisProgress, AnalysisResult, CurrentAnalysis } from '../src/lib/api/types'
import { analysisRunParamsSchema, analyzeAllSchema } from '../src/lib/schemas/analysis'
import { runProgress, startAnalysisRun, unfinishedRunId } from '../src/server/analysis/runs'
import { poolOf } from '../src/server/db/pool'
import { endpoint, parseBody, parseParams, requireUser } from '../src/server/http/endpoint'
import { notFound } from '../src/server/http/errors'

const POLL_MS = 250

async function progressOf(req: PayloadRequest, jobId: string): Promise<AnalysisProgress> {
  const progress = await runProgress(req.payload, jobId)
  if (!progress) throw notFound(`Analysis job ${jobId} was not found.`)
  return { ...progress, done: progress.pending === 0 }
}

export const analysisEndpoints = [
  endpoint('post', '/media-files/analyze-all', async (req) => {
    requireUser(req)
    const { force = false } = await parseBody(req, analyzeAllSchema)
    const jobId = await startAnalysisRun(req.payload, { force })
    if (!jobId) return Response.json({ analyzed: 0 } satisfies AnalysisResult)
    const deadline = Date.now() + ANALYZE_ALL_WAIT_MS
    let progress = await progressOf(req, jobId)
    while (!progress.done && Date.now() < deadline && !req.signal?.aborted) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      progress = await progressOf(req, jobId)
    }
    const result: AnalysisResult = progress.done
      ? { analyzed: progress.analyzed, skipped: progress.skipped }
      : { analyzed: progress.analyzed, skipped: progress.skipped, pending: progress.pending, jobId }
    return Response.json(result)
  }),

  endpoint('get', '/media-files/analyze-all', async (req) => {
    requireUser(req)
    const jobId = await unfinishedRunId(poolOf(req.payload))
    return Response.json({ run: jobId ? await progressOf(req, jobId) : null } satisfies CurrentAnalysis)
  }),

  endpoint('get', '/media-files/analyze-all/:jobId', async (req) => {
    requireUser(req)
    const { jobId } = parseParams(req, analysisRunParamsSchema)
    return Response.json(await progressOf(req, jobId))
  }),
]
