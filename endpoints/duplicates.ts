// Duplicate detection API (spec §7): GET /api/duplicates lists the kept groups; POST
// /api/duplicates/scan starts a scan (or joins the one running) and answers
// { duplicateGroups } when it finishes within DUPLICATE_SCAN_WAIT_MS, else 202 with the
// scan's progress, which GET /api/duplicates/scan then follows. Deleting a duplicate is
// DELETE /api/media-files/{id}?keep={id} (endpoints/media-files.ts).
import type { PayloadRequest } from 'payload'
import { DUPLICATE_SCAN_POLL_MS, DUPLICATE_SCAN_WAIT_MS } from '../src/lib/constants'
import { scanBodySchema } from '../src/lib/schemas/duplicates'
import { listDuplicateGroups } from '../src/server/duplicates/groups'
import { latestScan, scanStatus, startScan, type ScanStatus } from '../src/server/duplicates/scan'
import { endpoint, parseBody, requireUser } from '../src/server/http/endpoint'
import { HttpError } from '../src/server/http/errors'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for the scan to leave "running", up to waitMs; answers its last known status. */
async function waitForScan(req: PayloadRequest, scan: ScanStatus, waitMs: number): Promise<ScanStatus> {
  const deadline = Date.now() + waitMs
  let current = scan
  while (current.status === 'running' && Date.now() < deadline) {
    await sleep(Math.min(DUPLICATE_SCAN_POLL_MS, Math.max(0, deadline - Date.now())))
    current = (await scanStatus(req.payload, scan.scanId)) ?? current
  }
  return current
}

function scanAnswer(scan: ScanStatus): Response {
  if (scan.status === 'failed') throw new HttpError(500, scan.error ?? 'The duplicate scan failed.')
  if (scan.status === 'done') return Response.json({ ...scan, duplicateGroups: scan.duplicateGroups ?? 0 })
  return Response.json(scan, { status: 202 })
}

/** Tests and benchmarks may shorten the wait (never longer than the spec's). */
export const scanWait = { ms: DUPLICATE_SCAN_WAIT_MS }

export const duplicatesEndpoints = [
  endpoint('get', '/duplicates', async (req) => {
    requireUser(req)
    return Response.json(await listDuplicateGroups(req.payload))
  }),

  endpoint('post', '/duplicates/scan', async (req) => {
    requireUser(req)
    await parseBody(req, scanBodySchema)
    const { scan } = await startScan(req.payload)
    return scanAnswer(await waitForScan(req, scan, scanWait.ms))
  }),

  // The progress of the running scan (or the result of the last one); 404 before any scan.
  endpoint('get', '/duplicates/scan', async (req) => {
    requireUser(req)
    const scan = await latestScan(req.payload)
    if (!scan) return Response.json({ message: 'No duplicate scan has run yet.' }, { status: 404 })
    return scan.status === 'failed' ? Response.json(scan) : scanAnswer(scan)
  }),
]
