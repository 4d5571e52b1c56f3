// What the gallery needs from the Node process Next's own server (`next start`, `next dev`) runs
// in, added without a server of our own: Node publishes every request on the
// `http.server.request.start` diagnostics channel before the server's own listener sees it, and
// a subscriber may amend the request and the answer there. Called once from the app's
// instrumentation (before Payload starts), it does two things for every request:
// - appends the socket's address to X-Forwarded-For, as any proxy appends the peer it took the
//   request from (Next's server sets that header only when a request has none, so a client could
//   otherwise name its own address; the rate limits key on it: forwarded.ts);
// - lets the prepared JSON lists go out compressed once per version (precompressed.ts), and the
//   cached public pages once per page (page-encodings.ts).
import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { appendPeer } from './forwarded'
import { sendMemoizedPages } from './page-encodings'
import { ENCODER_HEADER, encoderToken, sendEncodedAnswers } from './precompressed'

type RequestStart = { request: IncomingMessage; response: ServerResponse }

const HOOKED = Symbol.for('property-gallery.server-requests')
type WithHook = typeof globalThis & { [HOOKED]?: true }

/** Subscribes once per process; a second call (a module evaluated in two bundles) does nothing. */
export function hookServerRequests(): void {
  const global = globalThis as WithHook
  if (global[HOOKED]) return
  global[HOOKED] = true
  const token = encoderToken()
  subscribe('http.server.request.start', (message) => {
    const { request, response } = message as RequestStart
    request.headers['x-forwarded-for'] = appendPeer(request.headers['x-forwarded-for'], request.socket.remoteAddress)
    request.headers[ENCODER_HEADER] = token
    sendEncodedAnswers(response)
    sendMemoizedPages(request, response)
  })
}
