// The security headers of a request once its property is known (host-server.ts `pageHeaders`):
// the embed view's allow the origins its own property lists to frame it, every other answer's
// refuse all framing (security-headers.ts). The property is the one the request was addressed to
// (property-address.ts), so one property's list never reaches another's pages.
import type { IncomingMessage } from 'node:http'
import { addressedProperty } from './property-address'
import { pageSecurityHeaders } from './security-headers'

export function pageHeadersFor(options: { connect?: string[]; dev?: boolean }) {
  return (req: IncomingMessage): Record<string, string> =>
    pageSecurityHeaders({ ...options, path: req.url ?? '/', embedOrigins: addressedProperty(req)?.embedOrigins ?? [] })
}
