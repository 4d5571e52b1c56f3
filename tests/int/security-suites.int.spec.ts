// Security suites (issue 13), over HTTP, through the proxy and the route handlers:
//   - access matrix: every route the product serves (Payload's endpoints and every collection's,
//     enumerated from the config, plus the app's own route handlers) × anonymous / the manager / the
//     manager's cookie sent from another origin → the expected status. A new route without a
//     row fails the suite.
//   - bad-input corpus: hundreds of malformed requests (many generated from the zod schemas);
//     each answers a 4xx with a message, never a 5xx or a stack trace, and no media, section or
//     user row changes.
//   - leak hunt: hidden, pending and failed media are absent from every surface a visitor can
//     reach (read API, Payload REST in its query forms, object delivery, the image optimiser,
//     the store itself).
//   - headers: every answer of the matrix carries the security headers.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { RENDITIONS_QUEUE } from '../../src/server/media/avif-renditions'
import { appStore } from '../../src/server/storage/index'
import { Session, signedInAdmin } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, managerClient, type CallOptions } from '../helpers/http-client'
import { loginSchema, registerSchema } from '../../src/lib/schemas/auth'
import { loadTimesSchema } from '../../src/lib/schemas/metrics'
import { assignSectionSchema, bulkAssignSchema, metadataSchema, reorderSchema } from '../../src/lib/schemas/placement'
import { removePropertySchema } from '../../src/lib/schemas/properties'
import { createMediaSchema, multipartCompleteSchema, multipartCreateSchema, uploadRequestSchema } from '../../src/lib/schemas/upload'
import { makePhoto, svgFile } from '../helpers/media-fixtures'
import { sectionIdOf } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { runJobs, uploadFile } from '../helpers/upload'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { runWait } from '../helpers/test-config'
import { concreteRequest, routesOf, type Route } from '../helpers/routes'
import { RUN_WAIT_MS } from '../../src/lib/constants'

const bucket = () => appStore().bucket

const EVIL_ORIGIN = 'https://evil.example'
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

let payload: Payload
let host: TestHost
let manager: HttpClient
type Listed = { id: string; filename: string; variantWidths: number[]; objectPath: string }
let visible: Listed
let upstairsId: string
let managerId: string
/** Media a visitor must never reach: hidden, waiting for processing, failed. */
let secrets: Record<'hidden' | 'pending' | 'failed', Listed & { storageKey: string }>
let stopBackupWorker: (() => Promise<void>) | undefined
const HIDDEN_MARKER = 'hidden-marker-7f3a'

type Expected = { anonymous: number; manager: number }

/**
 * Expected status per route for an anonymous caller and for the signed-in manager. The manager's
 * cookie from another origin must always get what an anonymous caller gets. Mutating calls name
 * records that do not exist (or send an empty body), so the manager's answer shows the call got
 * past authentication without changing anything.
 */
const MATRIX: Record<string, Expected> = {
  'GET /public-objects/:filename': { anonymous: 200, manager: 200 },
  'GET /public-objects/:filename/:variant': { anonymous: 200, manager: 200 },
  'GET /_next/image': { anonymous: 404, manager: 404 },
  // Payload's Next REST handler adds its Open Graph image endpoint; the proxy closes it.
  'GET /api/og': { anonymous: 404, manager: 404 },
  // A token no link has.
  'GET /s/:token': { anonymous: 404, manager: 404 },
  'GET /s/:token/o/:filename/:variant': { anonymous: 404, manager: 404 },
  'GET /api/user': { anonymous: 401, manager: 200 },
  'POST /api/login': { anonymous: 400, manager: 400 },
  'GET /api/register': { anonymous: 200, manager: 200 },
  'POST /api/register': { anonymous: 400, manager: 400 },
  'POST /api/logout': { anonymous: 200, manager: 200 },
  'GET /api/sections': { anonymous: 200, manager: 200 },
  'GET /api/sections/:sectionId/preview': { anonymous: 200, manager: 200 },
  'GET /api/sections/:sectionId/media': { anonymous: 200, manager: 200 },
  'POST /api/sections/:sectionId/bulk-assign': { anonymous: 401, manager: 404 },
  'PUT /api/sections/:sectionId/reorder': { anonymous: 401, manager: 404 },
  'GET /api/media-files': { anonymous: 200, manager: 200 },
  'GET /api/media-files/stats': { anonymous: 200, manager: 200 },
  'POST /api/media-files': { anonymous: 401, manager: 400 },
  'POST /api/media-files/batch': { anonymous: 401, manager: 400 },
  'DELETE /api/media-files/:id': { anonymous: 401, manager: 404 },
  'PUT /api/media-files/:id/section': { anonymous: 401, manager: 404 },
  'PUT /api/media-files/:id/metadata': { anonymous: 401, manager: 404 },
  'GET /api/media-files/:id/edits': { anonymous: 401, manager: 404 },
  // The empty body is refused (baseVersion and operations) before the id is looked up.
  'PUT /api/media-files/:id/edits': { anonymous: 401, manager: 400 },
  'DELETE /api/media-files/:id/edits': { anonymous: 401, manager: 404 },
  'POST /api/objects/upload': { anonymous: 401, manager: 400 },
  'GET /api/s3/params': { anonymous: 401, manager: 200 },
  'POST /api/s3/multipart': { anonymous: 401, manager: 400 },
  'GET /api/s3/multipart/:uploadId': { anonymous: 401, manager: 400 },
  'GET /api/s3/multipart/:uploadId/:partNumber': { anonymous: 401, manager: 400 },
  'POST /api/s3/multipart/:uploadId/complete': { anonymous: 401, manager: 400 },
  'DELETE /api/s3/multipart/:uploadId': { anonymous: 401, manager: 400 },
  'POST /api/metrics/load-times': { anonymous: 400, manager: 400 },
  'GET /api/access': { anonymous: 200, manager: 200 },
  'GET /api/health': { anonymous: 200, manager: 200 },
  // Analyze All: the manager's call starts a run that nothing here works on (202, the runs' one answer).
  'POST /api/media-files/analyze-all': { anonymous: 401, manager: 202 },
  // Runs: the list needs its kind (400 without); no such run, 404. Only the service writes runs.
  'GET /api/runs': { anonymous: 401, manager: 400 },
  'GET /api/runs/:id': { anonymous: 401, manager: 404 },
  // (Payload's count is behind GET /api/runs/:id: 'count' is no run id.)
  'GET /api/runs/count': { anonymous: 401, manager: 400 },
  'POST /api/runs': { anonymous: 403, manager: 403 },
  'DELETE /api/runs': { anonymous: 400, manager: 400 },
  'DELETE /api/runs/:id': { anonymous: 403, manager: 403 },
  'POST /api/runs/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/runs/versions': { anonymous: 404, manager: 404 },
  'POST /api/runs/:id/duplicate': { anonymous: 403, manager: 404 },
  'GET /api/runs/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/runs/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/runs': { anonymous: 400, manager: 400 },
  'PATCH /api/runs/:id': { anonymous: 403, manager: 403 },
  // Duplicates: the scan runs for real (it answers 202 while running); the download names no backup.
  'GET /api/duplicates': { anonymous: 401, manager: 200 },
  'POST /api/duplicates/scan': { anonymous: 401, manager: 202 },
  // Backups: the manager's create makes a real backup, and the restore restores it (nothing changes).
  'GET /api/backup/status': { anonymous: 401, manager: 200 },
  'POST /api/backup/create': { anonymous: 401, manager: 201 },
  'POST /api/backup/restore': { anonymous: 401, manager: 200 },
  'GET /api/backups': { anonymous: 401, manager: 200 },
  'GET /api/backups/:id/download': { anonymous: 401, manager: 404 },
  // Share links: an empty body says nothing to share; no such link to revoke.
  'POST /api/share-links': { anonymous: 401, manager: 400 },
  'GET /api/share-links': { anonymous: 401, manager: 200 },
  'DELETE /api/share-links/:id': { anonymous: 401, manager: 404 },
  // Listing readiness and exports: the channel's photos name no such photo; an export of the
  // visible photo is queued; a download without its signature is malformed.
  'GET /api/listing-readiness': { anonymous: 401, manager: 200 },
  'PUT /api/listing-channels/:channel': { anonymous: 401, manager: 404 },
  // The empty body is refused (mediaId and crops) before the photo is looked up.
  'PUT /api/listing-channels/:channel/cover-crops': { anonymous: 401, manager: 400 },
  'POST /api/exports': { anonymous: 401, manager: 202 },
  'GET /api/exports/:runId/download': { anonymous: 401, manager: 400 },
  // Properties: signed-in accounts read them over REST (visitors get them in the pages).
  'GET /api/properties/count': { anonymous: 403, manager: 200 },
  'POST /api/properties': { anonymous: 403, manager: 400 },
  'DELETE /api/properties': { anonymous: 400, manager: 400 },
  'DELETE /api/properties/:id': { anonymous: 403, manager: 404 },
  'POST /api/properties/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/properties/versions': { anonymous: 404, manager: 404 },
  'POST /api/properties/:id/duplicate': { anonymous: 404, manager: 404 },
  'GET /api/properties': { anonymous: 403, manager: 200 },
  'GET /api/properties/:id': { anonymous: 403, manager: 404 },
  'GET /api/properties/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/properties/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/properties': { anonymous: 400, manager: 400 },
  'PATCH /api/properties/:id': { anonymous: 403, manager: 404 },
  // Removal: a platform admin's call without the typed name is a 400.
  'POST /api/properties/:id/remove': { anonymous: 401, manager: 400 },
  // The multi-tenant plugin's options for the admin's property selector.
  'GET /api/properties/populate-tenant-options': { anonymous: 401, manager: 200 },
  'POST /api/users/forgot-password': { anonymous: 400, manager: 400 },
  'GET /api/users/init': { anonymous: 200, manager: 200 },
  'POST /api/users/login': { anonymous: 400, manager: 400 },
  'POST /api/users/logout': { anonymous: 400, manager: 200 },
  'GET /api/users/me': { anonymous: 200, manager: 200 },
  'POST /api/users/refresh-token': { anonymous: 403, manager: 200 },
  'POST /api/users/first-register': { anonymous: 403, manager: 403 },
  'POST /api/users/reset-password': { anonymous: 403, manager: 403 },
  'POST /api/users/unlock': { anonymous: 400, manager: 400 },
  'POST /api/users/verify/:id': { anonymous: 404, manager: 404 },
  'GET /api/users/count': { anonymous: 403, manager: 200 },
  'POST /api/users': { anonymous: 403, manager: 400 },
  'DELETE /api/users': { anonymous: 400, manager: 400 },
  'DELETE /api/users/:id': { anonymous: 403, manager: 404 },
  'POST /api/users/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/users/versions': { anonymous: 404, manager: 404 },
  'GET /api/users': { anonymous: 403, manager: 200 },
  'GET /api/users/:id': { anonymous: 403, manager: 200 },
  'GET /api/users/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/users/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/users': { anonymous: 400, manager: 400 },
  'PATCH /api/users/:id': { anonymous: 403, manager: 404 },
  'GET /api/media/paste-url/:id?': { anonymous: 404, manager: 404 },
  'GET /api/media/file/:filename': { anonymous: 404, manager: 404 },
  'GET /api/media/count': { anonymous: 200, manager: 200 },
  'POST /api/media': { anonymous: 403, manager: 400 },
  'DELETE /api/media': { anonymous: 400, manager: 400 },
  'DELETE /api/media/:id': { anonymous: 403, manager: 404 },
  'POST /api/media/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/media/versions': { anonymous: 404, manager: 404 },
  'POST /api/media/:id/duplicate': { anonymous: 403, manager: 404 },
  'GET /api/media': { anonymous: 200, manager: 200 },
  'GET /api/media/:id': { anonymous: 200, manager: 200 },
  'GET /api/media/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/media/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/media': { anonymous: 400, manager: 400 },
  'PATCH /api/media/:id': { anonymous: 403, manager: 404 },
  'GET /api/gallery-sections/count': { anonymous: 200, manager: 200 },
  'POST /api/gallery-sections': { anonymous: 403, manager: 400 },
  'DELETE /api/gallery-sections': { anonymous: 400, manager: 400 },
  'DELETE /api/gallery-sections/:id': { anonymous: 403, manager: 404 },
  'POST /api/gallery-sections/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/gallery-sections/versions': { anonymous: 404, manager: 404 },
  'GET /api/gallery-sections': { anonymous: 200, manager: 200 },
  'GET /api/gallery-sections/:id': { anonymous: 200, manager: 200 },
  'GET /api/gallery-sections/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/gallery-sections/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/gallery-sections': { anonymous: 400, manager: 400 },
  'PATCH /api/gallery-sections/:id': { anonymous: 403, manager: 404 },
  'GET /api/payload-locked-documents/count': { anonymous: 403, manager: 200 },
  'POST /api/payload-locked-documents': { anonymous: 403, manager: 400 },
  'DELETE /api/payload-locked-documents': { anonymous: 400, manager: 400 },
  'DELETE /api/payload-locked-documents/:id': { anonymous: 403, manager: 404 },
  'POST /api/payload-locked-documents/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/payload-locked-documents/versions': { anonymous: 404, manager: 404 },
  'POST /api/payload-locked-documents/:id/duplicate': { anonymous: 403, manager: 404 },
  'GET /api/payload-locked-documents': { anonymous: 403, manager: 200 },
  'GET /api/payload-locked-documents/:id': { anonymous: 403, manager: 404 },
  'GET /api/payload-locked-documents/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/payload-locked-documents/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/payload-locked-documents': { anonymous: 400, manager: 400 },
  'PATCH /api/payload-locked-documents/:id': { anonymous: 403, manager: 404 },
  'GET /api/payload-preferences/:key': { anonymous: 200, manager: 200 },
  'DELETE /api/payload-preferences/:key': { anonymous: 404, manager: 404 },
  'POST /api/payload-preferences/:key': { anonymous: 401, manager: 200 },
  'GET /api/payload-preferences/count': { anonymous: 200, manager: 200 },
  'POST /api/payload-preferences': { anonymous: 403, manager: 201 },
  'DELETE /api/payload-preferences': { anonymous: 404, manager: 404 },
  'DELETE /api/payload-preferences/:id': { anonymous: 404, manager: 404 },
  'POST /api/payload-preferences/access/:id?': { anonymous: 404, manager: 404 },
  'GET /api/payload-preferences/versions': { anonymous: 404, manager: 404 },
  'POST /api/payload-preferences/:id/duplicate': { anonymous: 403, manager: 403 },
  'GET /api/payload-preferences': { anonymous: 403, manager: 200 },
  'GET /api/payload-preferences/:id': { anonymous: 200, manager: 200 },
  'GET /api/payload-preferences/versions/:id': { anonymous: 404, manager: 404 },
  'POST /api/payload-preferences/versions/:id': { anonymous: 404, manager: 404 },
  'PATCH /api/payload-preferences': { anonymous: 400, manager: 400 },
  'PATCH /api/payload-preferences/:id': { anonymous: 403, manager: 403 },
}

/** Payload's collections the product does not serve at all (gallery-proxy.ts CLOSED_ROUTES). */
const CLOSED_COLLECTIONS = ['payload-jobs', 'payload-kv', 'payload-migrations']

/** A concrete request for a route: real records for reads, absent ones for writes. */
function concrete(route: Route): { url: string; options: CallOptions } {
  return concreteRequest(route, {
    filename: visible.filename,
    variant: `w${visible.variantWidths[0]}.webp`,
    sectionKey: 'upstairs',
    idFor: (collection, write) => {
      if (collection === 'gallery-sections') return write ? NO_SUCH_ID : upstairsId
      if (collection === 'media') return write ? NO_SUCH_ID : visible.id
      if (collection === 'users') return write ? NO_SUCH_ID : managerId
      return NO_SUCH_ID
    },
    mediaIds: [NO_SUCH_ID],
  })
}

async function fingerprint() {
  const pool = poolOf(payload)
  const one = async (sql: string) => (await pool.query(sql)).rows[0].fp as string | null
  return {
    media: await one(`SELECT md5(string_agg(m::text, '|' ORDER BY m.id)) AS fp FROM media m`),
    texts: await one(`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS fp FROM media_texts t`),
    sections: await one(`SELECT md5(string_agg(s::text, '|' ORDER BY s.id)) AS fp FROM gallery_sections s`),
    users: await one(`SELECT md5(string_agg(u::text, '|' ORDER BY u.id)) AS fp FROM users u`),
  }
}

const SECURITY_HEADERS = (headers: Headers) => ({
  csp: /frame-ancestors 'none'/.test(headers.get('content-security-policy') ?? ''),
  frame: headers.get('x-frame-options') === 'DENY',
  nosniff: headers.get('x-content-type-options') === 'nosniff',
  referrer: Boolean(headers.get('referrer-policy')),
})

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  host = await startTestHost(payload, { trustProxy: 'loopback' })
  manager = await managerClient(host.url)
  managerId = (await manager.call('GET', '/api/user')).body.id
  upstairsId = await sectionIdOf(payload, 'upstairs')
  const session = await signedInAdmin()
  const uploaded = await uploadFile(session, await makePhoto({ width: 900, height: 600, seed: 11 }), { filename: 'living-room.jpg', contentType: 'image/jpeg' })
  await runJobs(payload)
  await session.json('PUT', `/api/media-files/${uploaded.body.id}/section`, { body: { section: 'main_level' } })
  const hidden = await uploadFile(session, await makePhoto({ width: 900, height: 600, seed: 12 }), { filename: 'private-office.jpg', contentType: 'image/jpeg' })
  const failed = await uploadFile(session, svgFile(), { filename: 'not-a-photo.jpg', contentType: 'image/jpeg' })
  await runJobs(payload)
  await session.json('PUT', `/api/media-files/${hidden.body.id}/section`, { body: { section: 'hidden' } })
  await session.json('PUT', `/api/media-files/${hidden.body.id}/metadata`, { body: { description: HIDDEN_MARKER, tags: [HIDDEN_MARKER] } })
  // The AVIF renditions of the ready photos are made now, not by the worker during the matrix.
  await payload.jobs.run({ queue: RENDITIONS_QUEUE, limit: 10 })
  // Uploaded after the worker ran: still waiting for processing.
  const pending = await uploadFile(session, await makePhoto({ width: 900, height: 600, seed: 13 }), { filename: 'pending-kitchen.jpg', contentType: 'image/jpeg' })
  await session.json('PUT', `/api/media-files/${pending.body.id}/section`, { body: { section: 'main_level' } })
  const listed: Listed[] = (await manager.call('GET', '/api/media-files')).body
  const byId = (id: string) => listed.find((file) => file.id === id)!
  const keys = async (id: string) =>
    (await poolOf(payload).query('SELECT storage_key, derivatives FROM media WHERE id = $1', [id])).rows[0] as {
      storage_key: string
      derivatives: Array<{ key: string; width: number }> | null
    }
  visible = byId(uploaded.body.id)
  secrets = {} as typeof secrets
  for (const [kind, created] of Object.entries({ hidden, pending, failed })) {
    const row = await keys(created.body.id)
    secrets[kind as keyof typeof secrets] = { ...byId(created.body.id), storageKey: row.storage_key, variantWidths: (row.derivatives ?? []).map((d) => d.width) }
  }
  expect(byId(failed.body.id)).toMatchObject({ status: 'failed' })
  expect(byId(pending.body.id)).toMatchObject({ status: 'pending' })
  expect(secrets.hidden.variantWidths.length).toBeGreaterThan(0)
  // Create Backup and Restore run as jobs on the backup queue: its worker slot only, so the
  // pending upload above stays pending.
  stopBackupWorker = startJobsWorker(payload, 0, { analysisSlots: 0, sweep: false })
}, 180_000)

afterAll(async () => {
  await stopBackupWorker?.()
  await host?.close()
})

describe('access matrix', () => {
  it('has a row for every route the product serves, and every caller gets its expected status', async () => {
    const routes = routesOf(payload)
    const before = await fingerprint()
    const observed: Record<string, { anonymous: number; manager: number; crossSite: number }> = {}
    const missingHeaders: string[] = []
    for (const route of routes) {
      const key = `${route.method} ${route.path}`
      const { url, options } = concrete(route)
      // No worker here takes the default or the analysis queue, so a duplicate scan and Analyze All
      // never end: their calls answer 202 whatever the wait, and the runs' full wait (RUN_WAIT_MS)
      // would only pass the time. Backups run on the backup slot and keep the full wait, to answer 201 and 200.
      runWait.ms = route.path.startsWith('/api/duplicates/scan') || route.path.startsWith('/api/media-files/analyze-all') ? 500 : RUN_WAIT_MS
      const anonymous = await new HttpClient(host.url).call(route.method, url, options)
      // Signing out ends the session: that row signs a throw-away session in.
      const caller = route.path.endsWith('/logout') ? await managerClient(host.url) : manager
      const crossSite = await caller.call(route.method, url, { ...options, origin: EVIL_ORIGIN })
      const asManager = await caller.call(route.method, url, options)
      observed[key] = { anonymous: anonymous.status, manager: asManager.status, crossSite: crossSite.status }
      for (const response of [anonymous, crossSite, asManager]) {
        if (Object.values(SECURITY_HEADERS(response.headers)).includes(false)) missingHeaders.push(key)
      }
    }
    runWait.ms = RUN_WAIT_MS
    if (process.env.PRINT_MATRIX) console.log(JSON.stringify(observed, null, 2))
    const expected = (key: string): Expected | undefined =>
      MATRIX[key] ?? (CLOSED_COLLECTIONS.some((slug) => key.split(' ')[1].startsWith(`/api/${slug}`)) ? { anonymous: 404, manager: 404 } : undefined)
    const unlisted = Object.keys(observed).filter((key) => !expected(key))
    expect(unlisted, 'routes without a row in MATRIX').toEqual([])
    const mismatches = Object.entries(observed).filter(([key, got]) => {
      const want = expected(key)!
      return got.anonymous !== want.anonymous || got.manager !== want.manager || got.crossSite !== want.anonymous
    })
    expect(mismatches).toEqual([])
    expect(missingHeaders).toEqual([])
    expect(await fingerprint()).toEqual(before)
    console.log(`access matrix: ${routes.length} routes × 3 callers = ${routes.length * 3} calls asserted`)
    // A real backup and restore run as jobs by the worker.
  }, 180_000)
})

// ---------------------------------------------------------------------------------------------
// Bad-input corpus

/** `ignored`: a parameter Payload ignores or caps (a 2xx is fine, a 5xx is not). */
type Case = { label: string; method: string; path: string; options: CallOptions; anonymous?: boolean; ignored?: boolean }

const MB_STRING = 'x'.repeat(1_100_000)
/** Values no field of ours accepts as it is, or only where a record would have to exist. */
const HOSTILE: Array<[string, unknown]> = [
  ['a number', 12345],
  ['a negative fraction', -1.5],
  ['true', true],
  ['an empty list', []],
  ['an object', {}],
  ['a __proto__ object', JSON.parse('{"__proto__":{"polluted":true}}')],
  ['a constructor.prototype object', { constructor: { prototype: { polluted: true } } }],
  ['a NUL byte', 'a\u0000b'],
  ['right-to-left override text', '\u202Egpj.exe'],
  ['500 emoji', '😀'.repeat(500)],
  ['a 1 MB string', MB_STRING],
  ['a path traversal', '../../../etc/passwd'],
  ['100,000 ids', Array.from({ length: 100_000 }, () => NO_SUCH_ID)],
]
/** Spec §5 sanitises file names rather than refusing them: any text is a valid name there. */
const SANITISED_TEXT_FIELDS = new Set(['filename', 'originalFilename'])

type Target = { label: string; method: string; path: string; base: Record<string, unknown>; schema?: { shape: Record<string, unknown> }; anonymous?: boolean }

/** Mutating calls with a body; each names records that do not exist or is invalid as it stands. */
function targets(): Target[] {
  return [
    { label: 'sign-in', method: 'POST', path: '/api/login', base: { username: 'nobody-here', password: 'wrong password' }, schema: loginSchema, anonymous: true },
    { label: 'Payload sign-in', method: 'POST', path: '/api/users/login', base: { username: 'nobody-here', password: 'wrong password' }, schema: loginSchema, anonymous: true },
    { label: 'registration', method: 'POST', path: '/api/register', base: { username: 'intruder', password: 'long enough password' }, schema: registerSchema, anonymous: true },
    { label: 'section assignment', method: 'PUT', path: `/api/media-files/${NO_SUCH_ID}/section`, base: { section: 'backyard' }, schema: assignSectionSchema },
    { label: 'tags and notes', method: 'PUT', path: `/api/media-files/${NO_SUCH_ID}/metadata`, base: { notes: 'x' }, schema: metadataSchema },
    { label: 'bulk assignment', method: 'POST', path: '/api/sections/upstairs/bulk-assign', base: { mediaIds: [NO_SUCH_ID] }, schema: bulkAssignSchema },
    { label: 'reorder', method: 'PUT', path: '/api/sections/upstairs/reorder', base: { mediaIds: [NO_SUCH_ID] }, schema: reorderSchema },
    {
      label: 'record creation',
      method: 'POST',
      path: '/api/media-files',
      base: { filename: 'a.jpg', fileType: 'image', mimeType: 'image/jpeg', fileSize: 10, objectPath: 'originals/forged/a.jpg' },
      schema: createMediaSchema,
    },
    { label: 'upload URL', method: 'POST', path: '/api/objects/upload', base: { filename: 'a.svg', contentType: 'image/svg+xml' }, schema: uploadRequestSchema },
    { label: 'multipart start', method: 'POST', path: '/api/s3/multipart', base: { filename: 'a.html', type: 'text/html' }, schema: multipartCreateSchema },
    {
      label: 'multipart completion',
      method: 'POST',
      path: `/api/s3/multipart/${'f'.repeat(32)}/complete?key=originals/forged/a.jpg`,
      base: { parts: [{ PartNumber: 1, ETag: '"x"' }] },
      schema: multipartCompleteSchema,
    },
    { label: 'load-time report', method: 'POST', path: '/api/metrics/load-times', base: { samples: [-1] }, schema: loadTimesSchema, anonymous: true },
    {
      label: 'Payload media edit',
      method: 'PATCH',
      path: `/api/media/${NO_SUCH_ID}`,
      base: { sortOrder: 1 },
      schema: { shape: { sortOrder: 0, room: 0, section: 0, tags: 0, isHidden: 0, status: 0, description: 0, uploadedAt: 0 } },
    },
    { label: 'property removal', method: 'POST', path: `/api/properties/${NO_SUCH_ID}/remove`, base: { confirm: 'Nowhere' }, schema: removePropertySchema },
    { label: 'Payload section edit', method: 'PATCH', path: `/api/gallery-sections/${NO_SUCH_ID}`, base: { position: 1 }, schema: { shape: { position: 0, name: 0, colour: 0, key: 0 } } },
    { label: 'Payload media create', method: 'POST', path: '/api/media', base: { originalFilename: 'a.jpg' }, schema: { shape: { fileType: 0, section: 0, sortOrder: 0, status: 0 } } },
  ]
}

function corpus(): Case[] {
  const cases: Case[] = []
  for (const target of targets()) {
    const shape = Object.keys(target.schema?.shape ?? {})
    for (const field of shape) {
      for (const [name, value] of HOSTILE) {
        if (SANITISED_TEXT_FIELDS.has(field) && typeof value === 'string') continue
        cases.push({ label: `${target.label}: ${field} = ${name}`, method: target.method, path: target.path, options: { json: { ...target.base, [field]: value } }, anonymous: target.anonymous })
      }
    }
    const raw = JSON.stringify(target.base)
    const bodies: Array<[string, CallOptions]> = [
      ['JSON as text/plain', { body: raw, headers: { 'content-type': 'text/plain' } }],
      ['JSON without a content type', { body: new Blob([raw]) }],
      ['a urlencoded form', { body: new URLSearchParams({ payload: raw }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['malformed JSON', { body: '{"a":', headers: { 'content-type': 'application/json' } }],
      ['a JSON array', { body: '[1,2,3]', headers: { 'content-type': 'application/json' } }],
      ['a JSON string', { body: '"text"', headers: { 'content-type': 'application/json' } }],
      ['an empty JSON object', { json: {} }],
      ['an unknown field', { json: { ...target.base, isAdmin: true, mediaIds: 5 } }],
      ['a __proto__ key', { body: raw.replace(/^\{/, '{"__proto__":{"isAdmin":true},'), headers: { 'content-type': 'application/json' } }],
    ]
    for (const [name, options] of bodies) cases.push({ label: `${target.label}: ${name}`, method: target.method, path: target.path, options, anonymous: target.anonymous })
    cases.push({ label: `${target.label}: wrong method`, method: target.method === 'PUT' ? 'PATCH' : 'PUT', path: target.path, options: { json: target.base }, anonymous: target.anonymous })
  }
  const get = (label: string, path: string, anonymous = false): Case => ({ label, method: 'GET', path, options: {}, anonymous })
  cases.push(
    get('object path traversal', '/public-objects/..%2F..%2F..%2Fetc%2Fpasswd', true),
    get('object path with extra parts', '/public-objects/a/b/c/d', true),
    get('object with a NUL', '/public-objects/a%00b.jpg', true),
    get('object with an unknown rendition', `/public-objects/${'x'.repeat(2000)}/w999999.webp`, true),
    get('section id of emoji', '/api/sections/%F0%9F%98%80/media', true),
    get('section id __proto__', '/api/sections/__proto__/media', true),
    get('section id traversal', '/api/sections/..%2F..%2Fusers/media', true),
    get('includeHidden=maybe', '/api/sections/hidden/media?includeHidden=maybe', true),
    get('type=__proto__', '/api/media-files?type=__proto__', true),
    get('type as a list', '/api/media-files?type[]=image', true),
    get('an unknown query field', '/api/media-files?role=admin', true),
    get('REST: unknown field', '/api/media?where[password][equals]=x', true),
    get('REST: a date that is not one', '/api/media?where[createdAt][greater_than]=yesterday-ish', true),
    get('REST: a number that is not one', '/api/media?where[sortOrder][equals]=abc', true),
    get('REST: checkbox maybe', '/api/media?where[isHidden][equals]=maybe', true),
    get('REST: 300 ids that are not UUIDs', `/api/media?where[id][in]=${Array.from({ length: 300 }, (_, i) => `id-${i}`).join(',')}`, true),
    get('REST: deep nesting', `/api/media?${'where' + '[and][0]'.repeat(12)}[id][equals]=${NO_SUCH_ID}`, true),
    get('REST: operator on a json field', '/api/media?where[derivatives][equals]=1', false),
    get('REST: like on a number', '/api/media?where[sortOrder][like]=1', true),
    get('REST: within', '/api/media?where[id][within]=1', true),
    get('REST: intersects', '/api/media?where[id][intersects]=1', true),
    get('run id that is not one', '/api/runs/not-a-uuid', false),
    get('runs of an unknown kind', '/api/runs?kind=__proto__', false),
    get('runs with a limit that is not a number', '/api/runs?kind=analysis&limit=abc', false),
    get('runs with a huge limit', '/api/runs?kind=analysis&limit=1000000', false),
    get('runs with an unknown query field', '/api/runs?kind=backup&where[id][equals]=1', false),
    get('REST: bad id', '/api/media/not-a-uuid', true),
    get('REST: bad id as the manager', '/api/media/not-a-uuid', false),
    get('REST: bad user id', '/api/users/1', false),
    get('REST: section ids in a uuid list', '/api/users?where[id][in]=a,b', false),
    get('file route traversal', '/api/media/file/..%2F..%2Fetc%2Fpasswd', true),
    get('file route with a prefix', `/api/media/file/${encodeURIComponent('x.jpg')}?prefix=trash`, true),
    get('multipart listing with a traversal key', `/api/s3/multipart/${'f'.repeat(32)}?key=../../x`, false),
    get('multipart part number 0', `/api/s3/multipart/${'f'.repeat(32)}/0?key=originals/x/y.jpg`, false),
    get('upload params for an SVG', '/api/s3/params?filename=a.svg&type=image/svg%2Bxml&metadata[size]=10', false),
    get('upload params with a size of -1', '/api/s3/params?filename=a.jpg&type=image/jpeg&metadata[size]=-1', false),
  )
  for (const query of ['sort=__proto__', 'sort=-constructor', 'sort=password', 'limit=-1', 'limit=abc', 'limit=1000000', 'page=0', 'page=-5', 'depth=100', 'depth=-1', 'select[__proto__]=true', 'select[password]=true', 'populate[gallery-sections][name]=true', 'draft=true', 'locale=__proto__', 'trash=true']) {
    for (const anonymous of [true, false]) cases.push({ ...get(`REST: ${query}`, `/api/media?${query}`, anonymous), ignored: true })
  }
  return cases
}

describe('bad-input corpus', () => {
  it('answers every malformed request with a 4xx and a message, and changes no row', async () => {
    const before = await fingerprint()
    const cases = corpus()
    const serverErrors: string[] = []
    const notRefused: string[] = []
    const stackTraces: string[] = []
    const withoutMessage: string[] = []
    for (const [index, item] of cases.entries()) {
      const client = item.anonymous ? new HttpClient(host.url) : manager
      // Each request from its own address behind the trusted proxy: the corpus tests validation, not the rate limits.
      client.address = `10.99.${Math.floor(index / 250)}.${index % 250}`
      const response = await client.call(item.method, item.path, item.options)
      const label = `${item.label} (${item.method} ${item.path.slice(0, 80)}) → ${response.status}`
      if (response.status >= 500) serverErrors.push(label)
      else if (response.status < 400 && !item.ignored) notRefused.push(label)
      if (/\bat .+\.(js|ts|mjs):\d+/.test(response.text) || /node_modules/.test(response.text)) stackTraces.push(label)
      const json = response.headers.get('content-type')?.includes('json')
      if (json && response.status >= 400 && !/"message"\s*:\s*"[^"]+"/.test(response.text)) withoutMessage.push(label)
    }
    const after = await fingerprint()
    console.log(
      `bad-input corpus: ${cases.length} requests, ${serverErrors.length} 5xx, ${notRefused.length} not refused, ` +
        `${Object.keys(before).filter((table) => before[table as keyof typeof before] !== after[table as keyof typeof after]).length} tables changed`,
    )
    expect(cases.length).toBeGreaterThanOrEqual(100)
    expect({ serverErrors, notRefused }).toEqual({ serverErrors: [], notRefused: [] })
    expect(stackTraces).toEqual([])
    expect(withoutMessage).toEqual([])
    expect(after).toEqual(before)
    expect(host.errors).toEqual([])
    // Nothing sent under __proto__ or constructor.prototype reached a prototype (the server runs in this process).
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  }, 240_000)
})

// ---------------------------------------------------------------------------------------------
// Leak hunt

describe('leak hunt', () => {
  it('finds no hidden, pending or failed media on any surface a visitor reaches', async () => {
    const visitor = new HttpClient(host.url)
    const crossSite = { origin: EVIL_ORIGIN, cookie: manager.cookie }
    const leaks: string[] = []
    let surfaces = 0
    const needlesOf = (media: (typeof secrets)['hidden']) => [media.id, media.filename, media.storageKey, HIDDEN_MARKER]

    const json = [
      '/api/media-files',
      '/api/media-files?type=image',
      '/api/media-files/stats',
      '/api/sections',
      ...['all', 'hidden', 'main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors'].flatMap((id) => [`/api/sections/${id}/media`, `/api/sections/${id}/preview`]),
      '/api/media',
      '/api/media?limit=1000&depth=2',
      '/api/media?where[isHidden][equals]=true',
      '/api/media?where[status][not_equals]=ready',
      '/api/media?where[status][in]=pending,failed,processing',
      '/api/media?where[or][0][isHidden][equals]=true&where[or][1][status][equals]=failed',
      '/api/media?where[and][0][isHidden][equals]=true&where[and][1][isHidden][equals]=false',
      '/api/media?where[tags][contains]=' + HIDDEN_MARKER,
      '/api/media?where[description][like]=hidden-marker',
      '/api/media?select[filename]=true&select[isHidden]=true',
      '/api/media?sort=-isHidden',
      '/api/media?sort=status',
      '/api/media/count?where[isHidden][equals]=true',
      '/api/gallery-sections?depth=2',
      `/api/gallery-sections/${upstairsId}?depth=2`,
    ]
    for (const media of Object.values(secrets)) {
      json.push(
        `/api/media?where[id][equals]=${media.id}`,
        `/api/media?where[filename][equals]=${encodeURIComponent(media.filename)}`,
        `/api/media?where[filename][like]=${encodeURIComponent(media.filename.slice(0, 12))}`,
      )
    }
    for (const path of json) {
      for (const [who, options] of [['visitor', {}], ['cross-site cookie', crossSite]] as const) {
        surfaces++
        const response = await visitor.call('GET', path, options)
        if (response.status >= 500) leaks.push(`${who} ${path}: ${response.status}`)
        for (const [kind, media] of Object.entries(secrets)) {
          for (const needle of needlesOf(media)) if (response.text.includes(needle)) leaks.push(`${who} ${path}: ${kind} ${needle}`)
        }
      }
    }

    for (const [kind, media] of Object.entries(secrets)) {
      const name = encodeURIComponent(media.filename)
      const widths = media.variantWidths.length ? media.variantWidths : [400]
      const objects = [
        `/public-objects/${name}`,
        ...widths.map((width) => `/public-objects/${name}/w${width}.webp`),
        `/public-objects/${name}/poster.jpg`,
        `/api/media/${media.id}`,
        `/api/media/${media.id}?depth=0`,
        `/api/media/file/${name}`,
        `/_next/image?url=${encodeURIComponent(`/public-objects/${media.filename}`)}&w=640&q=75`,
        ...widths.map((width) => `/_next/image?url=${encodeURIComponent(`/public-objects/${media.filename}/w${width}.webp`)}&w=640&q=75`),
      ]
      for (const path of objects) {
        for (const [who, options] of [['visitor', {}], ['cross-site cookie', crossSite]] as const) {
          surfaces++
          const response = await visitor.call('GET', path, options)
          if (response.status < 400 || response.status >= 500) leaks.push(`${who} ${path} (${kind}): ${response.status}`)
          if (response.text.includes(media.filename) || response.text.includes(HIDDEN_MARKER)) leaks.push(`${who} ${path} (${kind}): body names it`)
        }
      }
      // The store itself, as anyone on the machine could reach it.
      const store = process.env.S3_ENDPOINT!
      const derived = (await poolOf(payload).query('SELECT derivatives FROM media WHERE id = $1', [media.id])).rows[0].derivatives as Array<{ key: string }> | null
      for (const key of [media.storageKey, `trash/${media.storageKey}`, ...(derived ?? []).map((d) => d.key)]) {
        surfaces++
        const response = await fetch(`${store}/${bucket()}/${key.split('/').map(encodeURIComponent).join('/')}`, { headers: { Origin: EVIL_ORIGIN } })
        if (response.status !== 403) leaks.push(`store ${key} (${kind}): ${response.status}`)
        if (response.headers.get('access-control-allow-origin')) leaks.push(`store ${key} (${kind}): CORS for ${EVIL_ORIGIN}`)
      }
    }
    for (const listing of ['?list-type=2', '?list-type=2&prefix=trash/', '?list-type=2&prefix=originals/', '?uploads']) {
      surfaces++
      const response = await fetch(`${process.env.S3_ENDPOINT}/${bucket()}${listing}`)
      if (response.status !== 403) leaks.push(`store listing ${listing}: ${response.status}`)
    }
    // The visible photo is reachable, so the hunt is looking in the right places.
    expect((await visitor.call('GET', `/public-objects/${encodeURIComponent(visible.filename)}`)).status).toBe(200)
    expect((await visitor.call('GET', '/api/media-files')).text).toContain(visible.id)
    console.log(`leak hunt: ${surfaces} surfaces checked for ${Object.keys(secrets).length} kinds of media, ${leaks.length} leaks`)
    expect(leaks).toEqual([])
  }, 120_000)
})
