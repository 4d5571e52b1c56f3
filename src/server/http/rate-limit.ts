// A small fixed-window rate limiter per client address, for sign-in, registration, upload
// URLs and load-time reports. Per instance: enough to slow down guessing; the account lockout
// (Payload's maxLoginAttempts) is the durable defence. The address is the one the proxy
// vouches for (client-address.ts), never a forwarding header a client can write.
import type { PayloadRequest } from 'payload'
import { requestClientAddress } from './client-address'
import { RefusedRequest } from './errors'

type Window = { startedAt: number; count: number }

/** A 429 Payload's REST handler and our endpoints both answer as such (with its message), logged at info. */
export class TooManyAttempts extends RefusedRequest {
  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 429)
  }
}

export function rateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, Window>()
  return function check(req: Pick<PayloadRequest, 'headers' | 'payload'>, scope = '') {
    const key = `${requestClientAddress(req)}|${scope}`
    const now = Date.now()
    let window = windows.get(key)
    if (!window || now - window.startedAt >= windowMs) {
      if (windows.size > 10_000) windows.clear()
      window = { startedAt: now, count: 0 }
      windows.set(key, window)
    }
    window.count += 1
    if (window.count > limit) throw new TooManyAttempts(Math.ceil((window.startedAt + windowMs - now) / 1000))
  }
}
