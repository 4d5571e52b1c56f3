// The uploader's per-file calls are answered by the Node server in front of Next
// (src/host/http/serve-direct.ts). The same endpoints answer the same way there as through
// Payload's REST handling: authentication, validation, the answers and the records made.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaEndpoint } from '../../endpoints/media-files'
import { uploaderEndpoints } from '../../endpoints/uploader'
import { poolOf } from '../../src/server/db/pool'
import { directEndpointServer } from '../../src/host/http/serve-direct'
import { ORIGIN, Session, signedInAdmin } from '../helpers/api'
import { makePhoto } from '../helpers/media-fixtures'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let admin: Session
let server: http.Server
let baseUrl: string

const mediaCount = async () => Number((await poolOf(payload).query('SELECT count(*) FROM media')).rows[0].count)

/** A call to the Node server, as the signed-in manager's browser makes it (or anonymously). */
async function direct(
  method: string,
  path: string,
  { body, cookie = admin.cookie, origin = ORIGIN } = {} as {
    body?: unknown
    cookie?: string | null
    origin?: string
  },
) {
  const headers: Record<string, string> = { origin }
  if (cookie) headers.cookie = cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

async function storedPhoto(name: string) {
  const photo = await makePhoto({ width: 400, height: 300 })
  const query = new URLSearchParams({ filename: name, type: 'image/jpeg', 'metadata[size]': String(photo.length) })
  const params = await direct('GET', `/api/s3/params?${query}`)
  expect(params.status).toBe(200)
  const form = new FormData()
  for (const [field, value] of Object.entries(params.body.fields as Record<string, string>)) form.append(field, value)
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name)
  expect((await fetch(params.body.url, { method: 'POST', body: form })).status).toBe(204)
  return { key: params.body.fields.key as string, size: photo.length }
}

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  const serve = directEndpointServer(payload, [...uploaderEndpoints, createMediaEndpoint])
  server = http.createServer((req, res) => {
    serve(req, res).then((served) => served || res.writeHead(404).end('{"message":"not here"}'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the uploader’s calls answered in front of Next', () => {
  it('stores a file and creates its record, answering as the REST path does', async () => {
    const { key, size } = await storedPhoto('Hot tub.jpg')
    const body = { filename: 'Hot tub.jpg', fileType: 'image', mimeType: 'image/jpeg', fileSize: size, objectPath: key }
    const created = await direct('POST', '/api/media-files', { body })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      originalFilename: 'Hot tub.jpg',
      fileType: 'image',
      fileSize: size,
      status: 'pending',
      tags: [],
      isHidden: 'false',
    })
    // The record and its ingest job were written together.
    const { rows } = await poolOf(payload).query(`SELECT count(*)::int AS jobs FROM payload_jobs WHERE input->>'mediaId' = $1`, [
      created.body.id,
    ])
    expect(rows[0].jobs).toBe(1)

    // The REST path answers the same record in the same shape.
    const listed = await admin.json<Array<Record<string, unknown>>>('GET', '/api/media-files')
    expect(listed.body.find((item) => item.id === created.body.id)).toEqual(created.body)

    const again = await direct('POST', '/api/media-files', { body })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A media record already exists for this upload.')
  })

  it('refuses anonymous callers, another site’s page, bad JSON and oversized bodies, creating nothing', async () => {
    const before = await mediaCount()
    const query = new URLSearchParams({ filename: 'a.jpg', type: 'image/jpeg', 'metadata[size]': '10' })
    expect((await direct('GET', `/api/s3/params?${query}`, { cookie: null })).status).toBe(401)
    expect((await direct('GET', `/api/s3/params?${query}`, { origin: 'https://elsewhere.example' })).status).toBe(401)

    const { key, size } = await storedPhoto('Porch.jpg')
    const body = { filename: 'Porch.jpg', fileType: 'image', mimeType: 'image/jpeg', fileSize: size, objectPath: key }
    expect((await direct('POST', '/api/media-files', { body, cookie: null })).status).toBe(401)
    const badJson = await direct('POST', '/api/media-files', { body: '{"filename":' })
    expect(badJson).toEqual({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    const invalid = await direct('POST', '/api/media-files', { body: { ...body, fileType: 'document' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toBe('The request body is invalid.')
    const huge = await direct('POST', '/api/media-files', { body: { ...body, filename: 'x'.repeat(2 * 1024 * 1024) } })
    expect(huge).toEqual({ status: 413, body: { message: 'The request body is too large.' } })
    expect(await mediaCount()).toBe(before)
  })

  it('leaves every other path to Next', async () => {
    expect((await direct('GET', '/api/media-files')).status).toBe(404)
    expect((await direct('DELETE', '/api/media-files/1')).status).toBe(404)
  })
})
