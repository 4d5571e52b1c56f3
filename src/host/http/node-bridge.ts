// Between Node's http objects and Web Requests/Responses, for the answers the Node
// server in front of Next sends itself (with every header intact, Content-Length included).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

export function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

/** A body-less Web Request for a GET/HEAD (enough for reads). */
export function toWebRequest(req: IncomingMessage): Request {
  return new Request(new URL(req.url ?? '/', 'http://internal'), { method: req.method, headers: toHeaders(req) })
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  // Every Set-Cookie kept (a Headers object folds the others, and Object.fromEntries would keep one).
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers)
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  if (!response.body) {
    res.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body as unknown as NodeReadableStream), res).catch(() => res.destroy())
}
