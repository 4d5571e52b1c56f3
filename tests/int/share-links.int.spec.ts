// Share links (guests issue, item 2), over HTTP, through the proxy and the route handlers: a manager makes a link
// to a section, a room or chosen photos; the link's page and files work while it is live, hidden
// photos only when it includes them and only under its own URLs; it answers 410 once expired or
// revoked; another property's photos or links are never reached; bad input is a 4xx and makes nothing.
import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/pool'
import type { PropertyScope } from '../../src/server/db/property-db'
import { defaultPropertyScope, propertyScopeById } from '../../src/server/properties/default-property'
import { openShareLink } from '../../src/server/share-links/share-links'
import { putObject } from '../../src/server/storage/put-object'
import { PASSWORD } from '../helpers/api'
import { NEXT_STAND_IN, startTestHost, type TestHost } from '../helpers/host'
import { HttpClient, managerClient } from '../helpers/http-client'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool
let host: TestHost
let platform: HttpClient
let home: PropertyScope
let lodge: PropertyScope
type Photo = { id: string; filename: string }
const photos = {} as Record<'loft' | 'loftHidden' | 'kitchen' | 'lodge', Photo>

const DAY_MS = 24 * 60 * 60 * 1000
const TOKEN_URL = /\/s\/([A-Za-z0-9_-]{43})$/

/** A processed photo with its original and a 400 px rendition in the store. */
async function photo(data: Record<string, unknown>): Promise<Photo> {
  const id = crypto.randomUUID()
  const keys = { original: `originals/${id}/photo.jpg`, rendition: `derived/${id}/400.webp` }
  for (const key of Object.values(keys)) await putObject({ key, body: crypto.randomBytes(600), contentType: 'application/octet-stream' })
  const doc = await createMedia(payload, { storageKey: keys.original, derivatives: [{ width: 400, key: keys.rendition }], ...data })
  return { id: String(doc.id), filename: String(doc.filename) }
}

const tokenOf = (url: string) => TOKEN_URL.exec(url)![1]

async function share(body: Record<string, unknown>, client = platform, base = '') {
  return client.call('POST', `${base}/api/share-links`, { json: body })
}

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  await pool.query('DELETE FROM share_links')
  host = await startTestHost(payload)
  platform = await managerClient(host.url)
  home = await defaultPropertyScope(payload)
  const created = await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC' }, overrideAccess: true })
  lodge = (await propertyScopeById(payload, String(created.id)))!
  photos.loft = await photo({ section: 'upstairs', room: 'Loft', description: 'The loft bed' })
  photos.loftHidden = await photo({ section: 'upstairs', room: 'Loft', isHidden: true, description: 'New shoot, not public yet' })
  photos.kitchen = await photo({ section: 'main_level', room: 'Kitchen' })
  photos.lodge = await photo({ property: lodge.id, section: 'upstairs', room: 'Loft' })
}, 120_000)

afterAll(async () => {
  await host?.close()
  await pool.query('DELETE FROM share_links')
  await pool.query('DELETE FROM media WHERE property_id = $1', [lodge.id])
  await pool.query('DELETE FROM gallery_sections WHERE property_id = $1', [lodge.id])
  await pool.query('DELETE FROM properties WHERE id = $1', [lodge.id])
})

describe('a share link', () => {
  it('is made for a section with hidden photos, lasts 14 days by default, and shows exactly that section', async () => {
    const made = await share({ sectionId: 'upstairs', includeHidden: true })
    expect(made.status).toBe(201)
    expect(Object.keys(made.body).sort()).toEqual(['expiresAt', 'id', 'url'])
    expect(made.body.url).toMatch(new RegExp(`^${host.url}/s/[A-Za-z0-9_-]{43}$`))
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / DAY_MS
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14)

    const opened = await openShareLink(payload, home, tokenOf(made.body.url))
    expect(opened.state).toBe('live')
    if (opened.state !== 'live') return
    expect(opened.media.map((file) => file.id).sort()).toEqual([photos.loft.id, photos.loftHidden.id].sort())
    // A guest's answer carries no manager's notes.
    expect(opened.media.every((file) => !('notes' in file))).toBe(true)
  })

  it("serves its page (noindex, counted) and its files, hidden ones only under the link's own URLs", async () => {
    const made = await share({ sectionId: 'upstairs', includeHidden: true })
    const token = tokenOf(made.body.url)
    const guest = new HttpClient(host.url)
    const page = await guest.call('GET', `/s/${token}`)
    expect(page.status).toBe(200)
    expect(page.text).toBe(NEXT_STAND_IN)
    expect(page.headers.get('x-robots-tag')).toBe('noindex')
    // A browser's load of the page is an opening; a fetch of it (a client-side navigation, a prefetch) is not.
    expect((await guest.call('GET', `/s/${token}`, { headers: { 'sec-fetch-dest': 'document' } })).status).toBe(200)
    expect((await guest.call('GET', `/s/${token}`, { headers: { 'sec-fetch-dest': 'empty' } })).status).toBe(200)

    const hiddenFile = await guest.call('GET', `/s/${token}/o/${photos.loftHidden.filename}/w400.webp`)
    expect(hiddenFile.status).toBe(200)
    expect(hiddenFile.headers.get('cache-control')).toMatch(/^private/)
    expect((await guest.call('GET', `/s/${token}/o/${photos.loftHidden.filename}`)).status).toBe(200)
    // The public route never serves it; nor does the link serve a photo it does not show.
    expect((await guest.call('GET', `/public-objects/${photos.loftHidden.filename}/w400.webp`)).status).toBe(404)
    expect((await guest.call('GET', `/s/${token}/o/${photos.kitchen.filename}/w400.webp`)).status).toBe(404)
    expect((await guest.call('GET', `/s/${token}/o/${photos.lodge.filename}/w400.webp`)).status).toBe(404)

    const listed = await platform.call('GET', '/api/share-links')
    expect(listed.status).toBe(200)
    expect(listed.body.find((link: { id: string }) => link.id === made.body.id)).toMatchObject({
      url: made.body.url,
      sectionId: 'upstairs',
      room: null,
      mediaIds: null,
      includeHidden: true,
      opens: 2,
    })
  })

  it('leaves hidden photos out unless it includes them, and shares a room or chosen photos', async () => {
    const section = tokenOf((await share({ sectionId: 'upstairs' })).body.url)
    const withoutHidden = await openShareLink(payload, home, section)
    expect(withoutHidden.state === 'live' && withoutHidden.media.map((file) => file.id)).toEqual([photos.loft.id])
    expect((await new HttpClient(host.url).call('GET', `/s/${section}/o/${photos.loftHidden.filename}/w400.webp`)).status).toBe(404)

    const room = tokenOf((await share({ room: 'Kitchen' })).body.url)
    const byRoom = await openShareLink(payload, home, room)
    expect(byRoom.state === 'live' && byRoom.media.map((file) => file.id)).toEqual([photos.kitchen.id])

    const chosen = tokenOf((await share({ mediaIds: [photos.kitchen.id, photos.loftHidden.id] })).body.url)
    const byIds = await openShareLink(payload, home, chosen)
    expect(byIds.state === 'live' && byIds.media.map((file) => file.id)).toEqual([photos.kitchen.id])
  })

  it('answers 410 with a page once it has expired or been revoked, and 404 for a token that is none', async () => {
    const guest = new HttpClient(host.url)
    const expiring = await share({ sectionId: 'upstairs', includeHidden: true })
    const expired = tokenOf(expiring.body.url)
    await pool.query(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.body.id])
    const afterExpiry = await guest.call('GET', `/s/${expired}`)
    expect(afterExpiry.status).toBe(410)
    expect(afterExpiry.text).toContain('<h1>This link has expired.</h1>')
    expect((await guest.call('GET', `/s/${expired}/o/${photos.loftHidden.filename}/w400.webp`)).status).toBe(410)

    const revoking = await share({ sectionId: 'upstairs', includeHidden: true })
    const revoked = tokenOf(revoking.body.url)
    expect((await guest.call('GET', `/s/${revoked}`)).status).toBe(200)
    const revoke = await platform.call('DELETE', `/api/share-links/${revoking.body.id}`)
    expect(revoke.status).toBe(200)
    expect(revoke.body).toEqual({ id: revoking.body.id, revoked: true })
    const afterRevoke = await guest.call('GET', `/s/${revoked}`)
    expect(afterRevoke.status).toBe(410)
    expect(afterRevoke.text).toContain('<h1>This link was revoked.</h1>')
    expect((await guest.call('GET', `/s/${revoked}/o/${photos.loftHidden.filename}/w400.webp`)).status).toBe(410)
    const live = (await platform.call('GET', '/api/share-links')).body.map((link: { id: string }) => link.id)
    expect(live).not.toContain(revoking.body.id)
    expect(live).not.toContain(expiring.body.id)

    const none = await guest.call('GET', `/s/${'x'.repeat(43)}`)
    expect(none.status).toBe(404)
    expect(none.text).toContain('<h1>There is no such link.</h1>')
  })

  it("is its own property's: another property's link is no link here, and another property's photo makes none", async () => {
    const lodgeLink = await share({ sectionId: 'upstairs' }, platform, '/p/lodge')
    expect(lodgeLink.status).toBe(201)
    expect(lodgeLink.body.url).toMatch(new RegExp(`^${host.url}/p/lodge/s/[A-Za-z0-9_-]{43}$`))
    const token = tokenOf(lodgeLink.body.url)
    const guest = new HttpClient(host.url)
    expect((await guest.call('GET', `/p/lodge/s/${token}`)).status).toBe(200)
    expect((await guest.call('GET', `/s/${token}`)).status).toBe(404)
    expect((await guest.call('GET', `/s/${token}/o/${photos.lodge.filename}/w400.webp`)).status).toBe(404)
    expect((await guest.call('GET', `/p/lodge/s/${token}/o/${photos.lodge.filename}/w400.webp`)).status).toBe(200)
    // Revoking it from the default property's address finds no such link.
    expect((await platform.call('DELETE', `/api/share-links/${lodgeLink.body.id}`)).status).toBe(404)
    expect((await platform.call('GET', '/api/share-links')).body.map((link: { id: string }) => link.id)).not.toContain(lodgeLink.body.id)

    const before = (await pool.query('SELECT count(*)::int AS n FROM share_links')).rows[0].n
    const foreign = await share({ mediaIds: [photos.kitchen.id, photos.lodge.id] })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe(`No media file ${photos.lodge.id} in this property.`)
    expect((await share({ sectionId: 'no_such_section' })).status).toBe(404)
    expect((await pool.query('SELECT count(*)::int AS n FROM share_links')).rows[0].n).toBe(before)
  })
})

describe('making a share link', () => {
  it('refuses bad input with a 400 and a message, and makes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM share_links')).rows[0].n
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Say what to share: a sectionId, a room or mediaIds.'],
      [{ sectionId: 'upstairs', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt must be in the future.'],
      [{ sectionId: 'upstairs', expiresAt: new Date(Date.now() + 366 * DAY_MS).toISOString() }, 'A link lasts at most 365 days.'],
      [{ sectionId: 'upstairs', expiresAt: 'next week' }, 'expiresAt must be a date and time (ISO 8601).'],
      [{ sectionId: 'hidden' }, 'Sharing the hidden photos needs includeHidden: true.'],
      [{ mediaIds: ['not-an-id'] }, 'Media id is malformed.'],
      [{ sectionId: 'upstairs', extra: true }, ''],
    ]
    for (const [body, message] of cases) {
      const answer = await share(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      if (message) expect(answer.text).toContain(message)
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM share_links')).rows[0].n).toBe(before)
  })

  it('is refused to a visitor (401) and a content editor (403)', async () => {
    expect((await share({ sectionId: 'upstairs' }, new HttpClient(host.url))).status).toBe(401)
    const made = await platform.call('POST', '/api/register', { json: { username: 'share-editor', password: PASSWORD, role: 'content-editor' } })
    expect(made.status).toBe(201)
    const editor = await managerClient(host.url, 'share-editor')
    const refused = await share({ sectionId: 'upstairs' }, editor)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Your account may not share photos by link.')
    expect((await editor.call('GET', '/api/share-links')).status).toBe(403)
  })
})
