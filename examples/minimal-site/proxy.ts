// Every request but Next's own static files goes through the gallery's proxy first (property
// addressing, client address, closed routes, security headers, the sign-in redirect of /admin).
import { galleryProxy } from 'property-gallery/proxy'

export const proxy = galleryProxy()

export const config = {
  matcher: ['/((?!_next/static/|_next/webpack-hmr).*)'],
}
