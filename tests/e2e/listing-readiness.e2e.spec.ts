// Listing readiness (listing-ready issue, item 3): the manager opens the panel in Media Gallery
// Pro, reads why the property is not ready for Vrbo, and a failing rule's link narrows the grid
// to exactly the photos it names (the visible photos below 1024×683); "Show all" brings the rest back.
// The manager then sends only a selected photo to Vrbo, and every visible photo again.
import { expect, test } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { ensurePublicSeed, type PublicMedia } from '../helpers/public-seed'

test("a failing rule's link filters the grid to the photos concerned", async ({ browser, page, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
  // The grid draws only the cards in view (a virtual grid): a tall window holds every one the rule names.
  await page.setViewportSize({ width: 1440, height: 4000 })
  await signIn(page, baseURL!)
  await openGallery(page)
  const media = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Array<PublicMedia & { status?: string }>
  const small = media
    .filter((file) => file.fileType === 'image' && file.isHidden === 'false' && file.section && (file.status ?? 'ready') === 'ready')
    .filter((file) => Math.max(file.width!, file.height!) < 1024 || Math.min(file.width!, file.height!) < 683)
    .map((file) => file.id)
    .sort()
  expect(small.length).toBeGreaterThan(0)

  const panel = page.getByRole('region', { name: 'Listing readiness' })
  await panel.getByRole('button', { name: 'Listing readiness' }).click()
  await panel.getByRole('tab', { name: 'Vrbo' }).click()
  await expect(panel.getByTestId('listing-verdict')).toHaveText('Not ready for Vrbo')
  const rule = panel.locator('[data-rule="min_size"]')
  await expect(rule).toHaveAttribute('data-status', 'fail')
  const message = `${small.length} photo${small.length === 1 ? ' is' : 's are'} below 1024×683.`
  await expect(rule).toContainText(message)

  await rule.getByRole('button', { name: /^Show the/ }).click()
  await expect(page.getByTestId('rule-filter')).toContainText(message)
  const cards = page.getByTestId('media-card')
  await expect(cards).toHaveCount(small.length)
  expect((await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')))).sort()).toEqual(small)

  await page.getByTestId('rule-filter').getByRole('button', { name: 'Show all' }).click()
  await expect(page.getByTestId('rule-filter')).toHaveCount(0)
  await expect.poll(() => cards.count()).toBeGreaterThan(small.length)

  // The channel's own photos, from the grid's selection; then every visible photo again.
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('pub-main-1.jpg')
  await page.getByRole('button', { name: 'Select', exact: true }).click()
  await page.getByRole('button', { name: 'Select pub-main-1.jpg' }).click()
  await panel.getByRole('button', { name: 'Send only the 1 selected' }).click()
  await expect(panel.getByTestId('channel-choice')).toHaveText('1 chosen photo goes to Vrbo')
  await expect(panel.locator('[data-rule="min_photos"]')).toContainText('Vrbo needs at least 6 photos: 1 is visible. Make 5 more visible.')
  await panel.getByRole('button', { name: 'Send every visible photo' }).click()
  await expect(panel.getByTestId('channel-choice')).toHaveText('Every visible photo goes to Vrbo')
})
