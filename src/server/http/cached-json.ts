// Answers a prepared read as a Web Response: ETag from the read-model version, 304 when the
// client already has it, and the body compressed once per version when the app's server can
// send it so (precompressed.ts); otherwise the identity bytes.
import type { PayloadRequest } from 'payload'
import { answerHeaders, isNotModified, type PreparedAnswer } from './prepared-answer'
import { ENCODED_HEADER, ENCODED_LENGTH_HEADER, serverSendsEncoded } from './precompressed'

export async function cachedJson(req: PayloadRequest, answer: PreparedAnswer): Promise<Response> {
  const headers: Record<string, string> = answerHeaders(answer)
  if (isNotModified(req.headers.get('if-none-match'), headers.ETag)) return new Response(null, { status: 304, headers })
  const { body, encoding } = serverSendsEncoded(req.headers)
    ? await answer.body.encodedFor(req.headers.get('accept-encoding'))
    : { body: answer.body.raw, encoding: undefined }
  if (encoding) Object.assign(headers, { [ENCODED_HEADER]: encoding, [ENCODED_LENGTH_HEADER]: String(body.length) })
  // A Buffer is a Uint8Array over a plain ArrayBuffer here (never shared memory).
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}
