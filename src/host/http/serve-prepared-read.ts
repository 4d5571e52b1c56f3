// Answers the prepared reads (GET/HEAD) straight on Node's http response, in front of
// Next: no route-handler or REST-pipeline overhead, and the body goes out precompressed
// (brotli or gzip, built once per read-model version), which a Next route cannot do.
// The same answer functions back Payload's endpoints, so both paths answer alike.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { errorResponse } from '../../server/http/endpoint'
import { answerHeaders, isNotModified, type PreparedRead } from '../../server/http/prepared-answer'
import { outageBehindRefusal } from '../../server/http/unavailable'
import { compilePaths, matchPath } from './match-path'
import { payloadRequestOf } from './payload-request'

export type PreparedReadServer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

export function preparedReadServer(payload: Payload, reads: PreparedRead[], apiRoute = '/api'): PreparedReadServer {
  const compiled = compilePaths(reads)

  return async function serve(nodeReq, res) {
    if (nodeReq.method !== 'GET' && nodeReq.method !== 'HEAD') return false
    const url = new URL(nodeReq.url ?? '/', `http://${nodeReq.headers.host ?? 'localhost'}`)
    if (!url.pathname.startsWith(`${apiRoute}/`)) return false
    const match = matchPath(compiled, url.pathname.slice(apiRoute.length))
    if (!match) return false

    const req = await payloadRequestOf(payload, nodeReq, { url, routeParams: match.params })
    const { headers } = req

    try {
      const answer = await match.route.answer(req)
      const answerHeadersList = answerHeaders(answer)
      if (isNotModified(headers.get('if-none-match'), answerHeadersList.ETag)) {
        res.writeHead(304, answerHeadersList).end()
        return true
      }
      const { body, encoding } = await answer.body.encodedFor(headers.get('accept-encoding'))
      res.writeHead(200, {
        ...answerHeadersList,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': body.length,
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      })
      res.end(nodeReq.method === 'HEAD' ? undefined : body)
    } catch (error) {
      const response = errorResponse(await outageBehindRefusal(error, req), req)
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text())
    }
    return true
  }
}
