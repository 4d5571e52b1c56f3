// The security headers in real Chromium against the production build (issue 13): the public
// pages, the sign-in page and the admin render and work under the Content-Security-Policy with
// no violation reported, cannot be framed, and Next's image optimiser serves nothing — not a
// visible photo, and not a photo after it is hidden.
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { seedPhotos, updateMedia } from '../helpers/e2e-seed'

type Media = { id: string; filename: string; originalFilename: string; variantWidths?: number[] }

const unique = `sec${Date.now().toString(36)}`
let photo: Media

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page) {
  const violations: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;(window as unknown as { __csp: string[] }).__csp ??= []
      ;(window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(message.text())
  })
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`))
  return async () => [...violations, ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[])]
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signIn(page, baseURL!)
  const [id] = await seedPhotos(page.request, baseURL!, [{ name: `${unique}-porch.jpg`, section: 'main_level' }])
  const media = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Media[]
  photo = media.find((file) => file.id === id)!
  await context.close()
})

for (const path of ['/', '/gallery', '/gallery/main_level', '/login']) {
  test(`${path} renders with no CSP violation and cannot be framed`, async ({ page }) => {
    const violations = await watchViolations(page)
    const response = await page.goto(path)
    expect(response!.status()).toBe(200)
    const headers = response!.headers()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    await page.waitForLoadState('networkidle')
    if (path === '/login') await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
    else await expect(page.locator('main')).toBeVisible()
    expect(await violations()).toEqual([])
  })
}

test('a section page loads its photos under the policy', async ({ page }) => {
  const violations = await watchViolations(page)
  await page.goto('/gallery/main_level')
  const image = page.locator(`img[src*="${encodeURIComponent(photo.filename)}"], img[src*="${photo.filename}"]`).first()
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  expect(await violations()).toEqual([])
})

test('the admin works under the policy: Media Gallery Pro lists the photos', async ({ page, baseURL }) => {
  const violations = await watchViolations(page)
  await signIn(page, baseURL!)
  const response = await page.goto('/admin')
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  await expect(page.getByTestId('media-skeleton')).toHaveCount(0)
  await expect(page.getByText(`${unique}-porch.jpg`).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])
})

test("a page of another site cannot frame the sign-in page", async ({ page }) => {
  await page.setContent(`<iframe id="target" src="${test.info().project.use.baseURL}/login" width="400" height="300"></iframe>`)
  const frame = page.frameLocator('#target')
  await expect(frame.getByRole('button', { name: /sign in/i })).toHaveCount(0)
})

test("Next's image optimiser serves nothing, before and after a photo is hidden", async ({ request, page, baseURL }) => {
  const url = (variant: string) => `/_next/image?url=${encodeURIComponent(`/public-objects/${photo.filename}${variant}`)}&w=640&q=75`
  const variant = `/w${photo.variantWidths?.[0] ?? 400}.webp`
  expect((await request.get(`/public-objects/${encodeURIComponent(photo.filename)}${variant}`)).status()).toBe(200)
  expect((await request.get(url(variant))).status()).toBe(404)
  expect((await request.get(url(''))).status()).toBe(404)
  await signIn(page, baseURL!)
  await updateMedia(page.request, baseURL!, photo.id, { isHidden: true, section: null })
  expect((await request.get(`/public-objects/${encodeURIComponent(photo.filename)}${variant}`)).status()).toBe(404)
  expect((await request.get(url(variant))).status()).toBe(404)
})

test('a public page tells every cache to ask again, so a hidden photo leaves it on the next visit', async ({ request, page, baseURL }) => {
  for (const path of ['/', '/gallery', '/gallery/main_level', '/embed', '/p/default/gallery']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['cache-control'], path).toBe('public, no-cache')
  }
  const second = await page.context().newPage()
  await signIn(second, baseURL!)
  const hidden = (await seedPhotos(second.request, baseURL!, [{ name: `${unique}-attic.jpg`, section: 'main_level' }]))[0]
  expect(await (await request.get('/gallery/main_level')).text()).toContain(`${unique}-attic.jpg`)
  await updateMedia(second.request, baseURL!, hidden, { isHidden: true, section: null })
  const after = await request.get('/gallery/main_level')
  expect(after.headers()['cache-control']).toBe('public, no-cache')
  expect(await after.text()).not.toContain(`${unique}-attic.jpg`)
})
