// The running Payload, for the code Next runs before any route: the proxy (src/proxy.ts) is
// bundled apart from the app's routes and cannot import the Payload config without bundling all
// of it again, so the gallery's onInit leaves its Payload here, on the process's global object,
// as Payload keeps its own instance (`global._payload`). Next runs the proxy in the server's
// process, so both see the same one.
import type { Payload } from 'payload'

const KEY = Symbol.for('property-gallery.payload')

type Holder = { [KEY]?: Payload }

export function registerGalleryRuntime(payload: Payload): void {
  ;(globalThis as Holder)[KEY] = payload
}

/** The Payload the gallery's onInit registered, or undefined before it ran. */
export function galleryRuntime(): Payload | undefined {
  return (globalThis as Holder)[KEY]
}

/** The running Payload, for the gallery's pages (they cannot import an app's config). */
export async function galleryPayload(): Promise<Payload> {
  const payload = galleryRuntime()
  if (!payload) throw new Error('The gallery has not started: its plugin registers Payload when Payload starts.')
  return payload
}
