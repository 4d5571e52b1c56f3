// The hot reads are also served by Next route handlers outside Payload's REST pipeline.
// They must answer exactly as the Payload-routed endpoints do, for visitors and admins.
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as getMediaFiles } from '../../src/app/(payload)/api/media-files/route'
import { GET as getSectionMedia } from '../../src/app/(payload)/api/sections/[sectionId]/media/route'
import { GET as getSections } from '../../src/app/(payload)/api/sections/route'
import { ORIGIN, Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let admin: Session
let hiddenId: string

const call = (handler: typeof getSections, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  handler(new Request(`${ORIGIN}${path}`, { headers: { Origin: ORIGIN, ...headers } }), { params: Promise.resolve(params) })

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  for (let i = 0; i < 30; i++) await createMedia(payload, { section: i % 2 ? 'upstairs' : 'backyard', description: `Photo ${i} `.repeat(10) })
  hiddenId = String((await createMedia(payload, { section: null, isHidden: true, originalFilename: 'hidden-one.jpg' })).id)
})

describe('Next route handlers for the hot reads', () => {
  it('answer visitors exactly like the Payload-routed endpoints', async () => {
    for (const [handler, path, params] of [
      [getSections, '/api/sections', {}],
      [getMediaFiles, '/api/media-files?type=image', {}],
      [getSectionMedia, '/api/sections/upstairs/media', { sectionId: 'upstairs' }],
    ] as const) {
      const fast = await call(handler, path, params)
      const viaPayload = await new Session().request('GET', path)
      expect(fast.status).toBe(200)
      expect(await fast.text()).toBe(await viaPayload.text())
      expect(fast.headers.get('etag')).toBe(viaPayload.headers.get('etag'))
    }
  })

  it('never give a visitor hidden media, and give the admin everything', async () => {
    const anonymous = await (await call(getMediaFiles, '/api/media-files')).text()
    expect(anonymous).not.toContain(hiddenId)
    const forAdmin = await call(getMediaFiles, '/api/media-files', {}, { Cookie: admin.cookie! })
    expect(await forAdmin.text()).toContain(hiddenId)
    const forged = await call(getMediaFiles, '/api/media-files', {}, { Cookie: 'payload-token=forged' })
    expect(await forged.text()).not.toContain(hiddenId)
  })

  it('serve brotli or gzip when accepted, and 304 for a known version', async () => {
    const plain = await (await call(getMediaFiles, '/api/media-files')).text()
    const br = await call(getMediaFiles, '/api/media-files', {}, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain)
    const gz = await call(getMediaFiles, '/api/media-files', {}, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    const etag = br.headers.get('etag')!
    expect((await call(getMediaFiles, '/api/media-files', {}, { 'If-None-Match': etag })).status).toBe(304)
  })

  it('refuse bad input the same way', async () => {
    expect((await call(getSectionMedia, '/api/sections/attic/media', { sectionId: 'attic' })).status).toBe(404)
    expect((await call(getMediaFiles, '/api/media-files?type=audio')).status).toBe(400)
  })
})
