// Two properties in one installation (issue 25 item 2): each property's read model, admin
// catalog, sections and read-model version hold only its own rows; a write in one leaves the
// other's version (so its prepared answers, ETags and pages) as it was; and a media id of the
// other property inside a call is not found and changes nothing.
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { publicSnapshot, sectionList } from '../../media-public/read-model'
import { readVersion } from '../../src/server/cache/read-version'
import { poolOf } from '../../src/server/db/pool'
import type { PropertyScope } from '../../src/server/db/property-db'
import { adminCatalog } from '../../src/server/media/catalog'
import { defaultPropertyScope, propertyScopeById } from '../../src/server/properties/default-property'
import { seedSections } from '../../src/server/sections/seed-sections'
import http from 'node:http'
import { PROPERTY_HEADER } from '../../src/server/properties/property-header'
import { PASSWORD, Session, signedInAdmin } from '../helpers/api'
import { startTestHost, type TestHost } from '../helpers/host'
import { HttpClient } from '../helpers/http-client'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool
let admin: Session
let home: PropertyScope
let lodge: PropertyScope
let host: TestHost
const ids = { home: '', lodge: '', lodgeHidden: '' }

const rowOf = async (id: string) =>
  (await pool.query('SELECT section_id, room, is_hidden, sort_order::float8 AS sort_order FROM media WHERE id = $1', [id])).rows[0]

beforeAll(async () => {
  payload = await testPayload()
  pool = poolOf(payload)
  await resetDatabase(payload)
  admin = await signedInAdmin()
  home = await defaultPropertyScope(payload)
  const created = await payload.create({ collection: 'properties', data: { name: 'Lodge', slug: 'lodge', timeZone: 'UTC' }, overrideAccess: true })
  lodge = (await propertyScopeById(payload, String(created.id)))!
  await seedSections(payload, lodge.id)
  ids.home = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'home-loft.jpg' })).id)
  ids.lodge = String((await createMedia(payload, { property: lodge.id, section: 'upstairs', originalFilename: 'lodge-loft.jpg' })).id)
  await payload.update({ collection: 'properties', id: lodge.id, data: { domains: [{ domain: 'Lodge.Example.com' }] }, overrideAccess: true })
  host = await startTestHost(payload)
  ids.lodgeHidden = String(
    (await createMedia(payload, { property: lodge.id, section: null, isHidden: true, originalFilename: 'lodge-private.jpg' })).id,
  )
})

describe("each property's read model", () => {
  it('holds only its own media, with its own five sections counted', async () => {
    const homeSnapshot = await publicSnapshot(payload, home)
    const lodgeSnapshot = await publicSnapshot(payload, lodge)
    expect(homeSnapshot.media.map((file) => file.originalFilename)).toEqual(['home-loft.jpg'])
    expect(lodgeSnapshot.media.map((file) => file.originalFilename)).toEqual(['lodge-loft.jpg'])
    expect(sectionList(lodgeSnapshot).map((section) => [section.id, section.count])).toEqual([
      ['main_level', 0],
      ['upstairs', 1],
      ['downstairs', 0],
      ['backyard', 0],
      ['outdoors', 0],
    ])
    expect(sectionList(homeSnapshot).find((section) => section.id === 'upstairs')?.count).toBe(1)
  })

  it("keeps the admin catalog to the property too (hidden media of another property never appear)", async () => {
    const names = (await adminCatalog(payload, home)).media.map((file) => file.originalFilename)
    expect(names).toEqual(['home-loft.jpg'])
    expect((await adminCatalog(payload, lodge)).media.map((file) => file.originalFilename).sort()).toEqual([
      'lodge-loft.jpg',
      'lodge-private.jpg',
    ])
  })

  it("moves only the written property's version", async () => {
    const before = { home: await readVersion(payload, home), lodge: await readVersion(payload, lodge) }
    await payload.update({ collection: 'media', id: ids.lodge, data: { room: 'Attic' }, overrideAccess: true })
    expect(await readVersion(payload, home)).toBe(before.home)
    expect(Number(await readVersion(payload, lodge))).toBe(Number(before.lodge) + 1)
  })

  it("answers the default property's API with none of the other's media", async () => {
    const listed = await admin.json<Array<{ id: string }>>('GET', '/api/media-files')
    expect(listed.status).toBe(200)
    expect(listed.body.map((file) => file.id)).toEqual([ids.home])
    const hidden = await admin.json<Array<{ id: string }>>('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(hidden.body).toEqual([])
  })
})

describe("another property's media id inside a call", () => {
  it('is not found, and nothing changes', async () => {
    const before = await rowOf(ids.lodge)
    const moved = await admin.json('PUT', `/api/media-files/${ids.lodge}/section`, { body: { section: 'backyard' } })
    expect(moved.status).toBe(404)
    expect(moved.body).toEqual({ message: `Media file ${ids.lodge} was not found.` })
    const words = await admin.json('PUT', `/api/media-files/${ids.lodge}/metadata`, { body: { notes: 'x' } })
    expect(words.status).toBe(404)
    const bulk = await admin.json('POST', '/api/sections/backyard/bulk-assign', { body: { mediaIds: [ids.home, ids.lodge] } })
    expect(bulk.status).toBe(404)
    const reorder = await admin.json('PUT', '/api/sections/upstairs/reorder', { body: { mediaIds: [ids.lodge, ids.home] } })
    expect(reorder.status).toBe(404)
    expect(await rowOf(ids.lodge)).toEqual(before)
    expect((await rowOf(ids.home)).is_hidden).toBe(false)
  })
})

/** A GET with its own Host header (fetch cannot send one). */
const getWithHost = (path: string, hostName: string) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const url = new URL(path, host.url)
    http
      .get({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host: hostName } }, (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
      })
      .on('error', reject)
  })

describe('addressing a property', () => {
  const counts = (sections: Array<{ id: string; count: number }>) => Object.fromEntries(sections.map((section) => [section.id, section.count]))

  it('answers under /p/{slug} and on its domain (any case, any port), the default on the bare paths and unknown hosts', async () => {
    const visitor = new HttpClient(host.url)
    const prefixed = await visitor.call('GET', '/p/lodge/api/media-files')
    expect(prefixed.status).toBe(200)
    expect((prefixed.body as Array<{ originalFilename: string }>).map((file) => file.originalFilename)).toEqual(['lodge-loft.jpg'])
    const byDomain = await getWithHost('/api/media-files', 'lodge.example.COM:8080')
    expect(byDomain.body.map((file: { originalFilename: string }) => file.originalFilename)).toEqual(['lodge-loft.jpg'])
    const bare = await visitor.call('GET', '/api/media-files')
    expect((bare.body as Array<{ originalFilename: string }>).map((file) => file.originalFilename)).toEqual(['home-loft.jpg'])
    const unknownHost = await getWithHost('/api/media-files', 'elsewhere.example.com')
    expect(unknownHost.body.map((file: { originalFilename: string }) => file.originalFilename)).toEqual(['home-loft.jpg'])
    expect(counts((await visitor.call('GET', '/p/lodge/api/sections')).body as never)).toEqual({
      main_level: 0,
      upstairs: 1,
      downstairs: 0,
      backyard: 0,
      outdoors: 0,
    })
  })

  it('answers an unknown slug 404, and ignores a property header a client sends', async () => {
    const visitor = new HttpClient(host.url)
    const unknown = await visitor.call('GET', '/p/nowhere/api/sections')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'There is no property "nowhere".' })
    const forged = await visitor.call('GET', '/api/media-files', { headers: { [PROPERTY_HEADER]: lodge.id } })
    expect((forged.body as Array<{ originalFilename: string }>).map((file) => file.originalFilename)).toEqual(['home-loft.jpg'])
  })

  it("refuses a manager of one property in the other's, and changes nothing", async () => {
    const made = await admin.json('POST', '/api/register', { body: { username: 'home-manager', password: PASSWORD, role: 'property-manager' } })
    expect(made.status).toBe(201)
    const manager = new HttpClient(host.url)
    expect((await manager.call('POST', '/api/login', { json: { username: 'home-manager', password: PASSWORD } })).status).toBe(200)
    const before = await rowOf(ids.lodge)
    const refused = await manager.call('PUT', `/p/lodge/api/media-files/${ids.lodge}/metadata`, { json: { notes: 'mine now' } })
    expect(refused.status).toBe(403)
    const hidden = await manager.call('GET', '/p/lodge/api/sections/hidden/media?includeHidden=true')
    expect(hidden.status).toBe(403)
    // Its own property's answer for it: the admin one.
    const own = await manager.call('GET', '/api/sections/hidden/media?includeHidden=true')
    expect(own.status).toBe(200)
    expect(await rowOf(ids.lodge)).toEqual(before)
  })
})

describe("a property's domains over REST", () => {
  it('are saved lower-cased, and one another property has answers 409', async () => {
    const made = await admin.json('POST', '/api/properties', {
      body: { name: 'Harbour House', slug: 'harbour', domains: [{ domain: 'Harbour.Example.com' }] },
    })
    expect(made.status).toBe(201)
    expect(made.body.doc.domains.map((row: { domain: string }) => row.domain)).toEqual(['harbour.example.com'])
    const taken = await admin.json('POST', '/api/properties', {
      body: { name: 'Copycat', slug: 'copycat', domains: [{ domain: 'HARBOUR.example.com' }] },
    })
    expect(taken.status).toBe(409)
    expect(taken.body.errors?.[0]?.message ?? taken.body.message).toBe('Another property already answers on harbour.example.com.')
  })
})

describe("each property's public pages", () => {
  it('are rendered for the property the domain or the prefix names, with its media only', async () => {
    const { stampedPropertyId } = await import('../../src/server/properties/property-header')
    // A page's stand-in: the addressed property's visible media, as the proxy stamped it.
    const page = async (request: Request) => {
      const stamped = stampedPropertyId(request.headers, payload.secret)
      const snapshot = await publicSnapshot(payload, stamped === lodge.id ? lodge : home)
      return new Response(`<html>${snapshot.media.map((file) => file.originalFilename).join(',')}</html>`, {
        headers: { 'Content-Type': 'text/html' },
      })
    }
    const server = await startTestHost(payload, { page })
    const get = (hostName?: string, path = '/gallery') =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(path, server.url)
        http
          .get({ hostname: url.hostname, port: url.port, path: url.pathname, headers: hostName ? { host: hostName } : {} }, (res) => {
            let text = ''
            res.on('data', (chunk) => (text += chunk))
            res.on('end', () => resolve(text))
          })
          .on('error', reject)
      })
    try {
      const lodgePage = await get('lodge.example.com')
      expect(lodgePage).toContain('lodge-loft.jpg')
      expect(lodgePage).not.toContain('home-loft.jpg')
      const homePage = await get()
      expect(homePage).toContain('home-loft.jpg')
      expect(homePage).not.toContain('lodge-loft.jpg')
      const prefixed = await get(undefined, '/p/lodge/gallery')
      expect(prefixed).toContain('lodge-loft.jpg')
      expect(prefixed).not.toContain('home-loft.jpg')
    } finally {
      await server.close()
    }
  })
})

describe("Payload's REST for a visitor", () => {
  it("lists the visible media and the sections of the property the request addresses, and none of another's", async () => {
    const visitor = new HttpClient(host.url)
    const names = (body: unknown) => (body as { docs: Array<{ originalFilename: string }> }).docs.map((doc) => doc.originalFilename)
    expect(names((await visitor.call('GET', '/api/media?limit=100')).body)).toEqual(['home-loft.jpg'])
    expect(names((await visitor.call('GET', '/p/lodge/api/media?limit=100')).body)).toEqual(['lodge-loft.jpg'])
    const sectionsOf = async (path: string) =>
      ((await visitor.call('GET', path)).body as { docs: Array<{ property: string | { id: string } }> }).docs.map((doc) =>
        typeof doc.property === 'object' ? doc.property.id : doc.property,
      )
    expect(await sectionsOf('/api/gallery-sections?limit=100&depth=0')).toEqual(Array(5).fill(home.id))
    expect(await sectionsOf('/p/lodge/api/gallery-sections?limit=100&depth=0')).toEqual(Array(5).fill(lodge.id))
  })
})
