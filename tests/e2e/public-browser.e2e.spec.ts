// The public media browser at / and /public (spec §2): server-rendered first view,
// All/Photos/Videos filters with counts, item-count badge, grid cards with the Video badge
// and play overlay, list rows, the lightbox over the listed items, Open in New Window, and
// the empty state.
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { updateMedia } from '../helpers/e2e-seed'
import { ensurePublicSeed, visibleMedia, type PublicMedia } from '../helpers/public-seed'

// Spec §9's MB with one decimal; under 0.1 MB the size is shown in KB (issue 18: not "0.0 MB").
const mb = (bytes: number) =>
  bytes < 104_857.6 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

test('the first view of / is rendered on the server with real content and no skeleton', async ({ request }) => {
  const media = await visibleMedia(request)
  const html = await (await request.get('/')).text()
  expect(html).toContain(`${media.length} items`)
  expect(html).toContain(encodeURIComponent(media[0].filename))
  expect(html).toMatch(/srcSet="[^"]*\/w400\.webp 400w/)
  expect(html).toContain('fetchPriority="high"')
  expect(html).not.toContain('data-testid="skeleton"')
})

test("the first view hands the page's scripts what the grid and lightbox show, not the whole record", async ({ request }) => {
  const media = await visibleMedia(request)
  const html = await (await request.get('/')).text()
  // Every listed photo's renditions and blur-up are there for the grid to draw as it scrolls.
  expect(html.match(/\\?"variantWidths\\?":/g)).toHaveLength(media.length)
  expect(html.match(/\\?"placeholder\\?":/g)).toHaveLength(media.length)
  // The record's bookkeeping is not: the API answers with it, the page does not need it.
  for (const field of ['uploadedAt', 'analyzedAt', 'optimizedAt', 'compressionRatio', 'originalFileSize', 'isHidden', 'sortOrder', 'colors']) {
    expect(html, field).not.toContain(`"${field}"`)
    expect(html, field).not.toContain(`\\"${field}\\"`)
  }
})

for (const path of ['/', '/public']) {
  test(`${path} filters All, Photos and Videos with counts`, async ({ page, request }) => {
    const media = await visibleMedia(request)
    const images = media.filter((file) => file.fileType === 'image')
    const videos = media.filter((file) => file.fileType === 'video')
    await page.goto(path)
    await expect(page.getByTestId('item-count')).toHaveText(`${media.length} items`)
    const filters = page.getByRole('group', { name: 'Filter media' })
    await expect(filters.getByRole('button', { name: `All ${media.length}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(filters.getByRole('button', { name: `Photos ${images.length}`, exact: true })).toBeVisible()
    await expect(filters.getByRole('button', { name: `Videos ${videos.length}`, exact: true })).toBeVisible()

    await filters.getByRole('button', { name: /^Videos/ }).click()
    const grid = page.getByRole('list', { name: 'Media' })
    await expect(grid.getByRole('listitem')).toHaveCount(videos.length)
    await expect(grid.getByText('Video', { exact: true })).toHaveCount(videos.length)
    await expect(grid.getByTestId('play-overlay')).toHaveCount(videos.length)

    await filters.getByRole('button', { name: /^Photos/ }).click()
    await expect(grid.getByTestId('play-overlay')).toHaveCount(0)
    await expect(grid.locator(`[data-media-id="${images[0].id}"]`)).toBeVisible()
  })
}

test('list rows show filename, type, width x height, size in MB (KB when small) and duration', async ({ page, request }) => {
  const media = await visibleMedia(request)
  const photo = media.find((file) => file.originalFilename === 'pub-main-1.jpg')!
  const video = media.find((file) => file.originalFilename === 'pub-tour-a.mp4')!
  await page.goto('/')
  await page.getByRole('button', { name: 'List' }).click()
  const filters = page.getByRole('group', { name: 'Filter media' })

  await filters.getByRole('button', { name: /^Photos/ }).click()
  const photoRow = page.locator(`[data-media-id="${photo.id}"]`)
  await photoRow.scrollIntoViewIfNeeded()
  await expect(photoRow).toContainText('pub-main-1.jpg')
  await expect(photoRow).toContainText('Image')
  await expect(photoRow).toContainText('1600 x 1200')
  await expect(photoRow).toContainText(mb(photo.fileSize))

  await filters.getByRole('button', { name: /^Videos/ }).click()
  const videoRow = page.locator(`[data-media-id="${video.id}"]`)
  await expect(videoRow).toContainText('pub-tour-a.mp4')
  await expect(videoRow).toContainText('Video')
  await expect(videoRow).toContainText(`${video.width} x ${video.height}`)
  await expect(videoRow).toContainText(mb(video.fileSize))
  expect(video.duration).toBeGreaterThan(0)
  await expect(videoRow).toContainText(duration(video.duration!))
})

test('clicking an item opens the lightbox over the listed items', async ({ page, request }) => {
  const media = await visibleMedia(request)
  const images = media.filter((file) => file.fileType === 'image')
  await page.goto('/')
  await page
    .getByRole('group', { name: 'Filter media' })
    .getByRole('button', { name: /^Photos/ })
    .click()
  await page.locator(`[data-media-id="${images[1].id}"]`).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`2 / ${images.length}`)
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog).toContainText(`3 / ${images.length}`)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('Open in New Window opens the page in a 1200x800 window', async ({ page }) => {
  await page.goto('/public')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open in New Window' }).click(),
  ])
  await popup.waitForLoadState()
  expect(new URL(popup.url()).pathname).toBe('/public')
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([1200, 800])
  await popup.close()
})

test('with nothing visible, / shows the empty state and /gallery the empty section text', async ({ page, browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL })
  const adminPage = await admin.newPage()
  await signIn(adminPage, baseURL!)
  const visible = await visibleMedia(page.request)
  try {
    for (const file of visible) await updateMedia(adminPage.request, baseURL!, file.id, { isHidden: true })
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'No media available' })).toBeVisible()
    await expect(page.getByText('Photos and videos will appear here when available.')).toBeVisible()
    await expect(page.getByTestId('item-count')).toHaveText('0 items')
    const sections = (await (await page.request.get('/api/sections')).json()) as unknown[]
    await page.goto('/gallery')
    await expect(page.getByText('No photos in this section yet')).toHaveCount(sections.length)
  } finally {
    for (const file of visible as PublicMedia[]) await updateMedia(adminPage.request, baseURL!, file.id, { isHidden: false })
    await admin.close()
  }
  expect((await visibleMedia(page.request)).length).toBe(visible.length)
})
