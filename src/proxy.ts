// Next's proxy: every request but Next's own static files goes through the gallery's first
// (src/server/http/gallery-proxy.ts: property addressing, client address, closed routes, body
// hygiene, security headers, the sign-in redirect of /admin, share links' gate).
import { galleryProxy } from './server/http/gallery-proxy'

export const proxy = galleryProxy()

export const config = {
  matcher: ['/((?!_next/static/|_next/webpack-hmr).*)'],
}
