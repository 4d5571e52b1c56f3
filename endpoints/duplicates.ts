// Duplicate detection API (spec §7): GET /api/duplicates lists the kept groups; POST
// /api/duplicates/scan starts a scan run (or joins the one running) and answers
// { duplicateGroups } when it finishes within the runs' bounded wait, else 202 with the
// scan's progress and its runId, which GET /api/runs/{runId} follows (GET /api/duplicates/scan,
// the latest scan, stays for scripts). Deleting a duplicate is DELETE /api/media-files/{id}?keep={id}
// (endpoints/media-files.ts). Each answers for the request's property only.
import { scanBodySchema } from '../src/lib/schemas/duplicates'
import { poolOf } from '../src/server/db/pool'
import { listDuplicateGroups } from '../src/server/duplicates/groups'
import { latestScan, startScan, statusOf, type ScanStatus } from '../src/server/duplicates/scan'
import { endpoint, parseBody, requireUser } from '../src/server/http/endpoint'
import { HttpError } from '../src/server/http/errors'
import { runWaitMs, waitForRun } from '../src/server/runs/wait-for-run'
import { requestScope, scopeRequest } from '../src/server/properties/request-property'

function scanAnswer(scan: ScanStatus): Response {
  if (scan.status === 'failed') throw new HttpError(500, scan.error ?? 'The duplicate scan failed.')
  if (scan.status === 'done') return Response.json({ ...scan, duplicateGroups: scan.duplicateGroups ?? 0 })
  return Response.json(scan, { status: 202 })
}

export const duplicatesEndpoints = [
  endpoint('get', '/duplicates', 'scan', async (req) => {
    return Response.json(await listDuplicateGroups(req.payload, await requestScope(req)))
  }),

  endpoint('post', '/duplicates/scan', 'scan', async (req) => {
    const user = requireUser(req)
    await parseBody(req, scanBodySchema)
    const { scan } = await startScan(req.payload, { propertyId: await scopeRequest(req), startedBy: String(user.id) })
    const ended = await waitForRun(poolOf(req.payload), scan.runId, { signal: req.signal, waitMs: runWaitMs(req.payload) })
    return scanAnswer(ended ? statusOf(ended) : scan)
  }),

  // The progress of the running scan (or the result of the last one); 404 before any scan.
  endpoint('get', '/duplicates/scan', 'scan', async (req) => {
    const scan = await latestScan(req.payload, await scopeRequest(req))
    if (!scan) return Response.json({ message: 'No duplicate scan has run yet.' }, { status: 404 })
    return scan.status === 'failed' ? Response.json(scan) : scanAnswer(scan)
  }),
]
