// A second property's public site and admin (issue: properties and roles). The platform admin
// creates the Lodge in Payload's admin with the domain `localhost` and uploads its photos there
// (on its domain the bare paths are the Lodge's). Its site answers under /p/{slug} on the
// installation's own address and on that domain, shows only the Lodge's photos, and every link,
// history entry and read of the site keeps the address it was reached by. The admin's property
// selector switches Media Gallery Pro to it. The Lodge is removed again afterwards (with its final
// backup), so the other files see one property.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { openGallery, PASSWORD, signIn, USERNAME } from '../helpers/e2e-admin'
import { seedPhotos } from '../helpers/e2e-seed'
import { ensurePublicSeed } from '../helpers/public-seed'

const NAME = 'Lakeside Lodge'
const SLUG = 'lakeside-e2e'
const BASE = `/p/${SLUG}`

test.describe.configure({ mode: 'serial' })

let propertyId = ''
let dockId = ''
let lodgeOrigin = ''

/** The Lodge's own domain: the installation's address with `localhost` for `127.0.0.1`. */
const onLodgeDomain = (baseURL: string) => baseURL.replace('127.0.0.1', 'localhost')

test('a platform admin creates the Lodge in the admin: it starts with the five areas', async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!)
  await page.goto('/admin/collections/properties/create')
  // A click before the form has hydrated does nothing: add the domain row until it is there, then fill the form.
  const domain = page.locator('#field-domains__0__domain')
  await expect(async () => {
    if ((await domain.count()) === 0) await page.getByRole('button', { name: 'Add Domain' }).click()
    // A click that did add it may take seconds on a busy machine: wait that long before clicking again.
    await expect(domain).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 45_000 })
  await page.locator('#field-name').fill(NAME)
  await page.locator('#field-slug').fill(SLUG)
  await domain.fill('localhost')
  await page.locator('#field-tagline').fill('Cabins by the water')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // Payload saves, then moves to the new document's address: on a busy machine, more than 5 s.
  await expect(page).toHaveURL(/\/admin\/collections\/properties\/[0-9a-f-]{36}$/, { timeout: 30_000 })
  propertyId = new URL(page.url()).pathname.split('/').at(-1)!
  const sections = await page.request.get(`${BASE}/api/sections`)
  expect(((await sections.json()) as Array<{ id: string }>).map((section) => section.id)).toEqual([
    'main_level',
    'upstairs',
    'downstairs',
    'backyard',
    'outdoors',
  ])

  // Its photos, uploaded on its own domain, where the bare paths are the Lodge's.
  lodgeOrigin = onLodgeDomain(baseURL!)
  const lodge = await browser.newContext({ baseURL: lodgeOrigin })
  const login = await lodge.request.post('/api/login', { headers: { origin: lodgeOrigin }, data: { username: USERNAME, password: PASSWORD } })
  expect(login.status()).toBe(200)
  // A domain given a moment ago answers within a second (src/server/properties/directory.ts).
  await expect
    .poll(async () => {
      const user = await lodge.request.get('/api/user', { headers: { origin: lodgeOrigin } })
      return ((await user.json()) as { property?: { slug: string } }).property?.slug
    })
    .toBe(SLUG)
  ;[dockId] = await seedPhotos(lodge.request, lodgeOrigin, [
    { name: 'lodge-dock.jpg', section: 'backyard', room: 'Dock', description: 'The dock at sunrise' },
    { name: 'lodge-kitchen.jpg', section: 'main_level', room: 'Kitchen', description: 'The cabin kitchen' },
  ])
  await lodge.close()
})

test.afterAll(async ({ browser, baseURL }) => {
  if (!propertyId) return
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  const removed = await page.request.post(`/api/properties/${propertyId}/remove`, { headers: { origin: baseURL! }, data: { confirm: NAME } })
  expect(removed.status(), await removed.text()).toBe(200)
  await page.close()
})

/** Every API read the page makes, by path. */
function apiReads(page: Page) {
  const paths: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.includes('/api/')) paths.push(pathname)
  })
  return paths
}

const canonicalOf = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href')

test("the Lodge's site under /p/{slug} shows only its photos, and its links, history and reads keep the prefix", async ({ page, baseURL }) => {
  const reads = apiReads(page)
  await page.goto(`${BASE}/gallery`)
  await expect(page).toHaveTitle(`Gallery · ${NAME}`)
  expect(await canonicalOf(page)).toBe(`${baseURL}${BASE}/gallery`)
  const nav = page.getByRole('navigation', { name: 'Gallery sections' })
  await expect(nav.getByRole('link', { name: /Overview/ })).toHaveAttribute('href', `${BASE}/gallery`)
  await expect(nav.locator('[data-section-id="backyard"]')).toHaveAttribute('href', `${BASE}/gallery/backyard`)
  // Only the Lodge's two photos are counted: one in Backyard, one in Main Level.
  await expect(nav.getByTestId('section-count')).toHaveText(['1', '1'])
  // The tour is read when first asked for: the Lodge's two photos, no other property's.
  await page.getByRole('button', { name: 'Start Tour' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText('Main Level · 1 of 1 · Kitchen — The cabin kitchen')
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByRole('heading')).toHaveText('Backyard · 1 of 1 · Dock — The dock at sunrise')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  await page.getByRole('link', { name: 'View All Backyard' }).click()
  await expect(page).toHaveURL(`${baseURL}${BASE}/gallery/backyard`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Backyard/)
  await expect(page.getByTestId('photo-count')).toHaveText('1 photo')

  await page.locator(`[data-media-id="${dockId}"]`).click()
  await expect(page).toHaveURL(`${baseURL}${BASE}/gallery/backyard/${dockId}`)
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(`${baseURL}${BASE}/gallery/backyard`)

  // A deep link to the photo opens it, and the page is the Lodge's.
  await page.goto(`${BASE}/gallery/backyard/${dockId}`)
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page).toHaveTitle(`Backyard · ${NAME}`)
  expect(await canonicalOf(page)).toBe(`${baseURL}${BASE}/gallery/backyard/${dockId}`)

  expect(reads).toContain(`${BASE}/api/media-files`)
  expect(reads.filter((path) => !path.startsWith(`${BASE}/api/`))).toEqual([])
})

test("the Lodge's sitemap lists its own pages under its prefix", async ({ request, baseURL }) => {
  const sitemap = await (await request.get(`${BASE}/sitemap.xml`)).text()
  expect(sitemap).toContain(`<loc>${baseURL}${BASE}/gallery/backyard/${dockId}</loc>`)
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)
  expect(pages.filter((loc) => !loc.startsWith(`${baseURL}${BASE}`))).toEqual([])
  // Two photos and the five sections' pages, the overview and the home.
  expect(pages).toHaveLength(2 + 5 + 2)
})

test('on its own domain the bare paths are the Lodge’s site', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: lodgeOrigin })
  const page = await context.newPage()
  const reads = apiReads(page)
  await page.goto('/gallery')
  await expect(page).toHaveTitle(`Gallery · ${NAME}`)
  expect(await canonicalOf(page)).toBe(`${lodgeOrigin}/gallery`)
  await expect(page.getByRole('link', { name: 'View All Backyard' })).toHaveAttribute('href', '/gallery/backyard')
  await page.getByRole('link', { name: 'View All Main Level' }).click()
  await expect(page).toHaveURL(`${lodgeOrigin}/gallery/main_level`)
  await expect(page.getByTestId('photo-count')).toHaveText('1 photo')
  expect(reads.filter((path) => !path.startsWith('/api/'))).toEqual([])
  await context.close()
})

test('an address naming no property answers the 404 page', async ({ page }) => {
  const response = await page.goto('/p/no-such-place/gallery')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Gallery' })).toHaveAttribute('href', '/gallery')

  // A page the Lodge does not have: its own 404, back to its own gallery.
  const missing = await page.goto(`${BASE}/no-such-page`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Gallery' })).toHaveAttribute('href', `${BASE}/gallery`)
})

async function lodgeMediaIds(request: APIRequestContext, baseURL: string) {
  const response = await request.get(`${BASE}/api/media-files`, { headers: { origin: baseURL } })
  return ((await response.json()) as Array<{ id: string }>).map((file) => file.id)
}

test("the admin's property selector switches Media Gallery Pro to the Lodge", async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page)
  await expect(page.getByTitle('The property this screen manages')).toHaveText('Property Gallery')
  await expect(page.getByTestId('media-card').filter({ hasText: 'lodge-dock' })).toHaveCount(0)

  // The selector is Payload's, at the top of its navigation (closed on this screen at first).
  await page.getByRole('button', { name: 'Open Menu' }).click()
  await page.locator('.tenant-selector .rs__control').click()
  await page.getByRole('option', { name: NAME, exact: true }).click()
  await expect(page.getByTitle('The property this screen manages')).toHaveText(NAME)
  await expect(page.getByTestId('media-card')).toHaveCount(2)
  await expect(page.getByTestId('media-card').filter({ hasText: 'lodge-dock' })).toHaveCount(1)
  expect(await lodgeMediaIds(page.request, baseURL!)).toContain(dockId)
})

test("a manager of the Lodge alone manages the Lodge's photos and sees nothing private of another property", async ({ browser, page, baseURL }) => {
  const headers = { origin: baseURL! }
  await signIn(page, baseURL!)
  const account = { username: `lodge-manager-${Date.now().toString(36)}`, password: 'a lodge manager password' }
  const created = await page.request.post('/api/register', { headers, data: { ...account, role: 'property-manager', properties: [propertyId] } })
  expect(created.status(), await created.text()).toBe(201)

  const context = await browser.newContext({ baseURL })
  const manager = await context.newPage()
  expect((await manager.request.post('/api/login', { headers, data: account })).status()).toBe(200)
  await openGallery(manager)
  await expect(manager.getByTitle('The property this screen manages')).toHaveText(NAME)
  await expect(manager.getByTestId('media-card')).toHaveCount(2)
  await expect(manager.getByRole('region', { name: 'Upload Media' })).toBeVisible()
  await expect(manager.getByRole('link', { name: 'All Properties', exact: true })).toHaveCount(0)

  // The default property's managing calls are refused; its hidden photo never reaches this account.
  const { hidden } = await ensurePublicSeed(browser, baseURL!)
  expect((await manager.request.post('/api/backup/create', { headers })).status()).toBe(403)
  const seen = ((await (await manager.request.get('/api/media-files', { headers })).json()) as Array<{ id: string }>).map((file) => file.id)
  expect(seen.length).toBeGreaterThan(0)
  expect(seen).not.toContain(hidden.id)
  expect((await manager.request.get(`/api/media/${hidden.id}`, { headers })).status()).toBe(404)
  await context.close()
})
