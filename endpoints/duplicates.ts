// Duplicate detection API (spec §7): GET /api/duplicates lists the kept groups; POST
// /api/duplicates/scan starts a scan run (or joins the one running) and answers the scan with
// its { duplicateGroups } when it finishes within the runs' bounded wait, else the runs' one
// 202 answer (src/server/runs/run-answer.ts) with the files examined so far; GET /api/runs/{runId}
// follows it. Deleting a duplicate is DELETE /api/media-files/{id}?keep={id}
// (endpoints/media-files.ts). Each answers for the request's property only.
import { scanBodySchema } from '../src/lib/schemas/duplicates'
import { poolOf } from '../src/server/db/pool'
import { listDuplicateGroups } from '../src/server/duplicates/groups'
import { startScan, statusOf } from '../src/server/duplicates/scan'
import { endpoint, parseBody, requireUser } from '../src/server/http/endpoint'
import { runAnswer } from '../src/server/runs/run-answer'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { requestScope, scopeRequest } from '../src/server/properties/request-property'

export const duplicatesEndpoints = [
  endpoint('get', '/duplicates', 'scan', async (req) => {
    return Response.json(await listDuplicateGroups(req.payload, await requestScope(req)))
  }),

  endpoint('post', '/duplicates/scan', 'scan', async (req) => {
    const user = requireUser(req)
    await parseBody(req, scanBodySchema)
    const started = await startScan(req.payload, { propertyId: await scopeRequest(req), startedBy: String(user.id) })
    const run = (await waitForRun(poolOf(req.payload), started.run.id, { signal: req.signal, waitMs: runWaitMs(req.payload) })) ?? started.run
    const scan = statusOf(run)
    return runAnswer(run, {
      result: { ...scan, duplicateGroups: scan.duplicateGroups ?? 0 },
      progress: { processed: scan.processed, total: scan.total, progress: scan.progress },
    })
  }),
]
