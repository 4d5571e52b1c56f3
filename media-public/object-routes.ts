// The route handlers that deliver objects (object-delivery.ts), mounted by the app in its own
// `app/` folder: `/public-objects/[...path]` for everyone, and `/s/[token]/o/[...path]` for a
// live share link's photos (hidden ones included when the link shows them). A share link of
// another property, or none, is 404; an expired or revoked one 410. Each is a factory over the
// Payload config, as Payload's own REST handlers are (`REST_GET(config)`).
import { getPayload, type SanitizedConfig } from 'payload'
import { defaultPropertyScope, propertyScopeById } from '../src/server/properties/default-property'
import { stampedProperty } from '../src/server/properties/property-header'
import { findShareLink, sharedMedia } from '../src/server/share-links/share-links'
import { unavailableAnswer } from '../src/server/http/unavailable'
import { deliverObject, parseObjectPath } from './object-delivery'

type Config = SanitizedConfig | Promise<SanitizedConfig>
type Context<P> = { params: Promise<P> }

const GONE_TEXT = { expired: 'This link has expired.', revoked: 'This link was revoked.', missing: 'There is no such link.' }

/** A store or database outage answers 503 with its message, anything else is thrown on. */
async function answering(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    const answer = unavailableAnswer(error)
    if (!answer) throw error
    return answer
  }
}

/** GET (and HEAD) /public-objects/{filename}[/{variant}]. */
export function publicObjectsRoute(config: Config) {
  return {
    GET: (request: Request, { params }: Context<{ path: string[] }>) =>
      answering(async () => deliverObject(await getPayload({ config }), request, (await params).path)),
  }
}

/** GET (and HEAD) /s/{token}/o/{filename}[/{variant}]. */
export function shareLinkObjectsRoute(config: Config) {
  return {
    GET: (request: Request, { params }: Context<{ token: string; path: string[] }>) =>
      answering(async () => {
        const payload = await getPayload({ config })
        const { token, path } = await params
        const stamp = stampedProperty(request.headers, payload.secret)
        const scope = (stamp && (await propertyScopeById(payload, stamp.id))) || (await defaultPropertyScope(payload))
        const opened = await findShareLink(payload, scope, token)
        if (opened.state !== 'live') {
          return new Response(GONE_TEXT[opened.state], {
            status: opened.state === 'missing' ? 404 : 410,
            headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
          })
        }
        // The one file asked for, if the link shows it: not the whole list for every image of its page.
        const filename = parseObjectPath(path)?.filename ?? null
        const shown = filename ? await sharedMedia(payload, scope, opened.link, { filename }) : []
        const sharedWith = new Set(shown.map((file) => file.filename))
        return deliverObject(payload, request, path, { sharedWith })
      }),
  }
}
