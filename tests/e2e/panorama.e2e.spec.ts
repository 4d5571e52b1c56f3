// 360° panoramas (camera issue, item 3) in the browser: a photo whose XMP says equirectangular
// shows the 360° badge on the public grid and the admin card, opens in the interactive viewer
// (WebGL 2 through Chromium's software renderer here) and turns with the arrow keys; without
// WebGL the flat photo shows; the manager's toggle turns it flat.
import { expect, test, type Page } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { mediaPrefixes, updateMedia, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'
import { makePanorama } from '../helpers/panorama'

const unique = mediaPrefixes('p')
let name = ''
let id = ''

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  name = `${unique()}-pano.jpg`
  const buffer = await makePanorama({ width: 2048, seed: 7, gpano: {} })
  id = await uploadThroughApi(page.request, baseURL!, { name, mimeType: 'image/jpeg', buffer })
  await waitUntilReady(page.request, baseURL!, [id])
  await updateMedia(page.request, baseURL!, id, { section: 'backyard', description: 'Deck at sunset in 360' })
  await page.close()
})

async function openPanorama(page: Page) {
  await page.goto('/gallery/backyard')
  const card = page.locator(`[data-media-id="${id}"]`)
  await expect(card.getByTestId('panorama-badge')).toHaveText('360°')
  await card.click()
  return page.getByRole('dialog')
}

test('a panorama opens in the viewer and turns with the arrow keys', async ({ page }) => {
  const dialog = await openPanorama(page)
  const viewer = dialog.locator('[data-panorama]')
  await expect(viewer).toHaveAttribute('data-panorama', 'ready', { timeout: 20_000 })
  await expect(viewer).toBeFocused()
  await expect(dialog.getByTitle('Fullscreen')).toBeVisible()
  const counter = await dialog.getByText(/^\d+ \/ \d+$/).textContent()
  const yaw = async () => Number(await viewer.getAttribute('data-yaw'))
  const before = await yaw()

  // Held, the key turns the view to the right (yaw grows) …
  await page.keyboard.down('ArrowRight')
  await expect.poll(yaw).toBeGreaterThan(before + 0.1)
  await page.keyboard.up('ArrowRight')
  // … and the lightbox stays on the same photo.
  await expect(dialog.getByText(/^\d+ \/ \d+$/)).toHaveText(counter!)
  await expect(viewer).toBeAttached()
  const turned = await yaw()
  await page.keyboard.down('ArrowLeft')
  await expect.poll(yaw).not.toBe(turned)
  await page.keyboard.up('ArrowLeft')
})

test('without WebGL the flat photo shows', async ({ page }) => {
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      return type.startsWith('webgl') ? null : (getContext as (...args: unknown[]) => unknown).call(this, type, ...rest)
    } as typeof getContext
  })
  const dialog = await openPanorama(page)
  await expect(dialog.getByRole('img', { name: 'Deck at sunset in 360' })).toBeVisible()
  await expect(dialog.locator('[data-panorama]')).toHaveCount(0)
})

test('the manager sees the badge and turns the photo flat with the toggle', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page, name)
  const card = page.locator(`[data-testid="media-card"][data-id="${id}"]`)
  await expect(card.getByTestId('panorama-badge')).toHaveText('360°')
  await card.hover()
  const toggle = card.getByRole('button', { name: `360° photo: ${name}` })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(card.getByTestId('panorama-badge')).toHaveCount(0)
})
