// The guest's path (issue 18 items 8–10), at desktop and phone sizes, with screenshots as
// test artifacts: the overview under the property's name, tagline, booking link and
// link-preview tags → a section grouped by room with chips to jump → a lightbox caption
// naming section, room and description, with the whole photo in view → the tour telling
// where it stands. Also the sitemap (visible media only), the favicon and the video card.
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, seedPhotos } from '../helpers/e2e-seed'
import { ensurePublicSeed, VIDEO_NAMES } from '../helpers/public-seed'

const PROPERTY = {
  name: 'Seaview Cottage',
  tagline: 'Three bedrooms above the harbour',
  bookingUrl: 'https://example.com/book-seaview',
}
const SUITE_DESCRIPTION = 'King bed with garden view'

let ids: { suite: string; suite2: string; laundry: string; hidden: string }
let prefix: string

/** Saves the default property's settings, as its edit form in the admin does. */
async function setProperty(page: Page, baseURL: string, data: Record<string, unknown>) {
  const me = await page.request.get('/api/user', { headers: { origin: baseURL } })
  const { property } = (await me.json()) as { property: { id: string } }
  const response = await page.request.patch(`/api/properties/${property.id}`, { headers: { origin: baseURL }, data })
  expect(response.status(), await response.text()).toBe(200)
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  prefix = `guest${Date.now().toString(36)}`
  const [suite, laundry, suite2, hidden] = await seedPhotos(page.request, baseURL!, [
    {
      name: `${prefix}-suite.jpg`,
      section: 'downstairs',
      room: 'Guest Suite',
      sortOrder: -50,
      description: SUITE_DESCRIPTION,
      width: 1200,
      height: 1600,
    },
    { name: `${prefix}-laundry.jpg`, section: 'downstairs', room: 'Laundry', sortOrder: -49 },
    { name: `${prefix}-suite-2.jpg`, section: 'downstairs', room: 'Guest Suite', sortOrder: -48, width: 1600, height: 900 },
    { name: `${prefix}-hidden.jpg`, section: null, isHidden: true },
  ])
  ids = { suite, laundry, suite2, hidden }
  await setProperty(page, baseURL!, { ...PROPERTY, coverPhoto: suite })
  await page.close()
})

test.afterAll(async ({ browser, baseURL }) => {
  // Other files expect the defaults ("… · Property Gallery") and the public seed as it was.
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await setProperty(page, baseURL!, { name: 'Property Gallery', tagline: null, bookingUrl: null, coverPhoto: null, about: null })
  await deleteMediaNamed(page.request, baseURL!, [prefix])
  await page.close()
})

async function walk(page: Page, label: string) {
  const shot = async (name: string) =>
    test.info().attach(`${label}-${name}`, { body: await page.screenshot(), contentType: 'image/png' })

  // Overview: the property's name, tagline, booking link; link-preview tags with the cover.
  await page.goto('/gallery')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROPERTY.name)
  await expect(page.getByTestId('property-tagline')).toHaveText(PROPERTY.tagline)
  await expect(page.getByRole('link', { name: 'Contact & Booking' })).toHaveAttribute('href', PROPERTY.bookingUrl)
  await expect(page).toHaveTitle(`Gallery · ${PROPERTY.name}`)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', PROPERTY.name)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', PROPERTY.tagline)
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/public-objects\/.+\/w\d+\.webp$/)
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
  await shot('overview')

  // Section grouped by room, in the manager's order, with chips to jump.
  await page.getByRole('link', { name: 'View All Downstairs' }).click()
  await expect(page).toHaveURL(/\/gallery\/downstairs$/)
  const chips = page.getByRole('navigation', { name: 'Rooms' })
  await expect(chips.getByRole('link', { name: 'Guest Suite · 2' })).toBeVisible()
  await expect(chips.getByRole('link', { name: 'Laundry · 1' })).toBeVisible()
  const rooms = await page
    .locator('section[data-room]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-room')))
  expect(rooms.indexOf('Guest Suite')).toBeLessThan(rooms.indexOf('Laundry'))
  await chips.getByRole('link', { name: 'Laundry · 1' }).click()
  await expect(page).toHaveURL(/#room-laundry$/)
  await expect(page.getByRole('heading', { name: 'Laundry · 1 photo' })).toBeInViewport()
  const suite = page.locator('section[data-room="Guest Suite"]')
  await expect(suite.getByRole('heading', { name: 'Guest Suite · 2 photos' })).toBeVisible()
  await expect(suite.locator('[data-media-id]')).toHaveCount(2)
  await shot('section-rooms')

  // Lightbox: section · room — description, and the whole (portrait) photo in view.
  await suite.locator(`[data-media-id="${ids.suite}"]`).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText(`Downstairs · Guest Suite — ${SUITE_DESCRIPTION}`)
  const image = dialog.locator('img')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const box = (await image.boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5)
  // The next photo of the same room follows.
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByRole('heading')).toHaveText('Downstairs · Guest Suite')
  await shot('lightbox')
  await page.keyboard.press('Escape')

  // The tour tells where it stands.
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Start Tour' }).click()
  await expect(dialog.getByRole('heading')).toHaveText(/^(Main Level|Upstairs|Downstairs|Backyard|Outdoors) · 1 of [1-3]\b/)
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByRole('heading')).toHaveText(/^(Main Level|Upstairs|Downstairs|Backyard|Outdoors) · [1-3] of [1-3]\b/)
  await shot('tour')
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })
  test('overview → rooms → lightbox → tour', async ({ page }) => {
    await walk(page, 'desktop')
  })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  test('overview → rooms → lightbox → tour', async ({ page }) => {
    await walk(page, 'phone')
  })
})

test('sitemap.xml lists the public pages and visible media only; pages carry a favicon', async ({ page, request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('xml')
  const xml = await response.text()
  expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/gallery<\/loc>/)
  expect(xml).toContain(`/gallery/downstairs/${ids.suite}</loc>`)
  expect(xml).toContain(`/gallery/downstairs/${ids.laundry}</loc>`)
  expect(xml).not.toContain(ids.hidden)

  await page.goto('/gallery')
  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href')
  const iconResponse = await request.get(icon!)
  expect(iconResponse.status()).toBe(200)
  expect(iconResponse.headers()['content-type']).toContain('image/svg+xml')
})

test('the video card has a readable title and plays in the lightbox with its poster', async ({ page }) => {
  await page.goto('/gallery')
  const card = page.getByRole('region', { name: /^Pub tour [ab]$/ })
  const title = await card.getByRole('heading', { level: 2 }).textContent()
  expect(
    VIDEO_NAMES.map((name) =>
      name
        .replace(/\.mp4$/, '')
        .replace(/-/g, ' ')
        .replace(/^p/, 'P'),
    ),
  ).toContain(title)
  await card.getByRole('button', { name: 'Watch here' }).click()
  const video = page.getByRole('dialog').locator('video')
  await expect(video).toHaveAttribute('poster', /\/poster\.jpg$/)
  await expect(video).toHaveAttribute('src', /^\/public-objects\//)
})
