// The embed view on a property's own site: a page served from another local server, at an origin
// the property lists (http://localhost:<port>), frames /embed with the snippet the admin shows;
// the frame takes the height the embed view reports, and its lightbox opens. A page at
// an origin the property does not list is refused by the browser (frame-ancestors).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { embedSnippet, EMBED_INITIAL_HEIGHT } from '../../src/lib/embed-snippet'
import { signIn } from '../helpers/e2e-admin'
import { mediaPrefixes, updateMedia, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'
import { makePanorama } from '../helpers/panorama'
import { ensurePublicSeed } from '../helpers/public-seed'

// The panorama this file adds is removed again after its tests.
const unique = mediaPrefixes('e')

type Site = { origin: string; close(): Promise<void> }

/** A stand-in for the property's own web site: one page holding the snippet. */
async function startSite(snippet: string): Promise<Site> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html><head><title>Our cottage</title></head><body><h1>Our cottage</h1>${snippet}<p>Footer</p></body></html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

let listed: Site
let unlisted: Site
let propertyId: string

async function setEmbedOrigins(page: Page, baseURL: string, origins: string[]) {
  const response = await page.request.patch(`/api/properties/${propertyId}`, {
    data: { embedOrigins: origins.map((origin) => ({ origin })) },
    headers: { origin: baseURL },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
  const snippet = embedSnippet({ siteUrl: baseURL!, name: 'Property Gallery' })
  listed = await startSite(snippet)
  unlisted = await startSite(snippet)
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  const me = await page.request.get('/api/user', { headers: { origin: baseURL! } })
  propertyId = ((await me.json()) as { property: { id: string } }).property.id
  await setEmbedOrigins(page, baseURL!, [listed.origin])
  // The host reads a changed list within a second.
  await expect.poll(async () => (await page.request.get('/embed')).headers()['content-security-policy']).toMatch(/; frame-ancestors http:\/\/localhost:\d+$/)
  await page.close()
})

test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await setEmbedOrigins(page, baseURL!, [])
  await page.close()
  await Promise.all([listed?.close(), unlisted?.close()])
})

test('the embed view names the listed origin in frame-ancestors; other pages refuse framing', async ({ request }) => {
  // Twice each: the second answer comes from the page cache, whose headers must be the same.
  for (let attempt = 0; attempt < 2; attempt++) {
    for (const path of ['/embed', '/embed/main_level']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['content-security-policy'], path).toMatch(new RegExp(`; frame-ancestors ${listed.origin}$`))
      expect(response.headers()['x-frame-options'], path).toBeUndefined()
    }
    const gallery = await request.get('/gallery')
    expect(gallery.headers()['content-security-policy']).toMatch(/; frame-ancestors 'none'$/)
    expect(gallery.headers()['x-frame-options']).toBe('DENY')
  }
})

test('a listed origin frames /embed: it shows the grid without the header, sizes itself and opens the lightbox', async ({ page }) => {
  await page.goto(`${listed.origin}/`)
  const frameElement = page.locator('iframe[data-gallery-embed]')
  const frame = page.frameLocator('iframe[data-gallery-embed]')
  await expect(frame.getByTestId('gallery-embed')).toBeVisible()
  await expect(frame.locator('[data-media-id]').first()).toBeVisible()
  // Chrome-less: none of the public pages' header or navigation.
  await expect(frame.getByRole('heading', { name: 'Property Gallery' })).toHaveCount(0)
  await expect(frame.getByRole('button', { name: 'Open in New Window' })).toHaveCount(0)

  // The frame takes the height the embed view reports: its content's, no longer the snippet's first guess.
  const contentHeight = () => frame.getByTestId('gallery-embed').evaluate((element) => Math.ceil(element.getBoundingClientRect().height))
  await expect.poll(async () => (await frameElement.boundingBox())?.height).not.toBe(EMBED_INITIAL_HEIGHT)
  await expect.poll(async () => (await frameElement.boundingBox())?.height).toBe(await contentHeight())

  // A narrower page lays the grid out again (fewer, smaller columns): the frame follows its new height.
  const before = (await frameElement.boundingBox())!.height
  await page.setViewportSize({ width: 420, height: 800 })
  await expect.poll(async () => (await frameElement.boundingBox())!.height).not.toBe(before)
  await expect.poll(async () => (await frameElement.boundingBox())?.height).toBe(await contentHeight())

  await frame.locator('[data-media-id]').first().click()
  await expect(frame.getByRole('button', { name: 'Close' })).toBeVisible()
})

test('an origin the property does not list cannot frame /embed', async ({ page, baseURL }) => {
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('violates the following Content Security Policy directive')) refusals.push(message.text())
  })
  await page.goto(`${unlisted.origin}/`)
  await expect(page.getByRole('heading', { name: 'Our cottage' })).toBeVisible()
  await expect
    .poll(() => refusals)
    .toEqual([
      `Framing '${baseURL}/' violates the following Content Security Policy directive: "frame-ancestors ${listed.origin}". The request has been blocked.\n`,
    ])
  await expect(page.frameLocator('iframe[data-gallery-embed]').getByTestId('gallery-embed')).toHaveCount(0)
  expect((await page.locator('iframe[data-gallery-embed]').boundingBox())?.height).toBe(EMBED_INITIAL_HEIGHT)
})

test('a 360° panorama opens in the viewer inside the frame, where the browser refuses the frame its storage', async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000)
  const admin = await browser.newPage({ baseURL })
  await signIn(admin, baseURL!)
  const id = await uploadThroughApi(admin.request, baseURL!, {
    name: `${unique()}-deck-360.jpg`,
    mimeType: 'image/jpeg',
    buffer: await makePanorama({ width: 2048, seed: 11, gpano: {} }),
  })
  await waitUntilReady(admin.request, baseURL!, [id])
  await updateMedia(admin.request, baseURL!, id, { section: 'backyard', description: 'The deck in 360' })
  await admin.close()

  // As with third-party storage blocked: in the gallery's frame, reading localStorage throws.
  await page.addInitScript(() => {
    if (window === window.top) return
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError')
      },
    })
  })
  await page.goto(`${listed.origin}/`)
  const frame = page.frameLocator('iframe[data-gallery-embed]')
  const card = frame.locator(`[data-media-id="${id}"]`)
  await expect(card).toBeVisible()
  const storage = await page.frames().find((candidate) => candidate !== page.mainFrame())!.evaluate(() => {
    try {
      return window.localStorage ? 'usable' : 'none'
    } catch (error) {
      return (error as DOMException).name
    }
  })
  expect(storage).toBe('SecurityError')

  const viewer = frame.locator('[data-panorama]')
  // A click before the frame's page has hydrated opens nothing: click until the viewer is there.
  await expect(async () => {
    if (!(await viewer.count())) await card.click({ timeout: 3_000 })
    await expect(viewer).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 40_000 })
  await expect(viewer).toHaveAttribute('data-panorama', 'ready', { timeout: 20_000 })
  await expect(frame.getByText('Your browser does not seem to support WebGL')).toHaveCount(0)
})
