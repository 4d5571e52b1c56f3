// Next's proxy: every request but Next's own static files goes through the gallery's first
// (property addressing, client address, closed routes, body hygiene, security headers, the
// sign-in redirect of /admin, share links' gate), as in any app that adds the gallery.
import { galleryProxy } from 'property-gallery/proxy'

export const proxy = galleryProxy()

export const config = {
  matcher: ['/((?!_next/static/|_next/webpack-hmr).*)'],
}
