// The product's host server (src/host/http/host-server.ts) for integration tests: the same
// checks, headers and routes as src/host/serve.ts, with Payload's REST handling standing in
// for Next behind it (pages are not built in integration tests). A path Next would serve that
// is not an API call is answered 200 by the stand-in, so a route the host server should have
// closed shows up as served.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleEndpoints, type Payload } from 'payload'
import { readEnv } from '../../src/server/env'
import { trustProxyFrom } from '../../src/host/http/client-address'
import { hostRequestHandler } from '../../src/host/http/host-server'
import { sendWebResponse, toHeaders } from '../../src/host/http/node-bridge'
import { productRoutes } from '../../src/host/http/product-routes'
import { securityHeaders, storeOrigins } from '../../src/host/http/security-headers'
import { testConfig as config } from './test-config'
import { propertyAddressing } from '../../src/host/http/property-address'
import { pageHeadersFor } from '../../src/host/http/page-headers'

export const NEXT_STAND_IN = 'next stand-in'

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

async function payloadRest(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
  if (!url.pathname.startsWith('/api/')) {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(NEXT_STAND_IN)
    return
  }
  const body = await readBody(req)
  const request = new Request(url, {
    method: req.method,
    headers: toHeaders(req),
    body: body.length && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined,
  })
  await sendWebResponse(res, await handleEndpoints({ config, request }))
}

export type TestHost = { url: string; errors: unknown[]; close: () => Promise<void> }

export async function startTestHost(payload: Payload, { trustProxy }: { trustProxy?: string } = {}): Promise<TestHost> {
  const errors: unknown[] = []
  const server = http.createServer(
    hostRequestHandler({
      trust: trustProxyFrom(trustProxy),
      secret: payload.secret,
      headers: securityHeaders({ connect: storeOrigins(readEnv()) }),
      pageHeaders: pageHeadersFor({ connect: storeOrigins(readEnv()) }),
      address: propertyAddressing(payload, trustProxyFrom(trustProxy)),
      routes: productRoutes(payload),
      next: payloadRest,
      onError: (error) => errors.push(error),
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    errors,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
