// Payload names each of its errors after its class (`this.name = this.constructor.name`), and the
// level an error is logged at follows that name (config.loggingLevels: a client's mistake —
// NotFound, Forbidden, ValidationError… — at info, with its message only). The production build
// minifies server code, class names included: a 404 was logged as an error named "n", with its
// whole stack. This gives Payload's exported error classes their own names back.
//
// Not by turning the server's minification off (`experimental.serverMinification`): that grew
// Next's server by about 80 MB of memory (282 → 361 MB after the public pages' first loads).
import * as payloadExports from 'payload'

/** Names each error class `payload` exports after its export. Idempotent. */
export function namePayloadErrors(): void {
  for (const [name, value] of Object.entries(payloadExports)) {
    if (typeof value !== 'function' || !(value.prototype instanceof Error) || value.name === name) continue
    Object.defineProperty(value, 'name', { value: name, configurable: true })
  }
}
