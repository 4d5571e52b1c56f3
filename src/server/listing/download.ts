// An export pack's short-lived download URL: /api/exports/{runId}/download?expires=…&signature=…,
// signed by the server (../security/signer.ts: the run, its property and the expiry). Handed out by POST /api/exports and
// GET /api/runs/{id} each time they answer a finished export; it also needs a signed-in account
// that may export in the run's property, so a link that leaks is of no use to anyone else, and
// none after it expires (403).
import type { PayloadRequest } from 'payload'
import { EXPORT_DOWNLOAD_TTL_MS } from '../../lib/constants'
import { forbidden } from '../http/errors'
import { siteUrl } from '../properties/site-url'
import { sign, verify } from '../security/signer'

export function exportDownloadUrl(req: PayloadRequest, runId: string, propertyId: string, now = Date.now()): string {
  const expires = Math.floor((now + EXPORT_DOWNLOAD_TTL_MS) / 1000)
  const signature = sign(req.payload.secret, 'export-download', [runId, propertyId, expires])
  return siteUrl(req, `/api/exports/${runId}/download?expires=${expires}&signature=${signature}`)
}

/** Refuses (403) a download URL that this server did not sign for the run, or whose time is over. */
export function checkDownloadSignature(secret: string, { runId, propertyId, expires, signature }: { runId: string; propertyId: string; expires: number; signature: string }, now = Date.now()): void {
  const verdict = verify(secret, 'export-download', [runId, propertyId, expires], signature, { expires, now })
  if (verdict === 'forged') throw forbidden('This download link is not valid: ask for the export again.')
  if (verdict === 'expired') throw forbidden('This download link has expired: open the export again (GET /api/runs/{id}) for a new one.')
}
