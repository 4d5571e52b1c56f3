// Who may frame a property's embed view, over HTTP (tests/helpers/host.ts: the
// product's request handling with a stand-in for Next's pages): `/embed…` of a property answers
// frame-ancestors with exactly the origins that property lists and no X-Frame-Options; every
// other answer, and any embed view of a property listing none, refuses all framing. The origins
// are validated when saved (400 with a message).
import http from 'node:http'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInAdmin, type Session } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let host: TestHost
let admin: Session
let homeId: string
let lodgeId: string

const HOME_ORIGINS = ['https://seaview-cottage.com', 'http://localhost:5173']
const LODGE_ORIGINS = ['https://lodge-bookings.example:8443']

/** The answer's framing headers; `hostHeader` asks as a visitor of that domain would. */
function headersOf(path: string, hostHeader?: string) {
  const { hostname, port } = new URL(host.url)
  return new Promise<{ status: number | undefined; frameAncestors: string | undefined; xFrameOptions: string | null }>((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: hostHeader ? { host: hostHeader } : {} }, (response) => {
        response.resume()
        response.on('end', () => {
          const policy = String(response.headers['content-security-policy'] ?? '')
          resolve({
            status: response.statusCode,
            frameAncestors: policy.split('; ').find((directive) => directive.startsWith('frame-ancestors ')),
            xFrameOptions: (response.headers['x-frame-options'] as string | undefined) ?? null,
          })
        })
      })
      .on('error', reject)
  })
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  const { docs } = await payload.find({ collection: 'properties', where: { isDefault: { equals: true } }, overrideAccess: true })
  homeId = String(docs[0].id)
  const lodge = await payload.create({
    collection: 'properties',
    data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC', domains: [{ domain: 'lodge.example.com' }] },
    overrideAccess: true,
  })
  lodgeId = String(lodge.id)
  await payload.create({ collection: 'properties', data: { name: 'Barn', slug: 'barn', timeZone: 'UTC' }, overrideAccess: true })
  const saved = await admin.json('PATCH', `/api/properties/${homeId}`, {
    body: { embedOrigins: [{ origin: 'HTTPS://Seaview-Cottage.com' }, { origin: 'http://localhost:5173' }] },
  })
  expect(saved.status).toBe(200)
  await payload.update({ collection: 'properties', id: lodgeId, data: { embedOrigins: LODGE_ORIGINS.map((origin) => ({ origin })) }, overrideAccess: true })
  host = await startTestHost(payload)
})

afterAll(async () => {
  await host?.close()
})

describe('the embed origins field', () => {
  it('keeps the origins lower-cased, in the order given', async () => {
    const { body } = await admin.json('GET', `/api/properties/${homeId}`)
    expect(body.embedOrigins.map((row: { origin: string }) => row.origin)).toEqual(HOME_ORIGINS)
  })

  it('refuses anything but https://host[:port] or http://localhost[:port] with a 400 and a message', async () => {
    for (const origin of ['https://seaview-cottage.com/gallery', 'http://seaview-cottage.com', '*', 'https://a.com; script-src *']) {
      const answer = await admin.json('PATCH', `/api/properties/${lodgeId}`, { body: { embedOrigins: [{ origin }] } })
      expect(answer.status, origin).toBe(400)
      expect(answer.body.errors[0].data.errors).toEqual([
        {
          label: 'Embed Origins 1 > Origin',
          message: 'Write https://host or https://host:port (http:// only for localhost or 127.0.0.1), with nothing after.',
          path: 'embedOrigins.0.origin',
        },
      ])
    }
    const { body } = await admin.json('GET', `/api/properties/${lodgeId}`)
    expect(body.embedOrigins.map((row: { origin: string }) => row.origin)).toEqual(LODGE_ORIGINS)
  })
})

describe("the embed view's framing policy", () => {
  it("names exactly its own property's origins, on the bare paths, under /p/{slug} and on a property's domain", async () => {
    // The proxy reads the properties again within a second of a change (docs/sharing.md: embedding).
    await expect.poll(async () => (await headersOf('/embed')).frameAncestors, { timeout: 10_000 }).toBe(
      'frame-ancestors https://seaview-cottage.com http://localhost:5173',
    )
    for (const path of ['/embed', '/embed/upstairs', '/embed?x=1', '/p/default/embed']) {
      expect(await headersOf(path), path).toEqual({
        status: 200,
        frameAncestors: 'frame-ancestors https://seaview-cottage.com http://localhost:5173',
        xFrameOptions: null,
      })
    }
    for (const [path, hostHeader] of [['/p/lodge/embed', undefined], ['/p/lodge/embed/main_level', undefined], ['/embed', 'lodge.example.com']] as const) {
      expect(await headersOf(path, hostHeader), `${hostHeader ?? ''}${path}`).toEqual({
        status: 200,
        frameAncestors: 'frame-ancestors https://lodge-bookings.example:8443',
        xFrameOptions: null,
      })
    }
  })

  it("answers frame-ancestors 'none' for a property that lists no origin", async () => {
    expect(await headersOf('/p/barn/embed')).toEqual({ status: 200, frameAncestors: "frame-ancestors 'none'", xFrameOptions: null })
  })

  it("keeps frame-ancestors 'none' and X-Frame-Options DENY on every other page, of every property", async () => {
    for (const path of ['/', '/gallery', '/gallery/upstairs', '/public', '/login', '/admin', '/api/sections', '/p/lodge/gallery', '/p/lodge/api/sections', '/embed/a/b', '/p/nowhere/embed']) {
      const headers = await headersOf(path)
      expect(headers.frameAncestors, path).toBe("frame-ancestors 'none'")
      expect(headers.xFrameOptions, path).toBe('DENY')
    }
  })

  it('follows a change of the list', async () => {
    await payload.update({ collection: 'properties', id: lodgeId, data: { embedOrigins: [{ origin: 'https://new-site.example' }] }, overrideAccess: true })
    await expect.poll(async () => (await headersOf('/p/lodge/embed')).frameAncestors).toBe('frame-ancestors https://new-site.example')
    expect((await headersOf('/embed')).frameAncestors).toBe('frame-ancestors https://seaview-cottage.com http://localhost:5173')
  })
})
