// The blur-up placeholder (spec §9 progressive loading): while a photo's rendition is still
// on its way, the card shows the photo's tiny blurred picture, not an empty grey box; once
// the rendition arrives it covers the placeholder.
import { expect, test } from '@playwright/test'
import { ensurePublicSeed } from '../helpers/public-seed'

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

test('a photo shows its blur-up placeholder before the image loads, then the image', async ({ page }) => {
  // Hold every photo rendition until the placeholder has been checked.
  let releaseImages!: () => void
  const imagesMayLoad = new Promise<void>((resolve) => (releaseImages = resolve))
  await page.route(/\/public-objects\/.+\.(webp|avif)$/, async (route) => {
    await imagesMayLoad
    await route.continue()
  })
  // The load event waits for the held images: only wait for the document.
  await page.goto('/gallery/main_level', { waitUntil: 'domcontentloaded' })
  const card = page.locator('button[data-media-id]').first()
  const image = card.locator('img')
  // The frame around the image (a <picture> without a box of its own stands between them once the photo has AVIF).
  const frame = image.locator('xpath=ancestor::div[1]')
  await expect(frame).toHaveCSS('background-image', /^url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\)$/)
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false)

  releaseImages()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})
