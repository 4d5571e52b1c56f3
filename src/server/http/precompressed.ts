// The prepared list answers keep their compressed bytes (prepared-json.ts), but a route handler
// cannot send them as they are: Next drops a handler's Content-Encoding on the way out (it cannot
// tell a body fetch already decoded), and its own compression skips route handlers' answers
// (vercel/next.js#98007) — and would compress an 8 MB list again for every request if it did not.
// The way through is in the process Next's server runs in (server-requests.ts, subscribed from
// the app's instrumentation): every request is marked with a token only this process knows, and
// on the way out the answer's ENCODED_HEADER becomes Content-Encoding. A request without the token
// (an app that does not call hookServerRequests, a test calling the handlers) gets the identity
// bytes, for Next or a server in front to compress.
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** The request header set to this process's token (any client's value is replaced). */
export const ENCODER_HEADER = 'x-gallery-encoder'
/** The answer header naming the encoding of the bytes the handler sent. */
export const ENCODED_HEADER = 'x-gallery-content-encoding'
/**
 * The answer header giving their length: Next drops a handler's Content-Length too, and would send
 * the list in chunked encoding, which a client then has to take apart (a few per cent of a list's
 * cost at 1 MB).
 */
export const ENCODED_LENGTH_HEADER = 'x-gallery-content-length'

const TOKEN = Symbol.for('property-gallery.encoder-token')
type WithToken = typeof globalThis & { [TOKEN]?: string }

/** Called once per process by server-requests.ts: from now on, requests carrying the token may get encoded bytes. */
export function encoderToken(): string {
  const global = globalThis as WithToken
  global[TOKEN] ??= randomUUID()
  return global[TOKEN]
}

/** Whether this process turns ENCODED_HEADER into Content-Encoding on this request's answer. */
export function serverSendsEncoded(headers: Headers): boolean {
  const token = (globalThis as WithToken)[TOKEN]
  return token !== undefined && headers.get(ENCODER_HEADER) === token
}

const RENAMED: Record<string, string> = { [ENCODED_HEADER]: 'Content-Encoding', [ENCODED_LENGTH_HEADER]: 'Content-Length' }

/**
 * Wraps a Node response so that the headers Next copies from a route handler's answer go out as
 * they should: ENCODED_HEADER as Content-Encoding (Next's compression then leaves the body alone),
 * ENCODED_LENGTH_HEADER as Content-Length, and a one-value list as that value, which Next's
 * compression needs to see a JSON answer as compressible (Next sets every copied header as a
 * list, vercel/next.js#98007).
 */
export function sendEncodedAnswers(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res)
  res.setHeader = (name, value) => {
    const single = Array.isArray(value) && value.length === 1 ? value[0] : value
    return setHeader(RENAMED[name.toLowerCase()] ?? name, single)
  }
}
