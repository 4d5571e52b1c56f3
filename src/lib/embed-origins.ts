// The sites allowed to frame a property's embed view (`/embed`, `/embed/{sectionId}`): origins
// only, `https://host[:port]`, or `http://localhost[:port]` or `http://127.0.0.1[:port]` (the
// same machine by name or by address: a browser sends whichever the site was opened by) for a
// site in development. Nothing
// else passes: no path, no wildcard, no other scheme, no space or quote (each origin goes into a
// Content-Security-Policy header as it is written). Used by the properties collection's field and
// by the proxy's header decision (src/server/http/security-headers.ts).

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HTTPS_ORIGIN = new RegExp(`^https://${LABEL}(?:\\.${LABEL})*(?::(\\d{1,5}))?$`)
const LOCALHOST_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1)(?::(\d{1,5}))?$/
const MAX_ORIGIN_LENGTH = 260
/** What the field accepts, as a refused origin's message. */
const EMBED_ORIGIN_RULE = 'Write https://host or https://host:port (http:// only for localhost or 127.0.0.1), with nothing after.'

/** How an origin is kept: trimmed and lower-cased (scheme and host are case-insensitive). */
export function normalizeEmbedOrigin(value: string): string {
  return value.trim().toLowerCase()
}

/**
 * What is wrong with an origin, in words the form shows at the field (Payload draws them on one
 * line, cut beyond about a hundred characters: the value itself stands beside them); null when it
 * may frame the embed view.
 */
export function embedOriginProblem(value: unknown): string | null {
  const origin = typeof value === 'string' ? value : ''
  const match = origin.length <= MAX_ORIGIN_LENGTH ? (HTTPS_ORIGIN.exec(origin) ?? LOCALHOST_ORIGIN.exec(origin)) : null
  const port = match?.[1]
  if (match && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535))) return null
  return EMBED_ORIGIN_RULE
}

/** The origins as a frame-ancestors source list: each once, in the order given; `'none'` when there are none. */
export function frameAncestorsOf(origins: readonly string[]): string[] {
  const allowed = [...new Set(origins.map(normalizeEmbedOrigin))].filter((origin) => embedOriginProblem(origin) === null)
  return allowed.length ? allowed : ["'none'"]
}
