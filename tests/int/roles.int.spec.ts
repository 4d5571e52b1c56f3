// Roles (docs/properties-design.md §3, one property): accounts and their roles, then every
// custom route and Payload's REST on media, sections, users and the settings × anonymous,
// content editor, property manager and platform admin, over HTTP, through the proxy and the route handlers.
// Each call is one that changes nothing when allowed (it names a record that does not exist
// or sends a body that is refused after the access check), so an allowed caller's 400/404
// shows it got past the check; every refusal is asserted with its exact message, and no row
// changes across the matrix. Then the calls that do change records, role by role.
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import { PASSWORD } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, type CallOptions } from '../helpers/http-client'
import { createMedia, sectionIdOf } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'
const UPLOAD_ID = 'f'.repeat(32)
const KEY = 'key=originals/x/y.jpg'

const SIGN_IN = 'You must be signed in to do this.'
const PAYLOAD_FORBIDDEN = 'You are not allowed to perform this action.'
const CLOSED = 'Registration is closed: ask the property manager to create an account for you.'
const MAY_NOT = {
  place: 'Your account may not move media between sections or hide them.',
  reorder: 'Your account may not reorder media.',
  upload: 'Your account may not upload media.',
  delete: 'Your account may not delete media.',
  analyze: 'Your account may not analyze media.',
  scan: 'Your account may not scan for duplicates.',
  backup: 'Your account may not make or download backups.',
  restore: 'Your account may not restore backups.',
  accounts: 'Your account may not manage accounts.',
}

let payload: Payload
let host: TestHost
let platform: HttpClient
let manager: HttpClient
let editor: HttpClient
let anonymous: HttpClient
const ids = { platform: '', manager: '', editor: '' }

async function signIn(username: string) {
  const client = new HttpClient(host.url)
  const login = await client.call('POST', '/api/login', { json: { username, password: PASSWORD } })
  if (login.status !== 200) throw new Error(`Could not sign in ${username}: ${login.text}`)
  return client
}

const roleOf = async (id: string) =>
  (await poolOf(payload).query('SELECT role::text AS role FROM users WHERE id = $1', [id])).rows[0]?.role
const userCount = async () => Number((await poolOf(payload).query('SELECT count(*)::int AS n FROM users')).rows[0].n)
const mediaRow = async (id: string) =>
  (
    await poolOf(payload).query(
      `SELECT (SELECT key FROM gallery_sections WHERE gallery_sections.id = media.section_id) AS section_id, is_hidden, room, sort_order::float8 AS sort_order, description, notes FROM media WHERE id = $1`,
      [id],
    )
  ).rows[0]

async function fingerprint() {
  const one = async (sql: string) => (await poolOf(payload).query(sql)).rows[0].fp as string | null
  return {
    media: await one(`SELECT md5(string_agg(m::text, '|' ORDER BY m.id)) AS fp FROM media m`),
    texts: await one(`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS fp FROM media_texts t`),
    sections: await one(`SELECT md5(string_agg(s::text, '|' ORDER BY s.id)) AS fp FROM gallery_sections s`),
    users: await one(`SELECT md5(string_agg(u::text, '|' ORDER BY u.id)) AS fp FROM users u`),
    runs: await one(`SELECT md5(string_agg(r::text, '|' ORDER BY r.id)) AS fp FROM runs r`),
  }
}

/** The message of a refusal: ours ({ message }) or Payload's REST ({ errors: [{ message }] }). */
const messageOf = (body: any): string | undefined => body?.message ?? body?.errors?.[0]?.message

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  host = await startTestHost(payload, { trustProxy: 'loopback' })
  anonymous = new HttpClient(host.url)
}, 60_000)

afterAll(async () => {
  await host?.close()
})

describe('accounts and roles', () => {
  it('makes the first account a platform admin, whatever role it asks for', async () => {
    platform = new HttpClient(host.url)
    const first = await platform.call('POST', '/api/register', {
      json: { username: 'owner', password: PASSWORD, role: 'content-editor' },
    })
    expect(first.status).toBe(201)
    expect(Object.keys(first.body).sort()).toEqual(['createdAt', 'email', 'id', 'username'])
    ids.platform = first.body.id
    expect(await roleOf(ids.platform)).toBe('platform-admin')
  })

  it('lets a platform admin add accounts: a property manager unless another role is named', async () => {
    const added = await platform.call('POST', '/api/register', { json: { username: 'manager', password: PASSWORD } })
    expect(added.status).toBe(201)
    ids.manager = added.body.id
    const asEditor = await platform.call('POST', '/api/register', {
      json: { username: 'editor', password: PASSWORD, role: 'content-editor' },
    })
    expect(asEditor.status).toBe(201)
    ids.editor = asEditor.body.id
    expect(await roleOf(ids.manager)).toBe('property-manager')
    expect(await roleOf(ids.editor)).toBe('content-editor')
    const wrongRole = await platform.call('POST', '/api/register', {
      json: { username: 'someone', password: PASSWORD, role: 'owner' },
    })
    expect(wrongRole.status).toBe(400)
    expect(wrongRole.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['role'])

    manager = await signIn('manager')
    editor = await signIn('editor')
    expect(await userCount()).toBe(3)
  })

  it('answers GET /api/user with the role and what it may do, beside the User fields', async () => {
    const me = await editor.call('GET', '/api/user')
    expect(me.status).toBe(200)
    expect(me.body).toEqual({
      id: ids.editor,
      username: 'editor',
      email: null,
      createdAt: expect.any(String),
      property: { id: expect.any(String), name: 'Property Gallery', slug: 'default' },
      properties: [{ id: expect.any(String), name: 'Property Gallery', slug: 'default' }],
      role: 'content-editor',
      permissions: {
        'view-hidden': true,
        'edit-metadata': true,
        'edit-room': true,
        place: false,
        reorder: false,
        upload: false,
        delete: false,
        analyze: false,
        scan: false,
        backup: false,
        restore: false,
        share: false,
        export: false,
        'edit-photo': false,
        'edit-settings': false,
        'manage-accounts': false,
        'manage-properties': false,
      },
    })
    const asManager = (await manager.call('GET', '/api/user')).body
    expect(asManager.role).toBe('property-manager')
    expect(asManager.permissions).toEqual({
      'view-hidden': true,
      'edit-metadata': true,
      'edit-room': true,
      place: true,
      reorder: true,
      upload: true,
      delete: true,
      analyze: true,
      scan: true,
      backup: true,
      restore: true,
      share: true,
      export: true,
      'edit-photo': true,
      'edit-settings': true,
      'manage-accounts': false,
      'manage-properties': false,
    })
    const asPlatform = (await platform.call('GET', '/api/user')).body
    expect(asPlatform.role).toBe('platform-admin')
    expect(Object.values(asPlatform.permissions)).toEqual(Array(17).fill(true))
  })

  it('lets only a platform admin create accounts, on every path', async () => {
    for (const [client, open] of [
      [anonymous, false],
      [editor, false],
      [manager, false],
      [platform, true],
    ] as const) {
      expect((await client.call('GET', '/api/register')).body).toEqual({ registrationOpen: open })
    }
    const refusals = [
      [anonymous, CLOSED],
      [editor, MAY_NOT.accounts],
      [manager, MAY_NOT.accounts],
    ] as const
    for (const [client, message] of refusals) {
      const refused = await client.call('POST', '/api/register', {
        json: { username: 'newcomer', password: PASSWORD, role: 'platform-admin' },
      })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ message })
      const rest = await client.call('POST', '/api/users', {
        json: { username: 'newcomer', password: PASSWORD, role: 'platform-admin' },
      })
      expect(rest.status).toBe(403)
      expect(messageOf(rest.body)).toBe(PAYLOAD_FORBIDDEN)
    }
    expect(await userCount()).toBe(3)

    const viaRest = await platform.call('POST', '/api/users', {
      json: { username: 'photographer', password: PASSWORD, role: 'content-editor' },
    })
    expect(viaRest.status).toBe(201)
    expect(viaRest.body.doc.role).toBe('content-editor')
    const removed = await platform.call('DELETE', `/api/users/${viaRest.body.doc.id}`)
    expect(removed.status).toBe(200)
    expect(await userCount()).toBe(3)
  })

  it('shows each account itself only, and every account to a platform admin', async () => {
    const names = async (client: HttpClient) =>
      ((await client.call('GET', '/api/users?sort=username')).body.docs as Array<{ username: string }>).map(
        (user) => user.username,
      )
    expect(await names(editor)).toEqual(['editor'])
    expect(await names(manager)).toEqual(['manager'])
    expect(await names(platform)).toEqual(['editor', 'manager', 'owner'])
    expect((await manager.call('GET', `/api/users/${ids.editor}`)).status).toBe(404)
    expect((await anonymous.call('GET', '/api/users')).status).toBe(403)
  })

  it("lets an account change its own details but not its role; a platform admin changes anyone's", async () => {
    const promoted = await manager.call('PATCH', `/api/users/${ids.manager}`, { json: { role: 'platform-admin' } })
    expect(promoted.status).toBe(403)
    expect(messageOf(promoted.body)).toBe(MAY_NOT.accounts)
    expect(await roleOf(ids.manager)).toBe('property-manager')

    const sameRole = await manager.call('PATCH', `/api/users/${ids.manager}`, {
      json: { role: 'property-manager', email: 'manager@example.com' },
    })
    expect(sameRole.status).toBe(200)
    expect(sameRole.body.doc).toMatchObject({ email: 'manager@example.com', role: 'property-manager' })

    const other = await manager.call('PATCH', `/api/users/${ids.editor}`, { json: { email: 'taken@example.com' } })
    expect(other.status).toBe(403)
    expect(messageOf(other.body)).toBe(PAYLOAD_FORBIDDEN)
    const deleteOther = await manager.call('DELETE', `/api/users/${ids.editor}`)
    expect(deleteOther.status).toBe(403)
    expect(messageOf(deleteOther.body)).toBe(PAYLOAD_FORBIDDEN)
    const deleteSelf = await editor.call('DELETE', `/api/users/${ids.editor}`)
    expect(deleteSelf.status).toBe(403)
    expect(await userCount()).toBe(3)

    const changed = await platform.call('PATCH', `/api/users/${ids.editor}`, { json: { role: 'property-manager' } })
    expect(changed.status).toBe(200)
    expect(await roleOf(ids.editor)).toBe('property-manager')
    expect((await platform.call('PATCH', `/api/users/${ids.editor}`, { json: { role: 'content-editor' } })).status).toBe(200)
    expect(await roleOf(ids.editor)).toBe('content-editor')
  })
})

/** [status, message] of a refusal, or the status of an allowed call (its own 2xx or 4xx past the check). */
type Outcome = number | [number, string]
type Row = {
  method: string
  path: string
  options?: CallOptions
  anonymous: Outcome
  editor: Outcome
  manager: Outcome
  platform: Outcome
}

const json = (body: unknown): CallOptions => ({ json: body })
const denied = (message: string): [number, string] => [403, message]
const signInFirst: [number, string] = [401, SIGN_IN]
const restDenied: [number, string] = [403, PAYLOAD_FORBIDDEN]
/** Refused for the anonymous caller and the editor, allowed (with `status`) for the manager and the platform admin. */
const managers = (status: number, message: string) => ({
  anonymous: signInFirst,
  editor: denied(message),
  manager: status,
  platform: status,
})
const everyone = (status: number) => ({ anonymous: status, editor: status, manager: status, platform: status })
const staff = (status: number, anonymous: Outcome = signInFirst) => ({
  anonymous,
  editor: status,
  manager: status,
  platform: status,
})

const ROWS: Row[] = [
  // Public reads and sign-in: the same for everyone (staff get the admin answer).
  { method: 'GET', path: '/api/sections', ...everyone(200) },
  { method: 'GET', path: '/api/sections/upstairs/preview', ...everyone(200) },
  { method: 'GET', path: '/api/sections/upstairs/media', ...everyone(200) },
  { method: 'GET', path: '/api/sections/hidden/media?includeHidden=true', ...staff(200, [401, 'Sign in to see hidden media.']) },
  { method: 'GET', path: '/api/media-files', ...everyone(200) },
  { method: 'GET', path: '/api/media-files/stats', ...everyone(200) },
  { method: 'GET', path: '/api/user', ...staff(200, [401, 'Not signed in.']) },
  { method: 'POST', path: '/api/login', options: json({}), ...everyone(400) },
  { method: 'POST', path: '/api/register', options: json({}), ...everyone(400) },
  { method: 'POST', path: '/api/metrics/load-times', options: json({}), ...everyone(400) },
  // Fixing records: every role that is signed in.
  { method: 'PUT', path: `/api/media-files/${NO_SUCH_ID}/metadata`, options: json({ notes: 'x' }), ...staff(404) },
  { method: 'PUT', path: `/api/media-files/${NO_SUCH_ID}/section`, options: json({ section: 'backyard' }), ...staff(404) },
  // Organising, uploading, deleting: managers and platform admins.
  {
    method: 'POST',
    path: '/api/sections/upstairs/bulk-assign',
    options: json({ mediaIds: [NO_SUCH_ID] }),
    ...managers(404, MAY_NOT.place),
  },
  {
    method: 'PUT',
    path: '/api/sections/upstairs/reorder',
    options: json({ mediaIds: [NO_SUCH_ID] }),
    ...managers(404, MAY_NOT.reorder),
  },
  { method: 'DELETE', path: `/api/media-files/${NO_SUCH_ID}`, ...managers(404, MAY_NOT.delete) },
  { method: 'POST', path: '/api/media-files', options: json({}), ...managers(400, MAY_NOT.upload) },
  { method: 'POST', path: '/api/objects/upload', options: json({}), ...managers(400, MAY_NOT.upload) },
  { method: 'GET', path: '/api/s3/params?filename=a.jpg&type=image/jpeg&metadata[size]=10', ...managers(200, MAY_NOT.upload) },
  { method: 'POST', path: '/api/s3/multipart', options: json({}), ...managers(400, MAY_NOT.upload) },
  { method: 'GET', path: `/api/s3/multipart/${UPLOAD_ID}?${KEY}`, ...managers(400, MAY_NOT.upload) },
  { method: 'GET', path: `/api/s3/multipart/${UPLOAD_ID}/1?${KEY}`, ...managers(400, MAY_NOT.upload) },
  { method: 'POST', path: `/api/s3/multipart/${UPLOAD_ID}/complete?${KEY}`, options: json({}), ...managers(400, MAY_NOT.upload) },
  { method: 'DELETE', path: `/api/s3/multipart/${UPLOAD_ID}?${KEY}`, ...managers(400, MAY_NOT.upload) },
  // Analysis, duplicates, backups and their runs.
  { method: 'POST', path: '/api/media-files/analyze-all', options: json({ force: 'yes' }), ...managers(400, MAY_NOT.analyze) },
  { method: 'GET', path: '/api/duplicates', ...managers(200, MAY_NOT.scan) },
  { method: 'POST', path: '/api/duplicates/scan', options: json({ all: true }), ...managers(400, MAY_NOT.scan) },
  { method: 'GET', path: '/api/backup/status', ...managers(200, MAY_NOT.backup) },
  { method: 'POST', path: '/api/backup/create', options: json({ now: true }), ...managers(400, MAY_NOT.backup) },
  { method: 'POST', path: '/api/backup/restore', options: json({ backupId: 'latest' }), ...managers(400, MAY_NOT.restore) },
  { method: 'GET', path: '/api/backups', ...managers(200, MAY_NOT.backup) },
  { method: 'GET', path: `/api/backups/${NO_SUCH_ID}/download`, ...managers(404, MAY_NOT.backup) },
  { method: 'GET', path: '/api/runs?kind=analysis', ...managers(200, MAY_NOT.analyze) },
  { method: 'GET', path: '/api/runs?kind=duplicates', ...managers(200, MAY_NOT.scan) },
  { method: 'GET', path: '/api/runs?kind=backup', ...managers(200, MAY_NOT.backup) },
  { method: 'GET', path: '/api/runs?kind=restore', ...managers(200, MAY_NOT.restore) },
  { method: 'GET', path: `/api/runs/${NO_SUCH_ID}`, ...staff(404) },
  // Payload's REST.
  { method: 'GET', path: '/api/media', ...everyone(200) },
  {
    method: 'POST',
    path: '/api/media',
    options: json({}),
    anonymous: restDenied,
    editor: restDenied,
    manager: 400,
    platform: 400,
  },
  {
    method: 'PATCH',
    path: `/api/media/${NO_SUCH_ID}`,
    options: json({ description: 'x' }),
    // A record outside the account's properties, or none at all: Payload cannot tell them apart (403).
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  { method: 'DELETE', path: `/api/media/${NO_SUCH_ID}`, anonymous: restDenied, editor: restDenied, manager: restDenied, platform: 404 },
  { method: 'GET', path: '/api/gallery-sections', ...everyone(200) },
  {
    method: 'POST',
    path: '/api/gallery-sections',
    options: json({}),
    anonymous: restDenied,
    editor: restDenied,
    manager: 400,
    platform: 400,
  },
  {
    method: 'PATCH',
    path: `/api/gallery-sections/${NO_SUCH_ID}`,
    options: json({ position: 1 }),
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  {
    method: 'DELETE',
    path: `/api/gallery-sections/${NO_SUCH_ID}`,
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  { method: 'GET', path: '/api/users', anonymous: restDenied, editor: 200, manager: 200, platform: 200 },
  {
    method: 'POST',
    path: '/api/users',
    options: json({}),
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 400,
  },
  {
    method: 'PATCH',
    path: `/api/users/${NO_SUCH_ID}`,
    options: json({ email: 'x@example.com' }),
    // Payload refuses an update outside the caller's own account as forbidden, whether it exists or not.
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  {
    method: 'DELETE',
    path: `/api/users/${NO_SUCH_ID}`,
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  { method: 'GET', path: '/api/properties', anonymous: restDenied, editor: 200, manager: 200, platform: 200 },
  {
    method: 'PATCH',
    path: `/api/properties/${NO_SUCH_ID}`,
    options: json({ bookingUrl: 'not a link' }),
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  {
    method: 'POST',
    path: '/api/properties',
    options: json({ name: 'No slug' }),
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 400,
  },
  {
    method: 'DELETE',
    path: `/api/properties/${NO_SUCH_ID}`,
    anonymous: restDenied,
    editor: restDenied,
    manager: restDenied,
    platform: 404,
  },
  {
    method: 'POST',
    path: `/api/properties/${NO_SUCH_ID}/remove`,
    options: json({ confirm: 'Nowhere' }),
    anonymous: signInFirst,
    editor: denied('Your account may not manage properties.'),
    manager: denied('Your account may not manage properties.'),
    platform: [404, 'There is no such property: it may have been removed already.'],
  },
]

describe('route × role matrix', () => {
  it('answers every caller as its role allows, with the refusal’s exact message, and changes nothing', async () => {
    await createMedia(payload, { section: 'upstairs', originalFilename: 'matrix.jpg' })
    const callers = { anonymous, editor, manager, platform }
    const before = await fingerprint()
    const mismatches: string[] = []
    for (const row of ROWS) {
      for (const [who, client] of Object.entries(callers) as Array<[keyof typeof callers, HttpClient]>) {
        const want = row[who]
        const [status, message] = Array.isArray(want) ? want : [want, undefined]
        const response = await client.call(row.method, row.path, row.options)
        const got = messageOf(response.body)
        if (response.status !== status || (message !== undefined && got !== message)) {
          mismatches.push(
            `${who} ${row.method} ${row.path}: ${response.status} ${got ?? ''} (expected ${status} ${message ?? ''})`,
          )
        }
      }
    }
    expect(mismatches).toEqual([])
    expect(await fingerprint()).toEqual(before)
    expect(host.errors).toEqual([])
  }, 120_000)
})

describe("the content editor's fixes", () => {
  let photo: string

  beforeAll(async () => {
    photo = String(
      (await createMedia(payload, { section: 'upstairs', originalFilename: 'loft.jpg', sortOrder: 2, room: 'Loft' })).id,
    )
  })

  it('changes the room through PUT …/section when the section and visibility stay as they are', async () => {
    const fixed = await editor.call('PUT', `/api/media-files/${photo}/section`, {
      json: { section: 'upstairs', isHidden: 'false', room: 'Reading nook' },
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body).toMatchObject({ id: photo, section: 'upstairs', isHidden: 'false', room: 'Reading nook' })
    expect(await mediaRow(photo)).toMatchObject({ section_id: 'upstairs', is_hidden: false, room: 'Reading nook' })
  })

  it('may not move or hide a photo there: 403, and nothing changes', async () => {
    const before = await mediaRow(photo)
    for (const body of [
      { section: 'backyard', room: 'Patio' },
      { section: 'hidden' },
      { section: null, isHidden: 'true' },
      { section: null },
    ]) {
      const refused = await editor.call('PUT', `/api/media-files/${photo}/section`, { json: body })
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect(refused.body).toEqual({ message: MAY_NOT.place })
    }
    expect(await mediaRow(photo)).toEqual(before)
  })

  it('edits the description, tags and notes (PUT …/metadata)', async () => {
    const edited = await editor.call('PUT', `/api/media-files/${photo}/metadata`, {
      json: { description: 'Sunny loft', tags: ['Loft'], notes: 'Reshoot in May' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ description: 'Sunny loft', tags: ['loft'], notes: 'Reshoot in May' })
  })

  it("fixes words and the room in Payload's REST, and gets 403 naming what it may not change", async () => {
    const words = await editor.call('PATCH', `/api/media/${photo}`, { json: { description: 'Loft with skylight', room: 'Loft' } })
    expect(words.status).toBe(200)
    expect(await mediaRow(photo)).toMatchObject({ description: 'Loft with skylight', room: 'Loft' })

    // Payload's edit view sends every field back as it was: unchanged placement passes.
    const wholeForm = await editor.call('PATCH', `/api/media/${photo}`, {
      json: { section: await sectionIdOf(payload, 'upstairs'), isHidden: false, sortOrder: 2, notes: 'Shot in May' },
    })
    expect(wholeForm.status).toBe(200)

    const before = await mediaRow(photo)
    const backyard = await sectionIdOf(payload, 'backyard')
    for (const body of [{ isHidden: true }, { section: backyard }, { sortOrder: 9 }, { section: null, description: 'moved' }]) {
      const refused = await editor.call('PATCH', `/api/media/${photo}`, { json: body })
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect(messageOf(refused.body)).toBe(MAY_NOT.place)
    }
    const upload = await editor.call('PATCH', `/api/media/${photo}`, { json: { fileType: 'video' } })
    expect(upload.status).toBe(403)
    expect(messageOf(upload.body)).toBe(MAY_NOT.upload)
    const deleted = await editor.call('DELETE', `/api/media/${photo}`)
    expect(deleted.status).toBe(403)
    expect(messageOf(deleted.body)).toBe(PAYLOAD_FORBIDDEN)
    expect(await mediaRow(photo)).toEqual(before)
  })

  it('sees hidden media like the manager', async () => {
    const hidden = String((await createMedia(payload, { section: null, isHidden: true, originalFilename: 'private.jpg' })).id)
    const listed = await editor.call('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(listed.status).toBe(200)
    expect(listed.body.map((file: { id: string }) => file.id)).toContain(hidden)
    expect((await editor.call('GET', '/api/media-files')).body.map((file: { id: string }) => file.id)).toContain(hidden)
  })
})

describe("the property manager's work", () => {
  it('moves, hides and orders media, in our API and in Payload REST', async () => {
    const photo = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'deck.jpg' })).id)
    const moved = await manager.call('PUT', `/api/media-files/${photo}/section`, { json: { section: 'backyard', room: 'Deck' } })
    expect(moved.status).toBe(200)
    expect(await mediaRow(photo)).toMatchObject({ section_id: 'backyard', is_hidden: false, room: 'Deck' })
    const hidden = await manager.call('PATCH', `/api/media/${photo}`, { json: { isHidden: true, section: null, sortOrder: 4 } })
    expect(hidden.status).toBe(200)
    expect(await mediaRow(photo)).toMatchObject({ section_id: null, is_hidden: true, sort_order: 4 })
  })

  it('deletes media', async () => {
    const photo = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'blurry.jpg' })).id)
    const removed = await manager.call('DELETE', `/api/media-files/${photo}`)
    expect(removed.status).toBe(200)
    expect(await mediaRow(photo)).toBeUndefined()
  })
})
