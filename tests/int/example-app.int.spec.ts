// A second app proves the plugin: examples/minimal-site, a Payload site with its own `pages` and
// `users` that adds propertyGallery(), booted for real (tests/helpers/example-site.ts) and used over
// HTTP as a browser would: the first account signs up, a photo goes up through the uploader's calls
// and is processed by the worker the example's instrumentation starts, the list shows it, it is
// placed in a section and shown on the section page, Media Gallery Pro renders in the admin, and
// one of the site's own pages renders beside the gallery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePhoto } from '../helpers/media-fixtures'
import { type ExampleSite, startExampleSite } from '../helpers/example-site'

const PASSWORD = 'a long enough password'

let site: ExampleSite
let cookie: string | null = null

/** A call as the browser makes it on the site's own origin, with the session's cookie. */
async function call(method: string, path: string, { json, signedIn = true }: { json?: unknown; signedIn?: boolean } = {}) {
  const headers: Record<string, string> = { origin: site.url }
  if (signedIn && cookie) headers.cookie = cookie
  if (json !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: 'manual',
  })
  const setCookie = response.headers.get('set-cookie')
  if (setCookie && signedIn) cookie = setCookie.split(';')[0]
  const text = await response.text()
  let body: any = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  return { status: response.status, headers: response.headers, text, body }
}

/** The section page's count badge, as rendered on the server. */
const photoCount = (html: string) => /data-testid="photo-count">([^<]*)</.exec(html)?.[1]

/** Lexical's stored form of one paragraph. */
const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }],
      },
    ],
  },
})

beforeAll(async () => {
  site = await startExampleSite({
    warm: ['/admin', '/login', '/gallery/warm-up', '/pages/warm-up', '/public-objects/warm-up/w400.webp'],
  })
}, 360_000)

afterAll(async () => {
  await site?.close()
}, 60_000)

describe('examples/minimal-site: a Payload app of its own with propertyGallery()', () => {
  let mediaId = ''
  let filename = ''

  it('signs up the first account, which keeps the site’s own users field', async () => {
    const registered = await call('POST', '/api/register', { json: { username: 'owner', password: PASSWORD } })
    expect(registered.status, registered.text).toBe(201)
    expect(cookie).toMatch(/^minimal-token=/)
    const me = await call('GET', '/api/users/me')
    expect(me.body.user).toMatchObject({ username: 'owner', role: 'platform-admin' })

    const named = await call('PATCH', `/api/users/${me.body.user.id}`, { json: { displayName: 'The Owner' } })
    expect(named.status, named.text).toBe(200)
    expect((await call('GET', '/api/users/me')).body.user.displayName).toBe('The Owner')
  })

  it('uploads a photo through the uploader’s calls, and the worker in the app processes it', async () => {
    const photo = await makePhoto({ width: 1200, height: 800 })
    const query = new URLSearchParams({ filename: 'Living room.jpg', type: 'image/jpeg', 'metadata[size]': String(photo.length) })
    const params = await call('GET', `/api/s3/params?${query}`)
    expect(params.status, params.text).toBe(200)
    expect(params.body.method).toBe('POST')

    const form = new FormData()
    for (const [name, value] of Object.entries(params.body.fields as Record<string, string>)) form.append(name, value)
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Living room.jpg')
    const stored = await fetch(params.body.url, { method: 'POST', body: form })
    expect(stored.ok, await stored.text()).toBe(true)

    const created = await call('POST', '/api/media-files', {
      json: {
        filename: 'Living room.jpg',
        originalFilename: 'Living room.jpg',
        fileType: 'image',
        mimeType: 'image/jpeg',
        fileSize: photo.length,
        originalFileSize: photo.length,
        objectPath: params.body.fields.key,
        isOptimized: 'false',
      },
    })
    expect(created.status, created.text).toBe(201)
    mediaId = created.body.id
    filename = created.body.filename

    const deadline = Date.now() + 120_000
    let status: string | undefined
    while (Date.now() < deadline) {
      const list = await call('GET', '/api/media-files')
      status = list.body?.find((file: { id: string }) => file.id === mediaId)?.status
      if (status === 'ready' || status === 'failed') break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(status).toBe('ready')
  }, 180_000)

  it('lists the photo with its renditions', async () => {
    const list = await call('GET', '/api/media-files')
    expect(list.status).toBe(200)
    const file = list.body.find((each: { id: string }) => each.id === mediaId)
    expect(file).toMatchObject({ originalFilename: 'Living room.jpg', fileType: 'image', width: 1200, height: 800, isOptimized: 'true' })
    expect(file.variantWidths).toContain(400)
  })

  it('places the photo in a section, and visitors see it on the section page and get its rendition', async () => {
    const sections = await call('GET', '/api/sections')
    const section = sections.body[0] as { id: string; name: string }
    const before = await call('GET', `/gallery/${section.id}`, { signedIn: false })
    expect(before.status, before.text.slice(0, 2000)).toBe(200)
    expect(photoCount(before.text)).toBe('0 photos')

    const placed = await call('PUT', `/api/media-files/${mediaId}/section`, { json: { section: section.id, isHidden: 'false' } })
    expect(placed.status, placed.text).toBe(200)
    expect(placed.body).toMatchObject({ id: mediaId, section: section.id, isHidden: 'false' })

    // The section page, served from Next's cache under a key that names the read-model version.
    const page = await call('GET', `/gallery/${section.id}`, { signedIn: false })
    expect(page.status, page.text.slice(0, 2000)).toBe(200)
    expect(page.text).toContain(section.name)
    expect(photoCount(page.text)).toBe('1 photo')
    expect(page.text).toContain(`/public-objects/${encodeURIComponent(filename)}/w400.webp`)

    const rendition = await fetch(`${site.url}/public-objects/${encodeURIComponent(filename)}/w400.webp`)
    expect(rendition.status).toBe(200)
    expect(rendition.headers.get('content-type')).toBe('image/webp')
    const bytes = Buffer.from(await rendition.arrayBuffer())
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  }, 120_000)

  it('renders Media Gallery Pro in the admin for the signed-in account, and sends visitors to sign in', async () => {
    const admin = await call('GET', '/admin')
    expect(admin.status, admin.text.slice(0, 2000)).toBe(200)
    // The gallery's screen (a client component, named in the page's server payload) and its navigation link.
    expect(admin.text).toContain('MediaGalleryScreen')
    expect(admin.text).toContain('Properties overview')

    const visitor = await call('GET', '/admin', { signedIn: false })
    expect(visitor.status).toBe(307)
    expect(visitor.headers.get('location')).toMatch(/\/login\?next=%2Fadmin$/)
    const login = await call('GET', '/login?next=%2Fadmin', { signedIn: false })
    expect(login.status, login.text.slice(0, 2000)).toBe(200)
    expect(login.text).toContain('type="password"')
  }, 240_000)

  it('renders one of the site’s own pages, made through its REST API', async () => {
    const created = await call('POST', '/api/pages', {
      json: { title: 'About the lodge', slug: 'about', content: paragraph('Three bedrooms above the lake.') },
    })
    expect(created.status, created.text).toBe(201)

    const page = await call('GET', '/pages/about', { signedIn: false })
    expect(page.status, page.text.slice(0, 2000)).toBe(200)
    expect(page.text).toContain('<h1>About the lodge</h1>')
    expect(page.text).toContain('Three bedrooms above the lake.')
    expect((await call('GET', '/pages/no-such-page', { signedIn: false })).status).toBe(404)
  }, 120_000)
})
