// Security suites, cross-property callers (issue 25): the access matrix's routes (every route
// the product serves, tests/helpers/routes.ts) called by people of property A — its manager,
// its content editor — and by an anonymous visitor, against property B (the Lodge):
//   - on A's address (the bare paths) naming B's records: its media, its sections' ids, its
//     users, its property, its run and its backup. Each such call is refused (4xx), and no
//     answer on A's address holds anything of B.
//   - under B's prefix (/p/lodge/…). A's people and visitors may read what B shows the public
//     (its visible photo), never its hidden media, notes, runs or backups; every write is refused
//     but the few that touch only the caller's own account.
//   - by Host header: B's domain, and a domain no property has (the default property answers).
// Across the whole matrix B's rows and its objects in the store do not change. Then the calls
// that carry a B media id inside an A call one by one: bulk assign, reorder, metadata, section,
// delete, delete keeping another file, restore and download of B's backup.
import crypto from 'node:crypto'
import http from 'node:http'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RUN_WAIT_MS } from '../../src/lib/constants'
import { poolOf } from '../../src/server/db/pool'
import { startJobsWorker } from '../../src/server/jobs/worker'
import { recordLoadTimes } from '../../src/server/metrics/load-times'
import { defaultPropertyScope, propertyScopeById } from '../../src/server/properties/default-property'
import type { PropertyScope } from '../../src/server/db/property-db'
import { seedSections } from '../../src/server/sections/seed-sections'
import { headObject } from '../../src/server/storage/head-object'
import { putObject } from '../../src/server/storage/put-object'
import { PASSWORD } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, managerClient } from '../helpers/http-client'
import { createMedia, sectionIdOf } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { concreteRequest, MUTATING, routeKey, routesOf, type Route } from '../helpers/routes'
import { runWait } from '../helpers/test-config'

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'
const LODGE_DOMAIN = 'lodge.example.com'
const PREFIX = '/p/lodge'

/** Texts only B's records hold: the visible photo's are public, the others are not. */
const MARK = {
  room: 'lodge-room-marker-5b1e',
  tag: 'lodge-tag-marker-5b1e',
  description: 'lodge-description-marker-5b1e',
  notes: 'lodge-notes-marker-5b1e',
  hiddenDescription: 'lodge-hidden-description-5b1e',
  hiddenTag: 'lodge-hidden-tag-5b1e',
  hiddenNotes: 'lodge-hidden-notes-5b1e',
}

/**
 * Writes under B's prefix that A's people may make: they touch only the caller's own account
 * (its session and its admin-panel preferences), whichever property the request addresses.
 */
const OWN_ACCOUNT_WRITES: Record<string, string> = {
  'POST /api/logout': "ends the caller's own session",
  'POST /api/users/logout': "ends the caller's own session",
  'POST /api/users/refresh-token': "renews the caller's own session",
  'POST /api/payload-preferences': "saves the caller's own admin-panel preference",
  'POST /api/payload-preferences/:key': "saves the caller's own admin-panel preference",
}

/**
 * POSTs that change nothing: the admin panel's question what the caller may do with one record.
 * It answers only for a record the caller may read (endpoints/doc-access.ts): on B's address, a
 * visitor's for B's public photo and sections; never B's hidden photo, and nothing for A's people.
 */
const READ_ONLY_POSTS = new Set(
  ['media', 'gallery-sections', 'users', 'properties', 'runs', 'payload-locked-documents', 'payload-preferences'].map(
    (slug) => `POST /api/${slug}/access/:id?`,
  ),
)

/**
 * Payload's bulk update and delete (PATCH/DELETE /api/{collection}?where=…) act on the rows the
 * caller may change, whatever property the address names (the admin panel is served on one
 * address for every property): aimed at B's record they answer 200 having changed none. Such an
 * answer must list no document.
 */
const isBulk = (route: Route) => (route.method === 'PATCH' || route.method === 'DELETE') && /^\/api\/[^/]+$/.test(route.path)
const changedNone = (body: any) => Array.isArray(body?.docs) && body.docs.length === 0 && Array.isArray(body?.errors) && body.errors.length === 0

/**
 * Calls on A's address that name a B record and are still answered 2xx, with why. Object URLs
 * carry no property (pages under /p/lodge load their images from the bare /public-objects/ path),
 * so B's visible photo is served on any address, as it is to anyone on B's; its hidden one is not.
 */
const PUBLIC_ON_ANY_ADDRESS = new Set(['GET /public-objects/:filename', 'GET /public-objects/:filename/:variant'])

let payload: Payload
let pool: Pool
let host: TestHost
let home: PropertyScope
let lodge: PropertyScope
let platform: HttpClient
let managerOfA: HttpClient
let editorOfA: HttpClient
const b = {
  visible: { id: '', filename: '' },
  hidden: { id: '', filename: '' },
  upstairs: '',
  keeper: '',
  runId: '',
  backupId: '',
  backupFile: '',
  groupId: '',
  shareLinkId: '',
  shareToken: '',
}
const a = { photo: '' }

/** Everything of B: the texts and ids no answer on A's address may hold. */
const everyMarker = () => [
  ...privateMarkers(),
  b.visible.id,
  b.visible.filename,
  b.upstairs,
  lodge.id,
  MARK.room,
  MARK.tag,
  MARK.description,
]
/** What B shows no visitor and no one of A, under its own address either. */
const privateMarkers = () => [
  b.hidden.id,
  b.hidden.filename,
  b.runId,
  b.backupId,
  b.backupFile,
  b.groupId,
  b.shareLinkId,
  b.shareToken,
  b.keeper,
  'lodge-keeper',
  MARK.notes,
  MARK.hiddenDescription,
  MARK.hiddenTag,
  MARK.hiddenNotes,
]
const found = (text: string, needles: string[]) => needles.filter((needle) => needle && text.includes(needle))
/** The needles an answer may not hold, but the ids the request sent itself ("Media file {id} was not found."). */
const unsent = (needles: string[], url: string, json: unknown) => needles.filter((needle) => !url.includes(needle) && !JSON.stringify(json ?? '').includes(needle))

async function signIn(username: string) {
  const client = new HttpClient(host.url)
  const login = await client.call('POST', '/api/login', { json: { username, password: PASSWORD } })
  if (login.status !== 200) throw new Error(`Could not sign in ${username}: ${login.text}`)
  return client
}

async function register(username: string, role: string, property: string) {
  const made = await platform.call('POST', '/api/register', { json: { username, password: PASSWORD, role, properties: [property] } })
  expect(made.status).toBe(201)
  return String(made.body.id)
}

/** A GET with its own Host header (fetch cannot send one), as a client with this cookie. */
const getWithHost = (path: string, hostName: string, cookie: string | null) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const url = new URL(path, host.url)
    const headers: Record<string, string> = { host: hostName }
    if (cookie) headers.cookie = cookie
    http
      .get({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      .on('error', reject)
  })

/** A processed photo of B: its original and one rendition in the store. */
async function lodgePhoto(name: string, data: Record<string, unknown>) {
  const key = crypto.randomUUID()
  const original = `originals/${key}/${name}`
  const rendition = `derived/${key}/400.webp`
  await putObject({ key: original, body: crypto.randomBytes(1500), contentType: 'image/jpeg' })
  await putObject({ key: rendition, body: crypto.randomBytes(500), contentType: 'image/webp' })
  const doc = await createMedia(payload, {
    property: lodge.id,
    originalFilename: name,
    storageKey: original,
    derivatives: [{ width: 400, key: rendition }],
    ...data,
  })
  return { id: String(doc.id), filename: String(doc.filename) }
}

/** B's rows (every table that holds them) and its objects in the store, with their ETags. */
async function fingerprintOfB() {
  const rows = async (text: string) => (await pool.query(text, [lodge.id])).rows.map((row) => JSON.stringify(row.row))
  const tables = {
    property: await rows('SELECT to_jsonb(p) AS row FROM properties p WHERE id = $1'),
    domains: await rows('SELECT to_jsonb(d) AS row FROM properties_domains d WHERE _parent_id = $1 ORDER BY id'),
    version: await rows('SELECT to_jsonb(v) AS row FROM gallery_read_version v WHERE property_id = $1'),
    sections: await rows('SELECT to_jsonb(s) AS row FROM gallery_sections s WHERE property_id = $1 ORDER BY id'),
    media: await rows('SELECT to_jsonb(m) AS row FROM media m WHERE property_id = $1 ORDER BY id'),
    texts: await rows('SELECT to_jsonb(t) AS row FROM media_texts t JOIN media m ON m.id = t.parent_id WHERE m.property_id = $1 ORDER BY t.id'),
    groups: await rows(
      `SELECT jsonb_build_object('group', to_jsonb(g), 'members', (SELECT jsonb_agg(to_jsonb(gm) ORDER BY gm.position) FROM duplicate_group_members gm WHERE gm.group_id = g.id)) AS row
         FROM duplicate_groups g WHERE property_id = $1 ORDER BY id`,
    ),
    runs: await rows('SELECT to_jsonb(r) AS row FROM runs r WHERE property_id = $1 ORDER BY id'),
    backups: await rows('SELECT to_jsonb(x) AS row FROM backups x WHERE property_id = $1 ORDER BY id'),
    backupIndex: await rows('SELECT to_jsonb(i) AS row FROM backup_object_index i WHERE property_id = $1 ORDER BY key'),
    loadSamples: await rows('SELECT to_jsonb(l) AS row FROM gallery_load_samples l WHERE property_id = $1 ORDER BY id'),
    // Openings are counted for whoever opens the link under B's address, as for any guest.
    shareLinks: await rows(`SELECT to_jsonb(k) - 'opens' AS row FROM share_links k WHERE property_id = $1 ORDER BY id`),
    assignments: await rows(
      `SELECT jsonb_build_object('assignment', to_jsonb(up), 'user', to_jsonb(u)) AS row
         FROM users_properties up JOIN users u ON u.id = up._parent_id WHERE up.property_id = $1 ORDER BY up.id`,
    ),
  }
  const keys = (
    await pool.query<{ key: string }>(
      `SELECT storage_key AS key FROM media WHERE property_id = $1 AND storage_key IS NOT NULL
       UNION SELECT d->>'key' FROM media, jsonb_array_elements(coalesce(derivatives, '[]'::jsonb)) d WHERE property_id = $1
       UNION SELECT object_key FROM backups WHERE property_id = $1`,
      [lodge.id],
    )
  ).rows.map((row) => row.key)
  const objects: Record<string, string | null> = {}
  for (const key of keys.sort()) {
    const head = await headObject({ key })
    objects[key] = head ? `${head.etag} ${head.size}` : null
    // Deleting a file moves its objects to trash/: none of B's may be there.
    objects[`trash/${key}`] = (await headObject({ key: `trash/${key}` })) ? 'present' : null
  }
  return { tables, objects }
}

/** The media rows of A (the calls that carry B's ids are A's calls too: A's rows stay). */
const mediaOfA = async () =>
  (await pool.query('SELECT to_jsonb(m) AS row FROM media m WHERE property_id = $1 ORDER BY id', [home.id])).rows.map((row) => JSON.stringify(row.row))

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  host = await startTestHost(payload, { trustProxy: 'loopback' })
  home = await defaultPropertyScope(payload)
  const created = await payload.create({
    collection: 'properties',
    data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC', domains: [{ domain: LODGE_DOMAIN }] } as never,
    overrideAccess: true,
  })
  lodge = (await propertyScopeById(payload, String(created.id)))!
  await seedSections(payload, lodge.id)
  b.upstairs = await sectionIdOf(payload, 'upstairs', lodge.id)

  // The first account is the platform admin; it adds A's manager and editor, and B's manager.
  platform = await managerClient(host.url, 'owner')
  await register('manager-of-a', 'property-manager', home.id)
  await register('editor-of-a', 'content-editor', home.id)
  b.keeper = await register('lodge-keeper', 'property-manager', lodge.id)
  managerOfA = await signIn('manager-of-a')
  editorOfA = await signIn('editor-of-a')

  a.photo = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'home-loft.jpg', room: 'Hall' })).id)
  b.visible = await lodgePhoto('lodge-terrace.jpg', {
    section: 'upstairs',
    room: MARK.room,
    tags: [MARK.tag],
    description: MARK.description,
    notes: MARK.notes,
  })
  b.hidden = await lodgePhoto('lodge-private-office.jpg', {
    section: null,
    isHidden: true,
    description: MARK.hiddenDescription,
    tags: [MARK.hiddenTag],
    notes: MARK.hiddenNotes,
  })
  const group = await pool.query<{ id: string }>(
    `INSERT INTO duplicate_groups (property_id, confidence, reason) VALUES ($1, 90, 'same') RETURNING id::text AS id`,
    [lodge.id],
  )
  b.groupId = group.rows[0].id
  for (const [position, id] of [b.visible.id, b.hidden.id].entries()) {
    await pool.query('INSERT INTO duplicate_group_members (group_id, media_id, position) VALUES ($1, $2, $3)', [b.groupId, id, position])
  }
  await recordLoadTimes(payload, lodge, [1.25, 2.5])

  // A real backup of B, made through the API by the platform admin under B's address.
  const stopBackupWorker = startJobsWorker(payload, 0, { analysisSlots: 0, sweep: false })
  try {
    const backup = await platform.call('POST', `${PREFIX}/api/backup/create`, { json: {} })
    expect(backup.status, backup.text).toBe(201)
  } finally {
    await stopBackupWorker()
  }
  const made = (await pool.query('SELECT id::text AS id, file FROM backups WHERE property_id = $1', [lodge.id])).rows
  expect(made).toHaveLength(1)
  b.backupId = made[0].id
  b.backupFile = made[0].file
  const runs = (await pool.query(`SELECT id::text AS id FROM runs WHERE property_id = $1`, [lodge.id])).rows
  expect(runs).toHaveLength(1)
  b.runId = runs[0].id
  // A live link to B's upstairs, hidden photos included.
  const link = await platform.call('POST', `${PREFIX}/api/share-links`, { json: { sectionId: 'upstairs', includeHidden: true } })
  expect(link.status, link.text).toBe(201)
  b.shareLinkId = link.body.id
  b.shareToken = /\/s\/([A-Za-z0-9_-]{43})$/.exec(link.body.url)![1]

  // The needles are where the platform admin looks: its answers under B's address hold them.
  const adminView = [
    await platform.call('GET', `${PREFIX}/api/media-files`),
    await platform.call('GET', `${PREFIX}/api/backups`),
    await platform.call('GET', `${PREFIX}/api/runs/${b.runId}`),
    await platform.call('GET', `${PREFIX}/api/duplicates`),
    await platform.call('GET', `${PREFIX}/api/share-links`),
  ]
  const seen = adminView.map((response) => response.text).join('\n')
  for (const needle of [b.hidden.id, b.hidden.filename, MARK.notes, MARK.hiddenNotes, MARK.hiddenTag, b.backupId, b.runId, b.shareLinkId, b.shareToken]) expect(seen).toContain(needle)
}, 120_000)

afterAll(async () => {
  runWait.ms = RUN_WAIT_MS
  await host?.close()
})

type Caller = { name: string; client: () => Promise<HttpClient>; username?: string }

describe('cross-property matrix', () => {
  it("refuses every call of A's people and of visitors on B's records, shows them none of B's private data, and changes nothing of B", async () => {
    const callers: Caller[] = [
      { name: 'manager of A', client: async () => managerOfA, username: 'manager-of-a' },
      { name: 'editor of A', client: async () => editorOfA, username: 'editor-of-a' },
      { name: 'anonymous', client: async () => new HttpClient(host.url) },
    ]
    const before = await fingerprintOfB()
    const aBefore = await mediaOfA()
    const routes = routesOf(payload)
    const serverErrors: string[] = []
    const notRefused: string[] = []
    const leaks: string[] = []
    let calls = 0
    // No worker runs here: A's own runs (an analysis, a scan, a backup) are queued and answer 202
    // after a short wait rather than the runs' full one.
    runWait.ms = 300
    for (const route of routes) {
      const key = routeKey(route)
      const collection = /^\/api\/([^/]+)/.exec(route.path)?.[1]
      const carriesMedia =
        collection === 'media' ||
        collection === 'media-files' ||
        /\/(bulk-assign|reorder)$/.test(route.path) ||
        route.path.startsWith('/public-objects') ||
        route.path.startsWith('/s/')
      for (const photo of carriesMedia ? [b.hidden, b.visible] : [b.hidden]) {
        const { url, options } = concreteRequest(route, {
          filename: photo.filename,
          variant: 'w400.webp',
          sectionKey: 'upstairs',
          idFor: (name) => idOfB(name, photo.id),
          runId: b.runId,
          token: b.shareToken,
          mediaIds: [photo.id],
          bodyFor: writeBody,
        })
        const path = bulkWhere(route, url, photo.id)
        const namesB = [photo.id, b.upstairs, b.keeper, lodge.id, b.runId, b.backupId, b.shareLinkId, b.shareToken].some(
          (id) => url.split('?')[0].includes(id) || JSON.stringify(options.json ?? '').includes(id),
        ) || route.path.startsWith('/public-objects')
        for (const address of ['A', 'B'] as const) {
          const target = address === 'A' ? path : `${PREFIX}${path}`
          for (const caller of callers) {
            // Signing out ends the session: that call signs a throw-away session in.
            const client = route.path.endsWith('/logout') && caller.username ? await signIn(caller.username) : await caller.client()
            const response = await client.call(route.method, target, options)
            calls++
            const label = `${caller.name} ${route.method} ${target.slice(0, 110)} → ${response.status}`
            if (response.status >= 500) serverErrors.push(label)
            const refused = response.status >= 400 && response.status < 500
            const succeeded = response.status >= 200 && response.status < 300
            if (isBulk(route) && succeeded && !changedNone(response.body)) notRefused.push(`${label}: changed ${response.text.slice(0, 200)}`)
            if (address === 'A') {
              if (namesB && !refused && !(PUBLIC_ON_ANY_ADDRESS.has(key) && photo === b.visible)) notRefused.push(label)
              for (const needle of found(response.text, unsent(everyMarker(), target, options.json))) leaks.push(`${label}: ${needle}`)
            } else {
              const exempt = OWN_ACCOUNT_WRITES[key] || READ_ONLY_POSTS.has(key) || isBulk(route)
              if (MUTATING.has(route.method) && !exempt && !refused) notRefused.push(label)
              for (const needle of found(response.text, unsent(privateMarkers(), target, options.json))) leaks.push(`${label}: ${needle}`)
            }
          }
        }
      }
    }
    runWait.ms = RUN_WAIT_MS
    const after = await fingerprintOfB()
    console.log(
      `cross-property matrix: ${routes.length} routes × ${calls} calls asserted (${serverErrors.length} 5xx, ${notRefused.length} not refused, ${leaks.length} leaks)`,
    )
    expect({ serverErrors, notRefused, leaks }).toEqual({ serverErrors: [], notRefused: [], leaks: [] })
    expect(after).toEqual(before)
    expect(await mediaOfA()).toEqual(aBefore)
    expect(host.errors).toEqual([])
  }, 240_000)
})

/** The B record a route's `:id` names, by its collection; the media file this pass names. */
function idOfB(collection: string | undefined, mediaId: string) {
  switch (collection) {
    case 'media':
    case 'media-files':
      return mediaId
    case 'gallery-sections':
      return b.upstairs
    case 'users':
      return b.keeper
    case 'properties':
      return lodge.id
    case 'runs':
      return b.runId
    case 'backups':
      return b.backupId
    case 'share-links':
      return b.shareLinkId
    default:
      return NO_SUCH_ID
  }
}

/** Bodies that would change B's record were the call let through. */
function writeBody(route: Route): unknown {
  if (route.path === '/api/backup/restore') return { backupId: b.backupId }
  if (route.path === '/api/properties/:id/remove') return { confirm: 'Lodge' }
  if (route.method !== 'PATCH') return {}
  switch (/^\/api\/([^/]+)/.exec(route.path)?.[1]) {
    case 'media':
      return { description: 'taken over', isHidden: false, room: 'Taken' }
    case 'gallery-sections':
      return { name: 'Taken' }
    case 'users':
      return { username: 'taken-over', role: 'platform-admin' }
    case 'properties':
      return { name: 'Taken', domains: [] }
    case 'runs':
      return { status: 'failed' }
    default:
      return {}
  }
}

/** Payload's bulk update and delete of a collection: aimed at B's record by a where. */
function bulkWhere(route: Route, url: string, mediaId: string) {
  if (route.method !== 'PATCH' && route.method !== 'DELETE') return url
  const collection = /^\/api\/([^/]+)$/.exec(route.path)?.[1]
  if (!collection) return url
  const id = idOfB(collection, mediaId)
  return id === NO_SUCH_ID ? url : `${url}?where[id][equals]=${id}`
}

describe('reads on the other addresses', () => {
  it("shows B's visitors only its public photo, and a Host naming no property none of B", async () => {
    const reads = [
      '/api/media-files',
      '/api/media-files/stats',
      '/api/sections',
      '/api/sections/hidden/media?includeHidden=true',
      '/api/sections/upstairs/media',
      '/api/sections/upstairs/preview',
      `/api/media?limit=100&depth=2`,
      `/api/media?where[property][equals]=${lodge.id}`,
      `/api/media?where[isHidden][equals]=true`,
      `/api/media/${b.hidden.id}`,
      `/api/media/${b.visible.id}`,
      `/api/media/count?where[property][equals]=${lodge.id}`,
      `/api/gallery-sections?depth=2&limit=100`,
      `/api/gallery-sections/${b.upstairs}`,
      '/api/duplicates',
      '/api/backups',
      '/api/backup/status',
      `/api/backups/${b.backupId}/download`,
      '/api/runs?kind=backup',
      `/api/runs/${b.runId}`,
      '/api/user',
      '/api/users',
      `/api/users/${b.keeper}`,
      '/api/properties',
      `/api/properties/${lodge.id}`,
      '/api/properties/populate-tenant-options',
      `/public-objects/${encodeURIComponent(b.hidden.filename)}`,
      `/public-objects/${encodeURIComponent(b.hidden.filename)}/w400.webp`,
    ]
    const leaks: string[] = []
    const serverErrors: string[] = []
    let calls = 0
    const cookies = [managerOfA.cookie, editorOfA.cookie, null]
    for (const path of reads) {
      for (const cookie of cookies) {
        const who = cookie === managerOfA.cookie ? 'manager of A' : cookie ? 'editor of A' : 'anonymous'
        for (const [where, response, needles] of [
          ['A', await new HttpClient(host.url).call('GET', path, { cookie }), everyMarker()],
          ['B prefix', await new HttpClient(host.url).call('GET', `${PREFIX}${path}`, { cookie }), privateMarkers()],
          ['B domain', await getWithHost(path, LODGE_DOMAIN, cookie), privateMarkers()],
          ['no property domain', await getWithHost(path, 'nowhere.example.net', cookie), everyMarker()],
        ] as const) {
          calls++
          if (response.status >= 500) serverErrors.push(`${who} ${where} ${path} → ${response.status}`)
          for (const needle of found(response.text, needles)) leaks.push(`${who} ${where} ${path}: ${needle}`)
        }
      }
    }
    // The addresses are B's: its public photo is in its visitors' list.
    const byDomain = await getWithHost('/api/media-files', LODGE_DOMAIN, null)
    expect(byDomain.text).toContain(b.visible.id)
    expect((await new HttpClient(host.url).call('GET', `${PREFIX}/api/media-files`)).text).toContain(b.visible.id)
    // A's counts are A's rows only.
    const countOf = async (path: string) => (await new HttpClient(host.url).call('GET', path)).body.totalDocs
    expect(await countOf('/api/media/count')).toBe(1)
    expect(await countOf('/api/gallery-sections/count')).toBe(
      Number((await pool.query('SELECT count(*)::int AS n FROM gallery_sections WHERE property_id = $1', [home.id])).rows[0].n),
    )
    console.log(`other addresses: ${reads.length} reads × ${calls} calls, ${leaks.length} leaks`)
    expect(serverErrors).toEqual([])
    expect(leaks).toEqual([])
  }, 120_000)
})

describe("a B media id inside an A call", () => {
  it('is not found, and nothing of A or B changes', async () => {
    const before = await fingerprintOfB()
    const aBefore = await mediaOfA()
    const statuses: Record<string, number> = {}
    const unlike: string[] = []
    for (const [who, client] of [['manager', managerOfA], ['editor', editorOfA]] as const) {
      const call = async (label: string, method: string, path: string, json?: unknown) => {
        const response = await client.call(method, path, json === undefined ? {} : { json })
        statuses[`${who}: ${label}`] = response.status
        // B's record is answered as a record that does not exist: the same status and words.
        const unknown = (text: string) => [b.visible.id, b.hidden.id, b.backupId].reduce((out, id) => out.replaceAll(id, NO_SUCH_ID), text)
        const asUnknown = await client.call(method, unknown(path), json === undefined ? {} : { json: JSON.parse(unknown(JSON.stringify(json))) })
        if (asUnknown.status !== response.status || asUnknown.text !== unknown(response.text)) {
          unlike.push(`${who} ${label}: ${response.status} ${response.text} / unknown id: ${asUnknown.status} ${asUnknown.text}`)
        }
      }
      await call('bulk assign', 'POST', '/api/sections/backyard/bulk-assign', { mediaIds: [a.photo, b.visible.id] })
      await call('reorder', 'PUT', '/api/sections/upstairs/reorder', { mediaIds: [b.visible.id, a.photo] })
      await call('metadata', 'PUT', `/api/media-files/${b.hidden.id}/metadata`, { notes: 'mine now', tags: ['mine'] })
      await call('section', 'PUT', `/api/media-files/${b.hidden.id}/section`, { section: 'upstairs' })
      await call('delete', 'DELETE', `/api/media-files/${b.visible.id}`)
      await call('delete keeping a B file', 'DELETE', `/api/media-files/${a.photo}?keep=${b.visible.id}`)
      await call('delete of a B file keeping an A file', 'DELETE', `/api/media-files/${b.visible.id}?keep=${a.photo}`)
      await call("restore of B's backup", 'POST', '/api/backup/restore', { backupId: b.backupId })
      await call("download of B's backup", 'GET', `/api/backups/${b.backupId}/download`)
    }
    // The editor may edit texts and rooms but not place, delete or back up: a 403 before the records
    // are looked for (a section call may change only the room, so its record is looked for first).
    const want = (manager: number, editor: number) => ({ manager, editor })
    const expected: Record<string, { manager: number; editor: number }> = {
      'bulk assign': want(404, 403),
      reorder: want(404, 403),
      metadata: want(404, 404),
      section: want(404, 404),
      delete: want(404, 403),
      'delete keeping a B file': want(404, 403),
      'delete of a B file keeping an A file': want(404, 403),
      "restore of B's backup": want(404, 403),
      "download of B's backup": want(404, 403),
    }
    expect(statuses).toEqual(
      Object.fromEntries(Object.entries(expected).flatMap(([label, { manager, editor }]) => [[`manager: ${label}`, manager], [`editor: ${label}`, editor]])),
    )
    expect(unlike).toEqual([])
    expect(await fingerprintOfB()).toEqual(before)
    expect(await mediaOfA()).toEqual(aBefore)
  })
})

describe("the admin panel's permissions for one record", () => {
  it('are answered for a record the caller may read, and not found for one of another property', async () => {
    const permissions = async (client: HttpClient, path: string) => {
      const response = await client.call('POST', path, { json: {} })
      return { status: response.status, fields: response.status === 200 && typeof response.body?.fields === 'object' }
    }
    const readable = { status: 200, fields: true }
    const notFound = { status: 404, fields: false }
    // The platform admin acts on B: its panel gets B's records' permissions; A's manager gets its own.
    expect(await permissions(platform, `/api/media/access/${b.hidden.id}`)).toEqual(readable)
    expect(await permissions(platform, `/api/gallery-sections/access/${b.upstairs}`)).toEqual(readable)
    expect(await permissions(managerOfA, `/api/media/access/${a.photo}`)).toEqual(readable)
    expect(await permissions(managerOfA, `/api/media/access/${b.hidden.id}`)).toEqual(notFound)
    expect(await permissions(managerOfA, `/api/properties/access/${lodge.id}`)).toEqual(notFound)
    expect(await permissions(managerOfA, `/api/properties/access/${home.id}`)).toEqual(readable)
    // A visitor on B's address: its public photo, not its hidden one.
    const visitor = new HttpClient(host.url)
    expect(await permissions(visitor, `${PREFIX}/api/media/access/${b.visible.id}`)).toEqual(readable)
    expect(await permissions(visitor, `${PREFIX}/api/media/access/${b.hidden.id}`)).toEqual(notFound)
    expect(await permissions(visitor, `/api/users/access/${b.keeper}`)).toEqual(notFound)
  })
})
