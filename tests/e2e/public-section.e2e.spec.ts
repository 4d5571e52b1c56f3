// A section's gallery (spec §2): header, previous/next section, grid/list toggle, back to
// the overview, the URL following the lightbox (open, navigate, close, deep link, Back),
// and an unknown section.
import { expect, test } from '@playwright/test'
import { ensurePublicSeed, type PublicMedia } from '../helpers/public-seed'

type Section = { id: string; name: string; icon: string; count: number }

async function sectionMedia(request: import('@playwright/test').APIRequestContext, id: string) {
  return (await (await request.get(`/api/sections/${id}/media`)).json()) as PublicMedia[]
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

test('the section page is rendered on the server with its header and media', async ({ request }) => {
  const media = await sectionMedia(request, 'main_level')
  const html = await (await request.get('/gallery/main_level')).text()
  expect(html).toContain('Main Level')
  expect(html).toContain(encodeURIComponent(media[0].filename))
  expect(html).not.toContain('data-testid="skeleton"')
})

test('header, previous and next sections in section order, back to overview', async ({ page, request }) => {
  const sections = (await (await request.get('/api/sections')).json()) as Section[]
  const main = sections.find((s) => s.id === 'main_level')!
  await page.goto('/gallery/main_level')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${main.icon} Main Level`)
  await expect(page.getByTestId('photo-count')).toHaveText(`${main.count} photos`)
  await expect(
    page.getByRole('navigation', { name: 'Gallery sections' }).locator('[data-section-id="main_level"]'),
  ).toHaveAttribute('aria-current', 'page')
  // Main Level is first: previous wraps to Outdoors (always last); next is Upstairs.
  await expect(page.getByRole('link', { name: 'Previous section: Outdoors' })).toBeVisible()
  await page.getByRole('link', { name: 'Next section: Upstairs' }).click()
  await expect(page).toHaveURL(/\/gallery\/upstairs$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Upstairs')
  await page.getByRole('link', { name: 'Previous section: Main Level' }).click()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
  await page.getByRole('link', { name: 'Back to Overview' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('button', { name: 'Start Tour' })).toBeVisible()
})

test('moving to another section loads it in place, with 12 skeletons until its media arrive', async ({ page, request }) => {
  const upstairs = await sectionMedia(request, 'upstairs')
  await page.goto('/gallery/main_level')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Main Level')
  // Hold the section's media until the skeletons have been seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/sections/upstairs/media', async (route) => {
    await held
    await route.continue()
  })

  await page.getByRole('link', { name: 'Next section: Upstairs' }).click()
  await expect(page).toHaveURL(/\/gallery\/upstairs$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Upstairs')
  const loading = page.getByRole('status', { name: 'Loading Upstairs' })
  await expect(loading).toBeVisible()
  await expect(loading.getByTestId('skeleton')).toHaveCount(12)
  release()
  await expect(loading).toBeHidden()
  await expect(page.locator(`[data-media-id="${upstairs[0].id}"] img`)).toBeVisible()
  await expect(page).toHaveTitle('Upstairs · Property Gallery')

  // Back shows Main Level again at once (it came with the page), and forward Upstairs from the cache.
  await page.goBack()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Main Level')
  await expect(page.getByTestId('skeleton')).toHaveCount(0)
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Upstairs')
  await expect(page.locator(`[data-media-id="${upstairs[0].id}"] img`)).toBeVisible()

  // The section buttons switch in place too; a reload renders the section on the server.
  await page.getByRole('navigation', { name: 'Gallery sections' }).locator('[data-section-id="main_level"]').click()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Main Level')
})

test('the grid/list toggle switches to rows with filenames', async ({ page, request }) => {
  const media = await sectionMedia(request, 'main_level')
  await page.goto('/gallery/main_level')
  const list = page.getByRole('list', { name: 'Main Level media' })
  await expect(list.locator(`[data-media-id="${media[0].id}"] img`)).toBeVisible()
  await page.getByRole('button', { name: 'List' }).click()
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
  await expect(list.locator(`[data-media-id="${media[0].id}"]`)).toContainText(media[0].originalFilename)
  await page.getByRole('button', { name: 'Grid' }).click()
  await expect(list.locator(`[data-media-id="${media[0].id}"]`)).not.toContainText(media[0].originalFilename)
})

test('the URL follows the lightbox: open, next, close, Back', async ({ page, request }) => {
  const media = await sectionMedia(request, 'main_level')
  await page.goto('/gallery/main_level')
  const first = page.locator(`[data-media-id="${media[0].id}"]`)
  await first.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/gallery/main_level/${media[0].id}$`))
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(new RegExp(`/gallery/main_level/${media[1].id}$`))
  await expect(dialog).toContainText(`2 / ${media.length}`)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
  await expect(first).toBeFocused()

  await first.click()
  await expect(page).toHaveURL(new RegExp(`/gallery/main_level/${media[0].id}$`))
  await page.goBack()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
})

test('a deep link opens the image; closing returns to the section URL', async ({ page, request }) => {
  const media = await sectionMedia(request, 'main_level')
  const target = media.find((file) => file.originalFilename === 'pub-main-1.jpg')!
  const index = media.indexOf(target)
  await page.goto(`/gallery/main_level/${target.id}`)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Bright living room with a stone fireplace' })).toBeVisible()
  await expect(dialog).toContainText(`${index + 1} / ${media.length}`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/gallery\/main_level$/)
})

test('an unknown section shows Section Not Found with a Back to Gallery link', async ({ page }) => {
  await page.goto('/gallery/nowhere')
  await expect(page.getByRole('heading', { name: 'Section Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Gallery' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
})
