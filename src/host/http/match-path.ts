// Matches a request path against route paths in Payload's syntax (`/sections/:sectionId/media`).

export type CompiledPath<T> = { route: T; segments: string[] }

export function compilePaths<T extends { path: string }>(routes: T[]): CompiledPath<T>[] {
  return routes.map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }))
}

export function matchPath<T>(compiled: CompiledPath<T>[], path: string): { route: T; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean)
  for (const { route, segments } of compiled) {
    if (segments.length !== parts.length) continue
    const params: Record<string, string> = {}
    let matched = true
    for (let i = 0; i < segments.length && matched; i++) {
      const segment = segments[i]
      if (segment.startsWith(':')) {
        try {
          params[segment.slice(1)] = decodeURIComponent(parts[i])
        } catch {
          params[segment.slice(1)] = parts[i]
        }
      } else matched = segment === parts[i]
    }
    if (matched) return { route, params }
  }
  return null
}
