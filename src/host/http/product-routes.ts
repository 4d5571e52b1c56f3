// The answers the host server gives without Next: object delivery (/public-objects/…), share
// links' gate and files (/s/{token}…, share-link-routes.ts), the
// prepared reads (precompressed, per read-model version) and every other product API route
// (endpoints/index.ts), each answered by its one Endpoint. Next is left with pages and
// Payload's own admin and REST. Shared by src/host/serve.ts and the integration tests, which
// put the same host server in front of Payload's REST handling.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { apiEndpoints, preparedReads } from '../../../endpoints'
import { deliverObject } from '../../../media-public/object-delivery'
import type { HostRoute } from './host-server'
import { sendWebResponse, toWebRequest } from './node-bridge'
import { directEndpointServer } from './serve-direct'
import { preparedReadServer } from './serve-prepared-read'
import { shareLinkRoutes } from './share-link-routes'

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

export function productRoutes(payload: Payload): HostRoute[] {
  const servePreparedRead = preparedReadServer(payload, preparedReads)
  const serveDirect = directEndpointServer(payload, apiEndpoints)
  const serveObject = async (req: IncomingMessage, res: ServerResponse) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/public-objects/')) return false
    const parts = new URL(req.url, 'http://internal').pathname.split('/').slice(2).map(safeDecode)
    await sendWebResponse(res, await deliverObject(payload, toWebRequest(req), parts))
    return true
  }
  return [serveObject, shareLinkRoutes(payload), servePreparedRead, serveDirect]
}
