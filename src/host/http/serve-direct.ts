// Answers the product's API endpoints straight on Node's http response, in front of Next:
// the one transport for our routes (Next's route handler and Payload's REST set-up cost more
// than the work on the uploader's per-file calls, 400 for a 200-file batch). The request is
// built by payloadRequestOf, as for the prepared reads; JSON bodies over 1 MiB are refused.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Endpoint, Payload } from 'payload'
import { compilePaths, matchPath, type CompiledPath } from './match-path'
import { sendWebResponse } from './node-bridge'
import { payloadRequestOf } from './payload-request'

/** Our JSON bodies are small; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 1024 * 1024

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.reject(new BodyTooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data')
        req.resume()
        reject(new BodyTooLarge())
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export type DirectEndpointServer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

export function directEndpointServer(payload: Payload, endpoints: Endpoint[], apiRoute = '/api'): DirectEndpointServer {
  const byMethod = new Map<string, CompiledPath<Endpoint>[]>()
  for (const endpoint of endpoints) {
    const method = endpoint.method.toUpperCase()
    byMethod.set(method, [...(byMethod.get(method) ?? []), ...compilePaths([endpoint])])
  }

  return async function serve(nodeReq, res) {
    const compiled = byMethod.get(nodeReq.method ?? '')
    if (!compiled || !nodeReq.url?.startsWith(`${apiRoute}/`)) return false
    const url = new URL(nodeReq.url, `http://${nodeReq.headers.host ?? 'localhost'}`)
    const match = matchPath(compiled, url.pathname.slice(apiRoute.length))
    if (!match) return false

    let body = ''
    try {
      body = await readBody(nodeReq)
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error
      res
        .writeHead(413, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message: 'The request body is too large.' }))
      return true
    }
    const req = await payloadRequestOf(payload, nodeReq, { url, routeParams: match.params, body })
    await sendWebResponse(res, await match.route.handler(req))
    return true
  }
}
