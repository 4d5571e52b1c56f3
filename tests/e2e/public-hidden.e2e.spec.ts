// Hidden media never reach an anonymous visitor (docs/architecture.md §13): not in any public page's
// HTML (the embed view's included), RSC payload, the read API's JSON, the sitemap or an object URL — and the browser
// requests nothing of theirs while a visitor walks the site.
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { updateMedia } from '../helpers/e2e-seed'
import { HIDDEN_DESCRIPTION, ensurePublicSeed, visibleMedia, type PublicMedia } from '../helpers/public-seed'

let hidden: PublicMedia

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  hidden = (await ensurePublicSeed(browser, baseURL!)).hidden
})

test('no public page, RSC payload or JSON answer contains a hidden photo', async ({ request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Array<{ id: string }>
  const pages = [
    '/',
    '/public',
    '/gallery',
    ...sections.map((s) => `/gallery/${s.id}`),
    `/gallery/main_level/${hidden.id}`,
    // The embed view, whole and per section (guests issue, item 1).
    '/embed',
    ...sections.map((s) => `/embed/${s.id}`),
  ]
  const json = [
    '/api/media-files',
    '/api/media-files?type=image',
    '/api/media-files/stats',
    '/api/sections',
    '/api/sections/all/media',
    '/api/sections/hidden/media',
    ...sections.flatMap((s) => [`/api/sections/${s.id}/media`, `/api/sections/${s.id}/preview`]),
    `/api/media/${hidden.id}`,
    `/api/media?where[isHidden][equals]=true`,
    `/api/media?where[filename][equals]=${encodeURIComponent(hidden.filename)}`,
  ]
  const leaks = (body: string, { idInUrl = false } = {}) =>
    [idInUrl ? null : hidden.id, hidden.filename, encodeURIComponent(hidden.filename), HIDDEN_DESCRIPTION].filter(
      (needle): needle is string => needle !== null && body.includes(needle),
    )

  for (const path of pages) {
    // A deep link to a hidden photo carries its id in the visitor's own URL; nothing else may.
    const idInUrl = path.includes(hidden.id)
    const html = await request.get(path)
    expect(html.status(), path).toBe(200)
    expect(leaks(await html.text(), { idInUrl }), `HTML of ${path}`).toEqual([])
    const rsc = await request.get(path, { headers: { RSC: '1' } })
    expect(leaks(await rsc.text(), { idInUrl }), `RSC of ${path}`).toEqual([])
  }
  for (const path of json) {
    const response = await request.get(path)
    expect(leaks(await response.text()), path).toEqual([])
  }
  expect((await request.get('/api/sections/hidden/media?includeHidden=true')).status()).toBe(401)
  // The sitemap lists the public pages and visible media: never the hidden one.
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(leaks(await sitemap.text()), '/sitemap.xml').toEqual([])
})

test('hidden objects answer 404 to a visitor', async ({ request }) => {
  for (const path of [
    `/public-objects/${encodeURIComponent(hidden.filename)}`,
    ...hidden.variantWidths.flatMap((w) =>
      ['webp', 'avif'].map((ext) => `/public-objects/${encodeURIComponent(hidden.filename)}/w${w}.${ext}`),
    ),
  ]) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  expect(hidden.variantWidths.length).toBeGreaterThan(0)
})

test('a visitor walking the site never requests anything of a hidden photo', async ({ page }) => {
  const urls: string[] = []
  page.on('request', (request) => urls.push(decodeURIComponent(request.url())))
  for (const path of ['/', '/gallery', '/gallery/main_level', '/gallery/upstairs']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Start Tour' }).click()
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight')
  expect(urls.length).toBeGreaterThan(10)
  expect(urls.filter((url) => url.includes(hidden.filename) || url.includes(hidden.id))).toEqual([])
})

test('a photo hidden after its pages were served disappears from them at once', async ({ request, browser, baseURL }) => {
  const photo = (await visibleMedia(request)).find((file) => file.originalFilename === 'pub-out-1.jpg')!
  const pages = ['/', '/gallery', '/gallery/outdoors']
  for (const path of pages) expect(await (await request.get(path)).text(), path).toContain(encodeURIComponent(photo.filename))
  const admin = await browser.newContext({ baseURL })
  const adminPage = await admin.newPage()
  await signIn(adminPage, baseURL!)
  try {
    await updateMedia(adminPage.request, baseURL!, photo.id, { isHidden: true })
    for (const path of pages) {
      const html = await (await request.get(path)).text()
      expect(html.includes(encodeURIComponent(photo.filename)), path).toBe(false)
      expect(html.includes(photo.id), path).toBe(false)
    }
  } finally {
    await updateMedia(adminPage.request, baseURL!, photo.id, { isHidden: false })
    await admin.close()
  }
  expect(await (await request.get('/gallery/outdoors')).text()).toContain(encodeURIComponent(photo.filename))
})
