// The guest's side of a share link (src/server/share-links/share-links.ts), answered by the host
// before Next: `/s/{token}` (the page, rendered by Next once the link is known to be live) and
// `/s/{token}/o/{filename}[/{variant}]` (its photos' files, hidden ones included when the link
// includes them). A link of another property, or none, is 404; an expired or revoked one 410 with
// a page saying so. Nothing here is indexed or kept by shared caches.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Payload } from 'payload'
import { deliverObject, parseObjectPath } from '../../../media-public/object-delivery'
import { defaultPropertyScope, propertyScopeById } from '../../server/properties/default-property'
import { stampedProperty } from '../../server/properties/property-header'
import { countShareLinkOpen, findShareLink, sharedMedia } from '../../server/share-links/share-links'
import type { HostRoute } from './host-server'
import { sendWebResponse, toWebRequest } from './node-bridge'

const SHARE_PATH = /^\/s\/([A-Za-z0-9_-]{43})(?:\/o\/(.+))?$/

const GONE: Record<'expired' | 'revoked' | 'missing', { status: number; text: string }> = {
  expired: { status: 410, text: 'This link has expired.' },
  revoked: { status: 410, text: 'This link was revoked.' },
  missing: { status: 404, text: 'There is no such link.' },
}

function plainPage(res: ServerResponse, { status, text }: { status: number; text: string }) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0"><main><h1>${text}</h1><p>Ask whoever sent it for a new one.</p></main></body></html>`,
  )
}

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

export function shareLinkRoutes(payload: Payload): HostRoute {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const pathname = new URL(req.url ?? '/', 'http://internal').pathname
    const match = SHARE_PATH.exec(pathname)
    if (!match) return false
    const [, token, objectPath] = match
    const stamp = stampedProperty(req.headers, payload.secret)
    const scope = (stamp && (await propertyScopeById(payload, stamp.id))) || (await defaultPropertyScope(payload))
    const opened = await findShareLink(payload, scope, token)
    if (opened.state !== 'live') {
      if (objectPath) {
        res.writeHead(opened.state === 'missing' ? 404 : 410, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' })
        res.end(GONE[opened.state].text)
      } else plainPage(res, GONE[opened.state])
      return true
    }
    if (objectPath) {
      const parts = objectPath.split('/').map(safeDecode)
      // The one file asked for, if the link shows it: not the whole list for every image of its page.
      const filename = parseObjectPath(parts)?.filename ?? null
      const shown = filename ? await sharedMedia(payload, scope, opened.link, { filename }) : []
      const sharedWith = new Set(shown.map((file) => file.filename))
      await sendWebResponse(res, await deliverObject(payload, toWebRequest(req), parts, { sharedWith }))
      return true
    }
    // The page: Next renders it. A client-side navigation or prefetch is not an opening.
    if (!req.headers.rsc && !req.headers['next-router-prefetch']) await countShareLinkOpen(payload, scope, opened.link.id)
    res.setHeader('X-Robots-Tag', 'noindex')
    res.setHeader('Cache-Control', 'private, no-store')
    return false
  }
}
