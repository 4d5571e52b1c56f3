// The property's settings (issue 18 item 8, now the default property's record): what the public
// pages take from it (a hidden cover photo is never used), its validation, who may read it
// over REST, the read-model version it bumps, and a sitemap of visible media only.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadProperty } from '../../media-public/property'
import { publicSnapshot } from '../../media-public/read-model'
import { sitemapEntries } from '../../media-public/sitemap-entries'
import { readVersion } from '../../src/server/cache/read-version'
import { Session, signedInAdmin } from '../helpers/api'
import { createMedia } from '../helpers/media'
import { resetDatabase, testPayload } from '../helpers/payload'
import { defaultPropertyScope } from '../../src/server/properties/default-property'

let payload: Payload
let admin: Session
const visitor = new Session()
const ids: Record<string, string> = {}

const about = (text: string) => ({
  root: {
    type: 'root',
    format: '' as const,
    indent: 0,
    version: 1,
    direction: 'ltr' as const,
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      },
    ],
  },
})

let propertyId: string
const update = (data: Record<string, unknown>) =>
  payload.update({ collection: 'properties', id: propertyId, data: data as never, overrideAccess: true })

beforeAll(async () => {
  payload = await testPayload()
  await resetDatabase(payload)
  admin = await signedInAdmin()
  const { docs } = await payload.find({ collection: 'properties', where: { isDefault: { equals: true } }, overrideAccess: true })
  propertyId = String(docs[0].id)
  ids.cover = String((await createMedia(payload, { section: 'upstairs', originalFilename: 'cover.jpg' })).id)
  ids.hidden = String((await createMedia(payload, { section: null, isHidden: true, originalFilename: 'private-cover.jpg' })).id)
  ids.pending = String((await createMedia(payload, { section: 'upstairs', status: 'pending' })).id)
  ids.room = String((await createMedia(payload, { section: 'main_level', room: 'Kitchen' })).id)
})

describe("the default property's settings", () => {
  it('is named "Property Gallery" on a fresh install, with nothing else set', async () => {
    const property = await loadProperty(await publicSnapshot(payload, await defaultPropertyScope(payload)))
    expect(property.info).toEqual({ name: 'Property Gallery', tagline: null, bookingUrl: null })
    expect(property.about).toBeNull()
    expect(property.cover).toBeNull()
  })

  it('stores name, tagline, about, cover and booking link, and a save bumps the read-model version', async () => {
    const before = await readVersion(payload, await defaultPropertyScope(payload))
    await update({
      name: 'Seaview Cottage',
      tagline: 'Three bedrooms above the harbour',
      about: about('A stone cottage with a garden.'),
      coverPhoto: ids.cover,
      bookingUrl: 'https://example.com/book',
    })
    expect(Number(await readVersion(payload, await defaultPropertyScope(payload)))).toBeGreaterThan(Number(before))
    const property = await loadProperty(await publicSnapshot(payload, await defaultPropertyScope(payload)))
    expect(property.info).toEqual({
      name: 'Seaview Cottage',
      tagline: 'Three bedrooms above the harbour',
      bookingUrl: 'https://example.com/book',
    })
    expect(JSON.stringify(property.about)).toContain('A stone cottage with a garden.')
    expect(property.cover?.id).toBe(ids.cover)
  })

  it('never uses a hidden cover photo, nor one whose processing has not finished', async () => {
    await update({ coverPhoto: ids.hidden })
    expect((await loadProperty(await publicSnapshot(payload, await defaultPropertyScope(payload)))).cover).toBeNull()
    await update({ coverPhoto: ids.pending })
    expect((await loadProperty(await publicSnapshot(payload, await defaultPropertyScope(payload)))).cover).toBeNull()
    await update({ coverPhoto: ids.cover })
  })

  it('refuses a booking link that is not a web address, and keeps the saved one', async () => {
    await expect(update({ bookingUrl: 'javascript:alert(1)' })).rejects.toThrow(/booking|invalid/i)
    const stored = await payload.findByID({ collection: 'properties', id: propertyId, overrideAccess: true })
    expect(stored.bookingUrl).toBe('https://example.com/book')
  })

  it('is read over REST by a signed-in manager only', async () => {
    const anonymous = await visitor.json('GET', `/api/properties/${propertyId}`)
    expect(anonymous.status).toBe(403)
    const signedIn = await admin.json('GET', `/api/properties/${propertyId}`)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.name).toBe('Seaview Cottage')
  })
})

describe('the sitemap', () => {
  it('lists the public pages and visible media only', async () => {
    const entries = sitemapEntries(await publicSnapshot(payload, await defaultPropertyScope(payload)), new URL('https://gallery.example.com'))
    const urls = entries.map((entry) => entry.url)
    expect(urls).toContain('https://gallery.example.com/')
    expect(urls).toContain('https://gallery.example.com/gallery')
    expect(urls).toContain('https://gallery.example.com/gallery/upstairs')
    expect(urls).toContain(`https://gallery.example.com/gallery/upstairs/${ids.cover}`)
    expect(urls).toContain(`https://gallery.example.com/gallery/main_level/${ids.room}`)
    for (const id of [ids.hidden, ids.pending]) expect(urls.some((url) => url.includes(id))).toBe(false)
  })

  it("lists a property's pages under its prefix when its site was reached by it", async () => {
    const entries = sitemapEntries(await publicSnapshot(payload, await defaultPropertyScope(payload)), new URL('https://gallery.example.com'), '/p/lodge')
    const urls = entries.map((entry) => entry.url)
    expect(urls.slice(0, 3)).toEqual(['https://gallery.example.com/p/lodge', 'https://gallery.example.com/p/lodge/gallery', 'https://gallery.example.com/p/lodge/gallery/main_level'])
    expect(urls).toContain(`https://gallery.example.com/p/lodge/gallery/upstairs/${ids.cover}`)
    expect(urls.filter((url) => !url.startsWith('https://gallery.example.com/p/lodge'))).toEqual([])
  })
})
