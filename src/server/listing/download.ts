// An export pack's short-lived download URL: /api/exports/{runId}/download?expires=…&signature=…,
// signed with the server's secret (an HMAC over the run, its property and the expiry, as issued
// keys and the host's property stamps are signed). Handed out by POST /api/exports and
// GET /api/runs/{id} each time they answer a finished export; it also needs a signed-in account
// that may export in the run's property, so a link that leaks is of no use to anyone else, and
// none after it expires (403).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PayloadRequest } from 'payload'
import { EXPORT_DOWNLOAD_TTL_MS } from '../../lib/constants'
import { forbidden } from '../http/errors'
import { siteUrl } from '../properties/site-url'
import { publicRun, type RunRecord } from '../runs/run'

const signatureOf = (secret: string, runId: string, propertyId: string, expires: number) =>
  createHmac('sha256', secret).update(`export-pack:${runId}:${propertyId}:${expires}`).digest('base64url')

export function exportDownloadUrl(req: PayloadRequest, runId: string, propertyId: string, now = Date.now()): string {
  const expires = Math.floor((now + EXPORT_DOWNLOAD_TTL_MS) / 1000)
  const signature = signatureOf(req.payload.secret, runId, propertyId, expires)
  return siteUrl(req, `/api/exports/${runId}/download?expires=${expires}&signature=${signature}`)
}

/** Refuses (403) a download URL that this server did not sign for the run, or whose time is over. */
export function checkDownloadSignature(secret: string, { runId, propertyId, expires, signature }: { runId: string; propertyId: string; expires: number; signature: string }, now = Date.now()): void {
  const expected = Buffer.from(signatureOf(secret, runId, propertyId, expires))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden('This download link is not valid: ask for the export again.')
  if (expires * 1000 < now) throw forbidden('This download link has expired: open the export again (GET /api/runs/{id}) for a new one.')
}

/** A run as GET /api/runs… and POST /api/exports answer it: a finished export's result carries a fresh download URL. */
export function exportRunAnswer(req: PayloadRequest, run: RunRecord) {
  const answer = publicRun(run)
  if (run.kind !== 'export' || run.status !== 'done') return answer
  return { ...answer, result: { ...run.result, downloadUrl: exportDownloadUrl(req, run.id, run.propertyId) } }
}
