// A small fixed-window rate limiter per client address, for sign-in, registration
// and upload URLs. Per instance: enough to slow down guessing; the account lockout
// (Payload's maxLoginAttempts) is the durable defence.
import type { PayloadRequest } from 'payload'
import { HttpError } from './errors'

type Window = { startedAt: number; count: number }

export function rateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, Window>()
  return function check(req: PayloadRequest, scope = '') {
    const key = `${clientAddress(req)}|${scope}`
    const now = Date.now()
    let window = windows.get(key)
    if (!window || now - window.startedAt >= windowMs) {
      if (windows.size > 10_000) windows.clear()
      window = { startedAt: now, count: 0 }
      windows.set(key, window)
    }
    window.count += 1
    if (window.count > limit) {
      const retryAfter = Math.ceil((window.startedAt + windowMs - now) / 1000)
      throw new HttpError(429, `Too many attempts. Try again in ${retryAfter} seconds.`)
    }
  }
}

function clientAddress(req: PayloadRequest): string {
  const forwarded = req.headers.get('x-forwarded-for')
  return forwarded?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'local'
}
