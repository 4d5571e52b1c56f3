// The host server's answer when what a route needs is down: 503 with the message (JSON for a
// caller, a page for a person), a Retry-After, and a 500 only for other failures.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trustProxyFrom } from '../../src/host/http/client-address'
import { hostRequestHandler } from '../../src/host/http/host-server'

const DATABASE_DOWN = 'The gallery cannot reach its database right now. Please try again in a moment.'
const STORE_DOWN = 'The gallery cannot reach its file storage right now. Please try again in a moment.'
let server: http.Server
let base: string
const errors: unknown[] = []

beforeAll(async () => {
  server = http.createServer(
    hostRequestHandler({
      trust: trustProxyFrom(undefined),
      secret: 'a test secret',
      headers: {},
      routes: [
        async (req) => {
          if (req.url?.includes('store')) {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED', $metadata: { attempts: 3 } })
          }
          if (req.url?.includes('broken')) throw new Error('a bug')
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
        },
      ],
      next: () => undefined,
      onError: (error) => errors.push(error),
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the host server during an outage', () => {
  it('answers an API caller 503 with the message', async () => {
    const response = await fetch(`${base}/api/sections`)
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ message: DATABASE_DOWN })
  })

  it('names the store when the store is down', async () => {
    const response = await fetch(`${base}/public-objects/store/a.jpg`, { headers: { accept: 'image/webp,*/*' } })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: STORE_DOWN })
  })

  it('shows a person a page', async () => {
    const response = await fetch(`${base}/gallery`, { headers: { accept: 'text/html,application/xhtml+xml' } })
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toContain('text/html')
    const page = await response.text()
    expect(page).toContain('Temporarily Unavailable')
    expect(page).toContain(DATABASE_DOWN)
  })

  it('still answers 500, without details, for any other failure', async () => {
    const response = await fetch(`${base}/api/broken`)
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
    expect(errors.length).toBeGreaterThan(0)
  })
})
