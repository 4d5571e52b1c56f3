// The app over HTTP for integration tests that need a real connection (a socket's address, raw
// request lines, several clients): a Node server that does what the gallery's hook does in Next's
// server (src/server/http/server-requests.ts: the socket's address appended to X-Forwarded-For) and hands the request
// to the app as Next would (next-app.ts: the proxy, then the route handlers; pages are a stand-in).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { Payload } from 'payload'
import { appendPeer } from '../../src/server/http/forwarded'
import { appFetcher, NEXT_STAND_IN, type Page } from './next-app'

export { NEXT_STAND_IN }

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

async function send(res: http.ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers)
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  if (!response.body) return void res.end()
  await pipeline(Readable.fromWeb(response.body as unknown as NodeReadableStream), res).catch(() => res.destroy())
}

export type TestHost = { url: string; errors: unknown[]; close: () => Promise<void> }

export async function startTestHost(
  _payload: Payload,
  { trustProxy, page }: { trustProxy?: string; page?: Page } = {},
): Promise<TestHost> {
  const errors: unknown[] = []
  const appFetch = appFetcher({ trustProxy, page })
  const server = http.createServer((req, res) => {
    void (async () => {
      req.headers['x-forwarded-for'] = appendPeer(req.headers['x-forwarded-for'], req.socket.remoteAddress)
      const body = await readBody(req)
      const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`
      const request = new Request(url, {
        method: req.method,
        headers: headersOf(req),
        body: body.length && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined,
      })
      await send(res, await appFetch(request))
    })().catch((error: unknown) => {
      errors.push(error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }))
    })
  })
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
