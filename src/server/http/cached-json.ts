// Answers a prepared read as a Web Response: ETag from the read-model version, 304 when
// the client already has it. Uncompressed: Payload's REST route handler drops an endpoint's
// Content-Encoding (and nothing compresses the answer on the way), a known regression (DECISIONS.md).
import type { PayloadRequest } from 'payload'
import { answerHeaders, isNotModified, type PreparedAnswer } from './prepared-answer'

export function cachedJson(req: PayloadRequest, answer: PreparedAnswer): Response {
  const headers = answerHeaders(answer)
  if (isNotModified(req.headers.get('if-none-match'), headers.ETag)) return new Response(null, { status: 304, headers })
  const bytes = answer.body.raw
  // A Buffer is a Uint8Array over a plain ArrayBuffer here (never shared memory).
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}
