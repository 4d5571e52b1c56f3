// The sites allowed to frame a property's embed view (`/embed`, `/embed/{sectionId}`): origins
// only, `https://host[:port]`, or `http://localhost[:port]` for a site in development. Nothing
// else passes: no path, no wildcard, no other scheme, no space or quote (each origin goes into a
// Content-Security-Policy header as it is written). Used by the properties collection's field and
// by the proxy's header decision (src/server/http/security-headers.ts).

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const HTTPS_ORIGIN = new RegExp(`^https://${LABEL}(?:\\.${LABEL})*(?::(\\d{1,5}))?$`)
const LOCALHOST_ORIGIN = /^http:\/\/localhost(?::(\d{1,5}))?$/
const MAX_ORIGIN_LENGTH = 260

/** How an origin is kept: trimmed and lower-cased (scheme and host are case-insensitive). */
export function normalizeEmbedOrigin(value: string): string {
  return value.trim().toLowerCase()
}

/** What is wrong with an origin, in words the form shows; null when it may frame the embed view. */
export function embedOriginProblem(value: unknown): string | null {
  const origin = typeof value === 'string' ? value : ''
  const match = origin.length <= MAX_ORIGIN_LENGTH ? (HTTPS_ORIGIN.exec(origin) ?? LOCALHOST_ORIGIN.exec(origin)) : null
  const port = match?.[1]
  if (match && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535))) return null
  const shown = origin.length > 60 ? `${origin.slice(0, 60)}…` : origin
  return `"${shown}" is not an origin a site can frame the gallery from: write https://host or https://host:port (http:// only for localhost), with nothing after the host or port.`
}

/** The origins as a frame-ancestors source list: each once, in the order given; `'none'` when there are none. */
export function frameAncestorsOf(origins: readonly string[]): string[] {
  const allowed = [...new Set(origins.map(normalizeEmbedOrigin))].filter((origin) => embedOriginProblem(origin) === null)
  return allowed.length ? allowed : ["'none'"]
}
