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
  return new Response(oneChunk(body), {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/**
 * The prepared bytes as a stream of one chunk, without copying them: `new Response(bytes)` copies
 * a buffer it is given (the Fetch standard's body extraction), a megabyte or more per request for
 * the lists, and collecting those copies took a fifth of the server's time under load. Readers
 * of an answer only read the chunk; none may write to it, since every request shares it.
 */
function oneChunk(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      controller.close()
    },
  })
}
