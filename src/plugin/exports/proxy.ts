// `property-gallery/proxy`: what an app's `proxy.ts` runs for every request (property addressing,
// client address, closed routes, body hygiene, security headers, /admin's sign-in redirect, share
// links' gate). An entry point of its own, so the proxy's bundle does not take in the plugin's
// config: it finds the running Payload the plugin's start-up registered (gallery-runtime.ts).
export { galleryProxy } from '../../server/http/gallery-proxy'
