// The one way the host builds a Payload request for the endpoints it answers in front of Next
// (the uploader's calls, the prepared reads): the caller authenticated by Payload's own
// strategies (session cookie or API key) and the request completed by Payload's createLocalReq,
// so an endpoint sees the same `req` shape here as behind Payload's REST handler, scoped to its
// property as the endpoints scope theirs.
import type { IncomingMessage } from 'node:http'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { userFromHeaders } from '../../server/auth/request-user'
import { scopeRequest } from '../../server/properties/request-property'
import { toHeaders } from './node-bridge'

export async function payloadRequestOf(
  payload: Payload,
  nodeReq: IncomingMessage,
  { url, routeParams, body = '' }: { url: URL; routeParams: Record<string, string>; body?: string },
): Promise<PayloadRequest> {
  const headers = toHeaders(nodeReq)
  const user = await userFromHeaders(payload, headers)
  const partial = {
    headers,
    url: url.toString(),
    method: nodeReq.method,
    routeParams,
    payloadAPI: 'REST',
    text: async () => body,
    json: async () => JSON.parse(body),
  } as unknown as Partial<PayloadRequest>
  const req = await createLocalReq({ req: partial, user: user ?? undefined }, payload)
  await scopeRequest(req)
  return req
}
