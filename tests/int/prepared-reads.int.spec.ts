// The server the launcher runs answers the read API itself, in front of Next, with
// precompressed bodies. It must answer exactly as the Payload-routed endpoints do.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFileReads } from '../../endpoints/media-files'
import { sectionReads } from '../../endpoints/sections'
import { preparedReadServer } from '../../src/host/http/serve-prepared-read'
import { ORIGIN, Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let admin: Session
let hiddenId: string
let server: http.Server
let base: string

/** Raw HTTP (no automatic decompression), as the bytes leave the server. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { origin: ORIGIN, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  for (let i = 0; i < 30; i++)
    await createMedia(payload, { section: i % 2 ? 'upstairs' : 'backyard', description: `Photo ${i} `.repeat(10) })
  hiddenId = String((await createMedia(payload, { section: null, isHidden: true, originalFilename: 'hidden-one.jpg' })).id)
  const serve = preparedReadServer(payload, [...sectionReads, ...mediaFileReads])
  server = http.createServer((req, res) => {
    void serve(req, res).then((served) => served || res.writeHead(418).end('not a prepared read'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('prepared reads served in front of Next', () => {
  it('answer visitors exactly like the Payload-routed endpoints', async () => {
    for (const path of [
      '/api/sections',
      '/api/media-files?type=image',
      '/api/sections/upstairs/media',
      '/api/sections/upstairs/preview',
    ]) {
      const fast = await get(path)
      const viaPayload = await new Session().request('GET', path)
      expect(fast.status).toBe(200)
      expect(fast.body.toString()).toBe(await viaPayload.text())
      expect(fast.headers.etag).toBe(viaPayload.headers.get('etag'))
    }
  })

  it('leave every other request to Next', async () => {
    expect((await get('/api/media')).status).toBe(418)
    expect((await get('/gallery')).status).toBe(418)
    expect((await get('/api/sections/upstairs/bulk-assign')).status).toBe(418)
  })

  it('never give a visitor hidden media, and give the admin everything', async () => {
    expect((await get('/api/media-files')).body.toString()).not.toContain(hiddenId)
    expect((await get('/api/media-files', { cookie: admin.cookie! })).body.toString()).toContain(hiddenId)
    expect((await get('/api/media-files', { cookie: 'payload-token=forged' })).body.toString()).not.toContain(hiddenId)
    expect(
      (await get('/api/media-files', { cookie: admin.cookie!, origin: 'https://evil.example' })).body.toString(),
    ).not.toContain(hiddenId)
  })

  it('send brotli or gzip when accepted, and 304 for a known version', async () => {
    const plain = (await get('/api/media-files')).body.toString()
    const br = await get('/api/media-files', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(plain)
    const gz = await get('/api/media-files', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(plain)
    expect((await get('/api/media-files', { 'if-none-match': String(br.headers.etag) })).status).toBe(304)
  })

  it('refuse bad input the same way', async () => {
    const unknown = await get('/api/sections/attic/media')
    expect(unknown.status).toBe(404)
    expect(JSON.parse(unknown.body.toString())).toEqual({ message: 'Section "attic" was not found.' })
    expect((await get('/api/media-files?type=audio')).status).toBe(400)
    expect((await get('/api/sections/hidden/media?includeHidden=true')).status).toBe(401)
  })
})
