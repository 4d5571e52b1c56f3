// What a guest and a manager saw (issue 18), each defect as the browser shows it: the
// lightbox fits every photo, processing shows as done by itself, a saved order shows as
// saved, media can be deleted from Media Gallery Pro, the layout fixes (slim upload card,
// even cards, a fresh install's hint, sizes in KB, phone list rows) and the small ones.
import { expect, test, type Page } from '@playwright/test'
import { announced, openGallery, pickUpWithKeyboard, signIn, uploadCard, uploadThroughCard } from '../helpers/e2e-admin'
import { mediaPrefixes, photoBytes, seedPhotos } from '../helpers/e2e-seed'

type Media = { id: string; originalFilename: string; status?: string; section: string | null }

// Every name this file gives starts with a prefix from unique(): the file's media are removed again after its tests.
const unique = mediaPrefixes('g')
const notices = (page: Page) => page.locator('[role="region"][aria-label^="Notifications (F8)"]')
const cards = (page: Page) => page.getByTestId('media-card')

async function adminMedia(page: Page, baseURL: string): Promise<Media[]> {
  return (await (await page.request.get('/api/media-files', { headers: { origin: baseURL } })).json()) as Media[]
}

/**
 * The open lightbox picture's drawn box (the rectangle of actual pixels: object-fit
 * contain inside the element's box), the toolbar's bottom edge and the viewport.
 */
async function drawnBox(page: Page) {
  const image = page.getByRole('dialog').locator('img')
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true)
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect()
    const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight)
    const width = img.naturalWidth * scale
    const height = img.naturalHeight * scale
    const left = box.left + (box.width - width) / 2
    const top = box.top + (box.height - height) / 2
    const toolbar = img.closest('[role="dialog"]')!.querySelector('h2')!.parentElement!
    return {
      left,
      top,
      right: left + width,
      bottom: top + height,
      width,
      height,
      toolbarBottom: toolbar.getBoundingClientRect().bottom,
      toolbarBackground: getComputedStyle(toolbar).backgroundColor,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    }
  })
}

test.describe('the lightbox fits every photo (defect 1)', () => {
  const shapes = [
    { label: 'portrait', width: 1600, height: 1814 },
    { label: '4x3', width: 1600, height: 1200 },
    { label: '3x2', width: 1500, height: 1000 },
    { label: '16x9', width: 1600, height: 900 },
    { label: 'panorama', width: 3000, height: 800 },
  ]
  const sizes = [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]
  let names: string[] = []

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const prefix = unique()
    names = shapes.map((shape) => `${prefix}-${shape.label}.jpg`)
    const page = await browser.newPage({ baseURL })
    await signIn(page, baseURL!)
    await seedPhotos(
      page.request,
      baseURL!,
      shapes.map((shape, index) => ({
        name: names[index],
        section: 'downstairs',
        room: 'Fit Room',
        sortOrder: -100 + index,
        width: shape.width,
        height: shape.height,
      })),
    )
    await page.close()
  })

  for (const size of sizes) {
    test(`at ${size.width}×${size.height} the whole picture lies inside the viewport, below an opaque toolbar`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await page.setViewportSize(size)
      const media = (await (await page.request.get('/api/sections/downstairs/media')).json()) as Media[]
      const ours = names.map((name) => media.find((file) => file.originalFilename === name)!)
      await page.goto('/gallery/downstairs')
      await page.locator(`[data-media-id="${ours[0].id}"]`).first().click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      for (const [index, shape] of shapes.entries()) {
        if (index > 0) await dialog.getByRole('button', { name: 'Next' }).click()
        await expect(dialog.getByTestId('lightbox-zoom')).toHaveText('100%')
        const box = await drawnBox(page)
        const where = `${shape.label} at ${size.width}×${size.height}: ${JSON.stringify(box)}`
        expect(box.left, where).toBeGreaterThanOrEqual(-0.5)
        expect(box.right, where).toBeLessThanOrEqual(box.viewport.width + 0.5)
        expect(box.top, where).toBeGreaterThanOrEqual(box.toolbarBottom - 0.5)
        expect(box.bottom, where).toBeLessThanOrEqual(box.viewport.height + 0.5)
        // Contained, not shrunk to a stamp: one side spans most of the room it has.
        expect(
          Math.max(box.width / box.viewport.width, box.height / (box.viewport.height - box.toolbarBottom)),
          where,
        ).toBeGreaterThan(0.8)
        expect(box.toolbarBackground, where).toBe('rgb(2, 6, 23)')
      }
      await test.info().attach(`lightbox-${size.width}x${size.height}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      })
    })
  }
})

test('the admin follows processing: cards turn ready, or failed with the reason, without a reload (defect 2)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!)
  await openGallery(page)
  const prefix = unique()
  const photo = `${prefix}-big.jpg`
  const fake = `${prefix}-fake.jpg`
  await uploadThroughCard(page, [
    // Large enough that processing outlasts the refresh made when the record is created.
    { name: photo, mimeType: 'image/jpeg', buffer: await photoBytes(7, 4000, 3000) },
    { name: fake, mimeType: 'image/jpeg', buffer: Buffer.from('<html><body>not a photo</body></html>') },
  ])
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(prefix)
  const photoCard = page.locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${photo}` }) })
  const fakeCard = page.locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${fake}` }) })
  await expect(photoCard.locator('img')).toBeVisible({ timeout: 60_000 })
  await expect(photoCard).not.toContainText('Processing')
  await expect(fakeCard).toContainText('Processing failed', { timeout: 60_000 })
  await expect(fakeCard).toContainText('File content is HTML, not an allowed image or video')
})

test('after Save Order the section grid shows the saved order, "Section order" first among the sorts (defect 3)', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(
    page.request,
    baseURL!,
    [1, 2, 3].map((n) => ({ name: `${prefix}-${n}.jpg`, section: 'upstairs', sortOrder: -1000 })),
  )
  await openGallery(page)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Upstairs/ })
    .click()
  await page.getByRole('button', { name: 'Reorder' }).click()
  const sortable = page.getByTestId('sortable-card')
  const initial = await sortable.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')!))
  // Move the first photo (the newest of ours) one place right: no longer newest first.
  await pickUpWithKeyboard(page, sortable.nth(0), initial[0])
  await page.keyboard.press('ArrowRight')
  await announced(page, `item ${initial[0]} was moved over droppable area ${initial[1]}`)
  await page.keyboard.press('Space')
  await announced(page, `item ${initial[0]} was dropped over droppable area ${initial[1]}`)
  await page.getByRole('button', { name: 'Save Order' }).click()
  await expect(notices(page).getByText('Order updated')).toBeVisible()

  const saved = ((await (await page.request.get('/api/sections/upstairs/media')).json()) as Media[])
    .filter((file) => file.originalFilename.startsWith(prefix))
    .map((file) => file.id)
  expect(saved).toEqual([initial[1], initial[0], initial[2]])
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText(/Section order/)
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(prefix)
  await expect.poll(() => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')))).toEqual(saved)

  // The other sorts stay available.
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await expect(page.getByRole('option')).toHaveText(['Section order', 'Sort by Upload Date', 'Sort by File Size', 'Sort by Name'])
  await page.getByRole('option', { name: 'Sort by Upload Date' }).click()
  await expect
    .poll(() => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id'))))
    .toEqual([initial[0], initial[1], initial[2]])
})

test('media are deleted from the card, the lightbox and the selection, after a confirmation naming the count (defect 4)', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const names = [1, 2, 3, 4].map((n) => `${prefix}-${n}.jpg`)
  const ids = await seedPhotos(
    page.request,
    baseURL!,
    names.map((name) => ({ name })),
  )
  await openGallery(page, prefix)
  await expect(cards(page)).toHaveCount(4)

  // The card.
  await page.getByRole('button', { name: `Delete ${names[0]}` }).click()
  const confirm = page.getByTestId('delete-dialog')
  await expect(confirm.getByRole('heading')).toHaveText(`Delete ${names[0]}?`)
  await confirm.getByRole('button', { name: 'Delete 1 file' }).click()
  await expect(notices(page).getByText('Removed 1 file')).toBeVisible()
  await expect(cards(page)).toHaveCount(3)

  // The lightbox.
  await page.getByRole('button', { name: `View ${names[1]}` }).click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox.getByRole('heading')).toContainText(names[1])
  await lightbox.getByRole('button', { name: `Delete ${names[1]}` }).click()
  await confirm.getByRole('button', { name: 'Delete 1 file' }).click()
  await expect(cards(page)).toHaveCount(2)

  // The selection.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Select', exact: true }).click()
  await page.getByRole('button', { name: `Select ${names[2]}` }).click()
  await page.getByRole('button', { name: `Select ${names[3]}` }).click()
  await page.getByTestId('bulk-panel').getByRole('button', { name: 'Delete (2)' }).click()
  await expect(confirm.getByRole('heading')).toHaveText('Delete 2 files?')
  await confirm.getByRole('button', { name: 'Delete 2 files' }).click()
  await expect(notices(page).getByText('Removed 2 files')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)

  const left = (await adminMedia(page, baseURL!)).filter((file) => ids.includes(file.id))
  expect(left).toEqual([])
})

test.describe('layout (defect 5)', () => {
  test('once media exist the upload card is a slim drop zone and the grid starts above the fold', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, baseURL!)
    const prefix = unique()
    await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-fold.jpg` }])
    await openGallery(page)
    const card = page.getByTestId('upload-card')
    await expect(card).toHaveAttribute('data-compact', 'true')
    expect((await card.boundingBox())!.height).toBeLessThan(260)
    await expect(page.getByRole('button', { name: 'Upload Files' })).toBeVisible()
    const grid = (await page.getByTestId('media-grid').boundingBox())!
    expect(grid.y).toBeLessThan(900)
    await test.info().attach('admin-desktop', { body: await page.screenshot(), contentType: 'image/png' })
  })

  test('a fresh install says how to start, with the full upload card', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    // The gallery as a fresh install answers it: no media yet.
    await page.route('**/api/media-files', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.continue(),
    )
    await openGallery(page)
    await expect(page.getByText('No media yet. Drop photos and videos on the upload area above')).toBeVisible()
    await expect(page.getByText('No media match these filters.')).toHaveCount(0)
    await expect(page.getByTestId('upload-card')).toHaveAttribute('data-compact', 'false')
  })

  test('cards keep one height with long filenames, small files show KB, phone cards stay short', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    const prefix = unique()
    const long = `${prefix}-${'a-very-long-filename-from-a-camera-roll-'.repeat(3)}end.jpg`
    await seedPhotos(page.request, baseURL!, [
      { name: long, tags: ['bedroom', 'master-suite', 'garden-view'], room: 'Master Bedroom with a long room name' },
      { name: `${prefix}-tiny.jpg`, width: 120, height: 90 },
    ])
    await page.setViewportSize({ width: 1440, height: 900 })
    await openGallery(page, prefix)
    await expect(cards(page)).toHaveCount(2)
    const heights = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height))
    expect(Math.abs(heights[0] - heights[1])).toBeLessThanOrEqual(1)
    const tiny = page.locator('[data-testid="media-card"]', {
      has: page.getByRole('button', { name: `View ${prefix}-tiny.jpg` }),
    })
    // The text as shown (name and size on lines of their own; the action buttons between them are icons).
    await expect(tiny).toContainText(/\b\d+ KB\b/, { useInnerText: true })
    await expect(tiny).not.toContainText('0.0 MB', { useInnerText: true })

    await page.setViewportSize({ width: 390, height: 844 })
    await expect(cards(page)).toHaveCount(2)
    for (const height of await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height)))
      expect(height).toBeLessThan(280)
    await test.info().attach('admin-phone-cards', { body: await page.screenshot(), contentType: 'image/png' })
  })
})

test('on a phone the list view shows type, size and dimensions inside each row (defect 6)', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(page.request, baseURL!, [
    { name: `${prefix}-list-1.jpg`, section: 'backyard', width: 1600, height: 1200 },
    { name: `${prefix}-list-2.jpg`, section: 'backyard', width: 1200, height: 1600 },
  ])
  await page.setViewportSize({ width: 390, height: 844 })
  await openGallery(page, prefix)
  await page.getByRole('button', { name: 'List', exact: true }).click()
  const rows = page.getByTestId('media-list').getByTestId('media-card')
  await expect(rows).toHaveCount(2)
  for (const row of await rows.all()) {
    const meta = row.getByTestId('list-meta')
    await expect(meta).toBeVisible()
    await expect(meta).toContainText(/^Image · \d+ x \d+ · /)
    const rowBox = (await row.boundingBox())!
    const metaBox = (await meta.boundingBox())!
    expect(metaBox.y + metaBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5)
    expect(metaBox.x + metaBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5)
    expect(metaBox.width).toBeGreaterThan(100)
  }
  await test.info().attach('admin-phone-list', { body: await page.screenshot(), contentType: 'image/png' })
})

test.describe('small ones (defect 7)', () => {
  test('an unknown section answers 404 with "Section Not Found"; the 404 page has its title', async ({ page }) => {
    const response = await page.goto('/gallery/attic')
    expect(response!.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Section Not Found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Gallery' })).toBeVisible()
    await expect(page).toHaveTitle('Section Not Found · Property Gallery')

    const missing = await page.goto('/no-such-page')
    expect(missing!.status()).toBe(404)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('404 Page Not Found · Property Gallery')
  })

  test('on a desktop the uploader offers no camera and the header opens a new window', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    await openGallery(page)
    await expect(page.getByRole('button', { name: 'Open in New Window' })).toBeVisible()
    await expect(uploadCard(page).getByText('browse files')).toBeVisible()
    await expect(uploadCard(page).getByRole('tab', { name: 'Take Picture' })).toHaveCount(0)
    await expect(uploadCard(page).getByRole('tab', { name: 'Record Video' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expect(page.getByRole('button', { name: 'Close Modal' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Take Picture' })).toHaveCount(0)
  })

  test('the admin lightbox caption is the filename; the editor shows a thumbnail that loads', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    const prefix = unique()
    const [id] = await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-caption.jpg`, section: 'main_level' }])
    await openGallery(page, prefix)
    await page.getByRole('button', { name: `View ${prefix}-caption.jpg` }).click()
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(`${prefix}-caption.jpg`)

    await page.goto(`/admin/collections/media/${id}`)
    // Payload's own file details (not our preview above the fields).
    const thumbnail = page.getByRole('main').locator('img[src*="/public-objects/"]:not([alt^="Preview of"])').first()
    // Payload shows it once it has loaded it in the background (a shimmer until then).
    await expect(thumbnail).toBeVisible({ timeout: 20_000 })
    await expect(thumbnail).toHaveAttribute('src', /^\/public-objects\/.+\/w400\.webp/)
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  })
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the uploader offers the camera and the header has no Open in New Window', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    await openGallery(page)
    await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open in New Window' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expect(page.getByRole('tab', { name: 'Take Picture' }).first()).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Record Video' }).first()).toBeVisible()
  })
})
