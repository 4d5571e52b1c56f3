// The lightbox (spec §4, §5, §9): a dialog with focus trapped and restored, next/previous
// wrapping by buttons and arrow keys, wheel zoom in steps of 1.1/0.9 bounded to 0.5–4,
// double tap toggling 1 and 2, zoom reset on navigation, neighbours preloaded, videos
// with their poster, and swipe on a touch phone.
import { expect, test, type Page } from '@playwright/test'
import { ensurePublicSeed, type PublicMedia } from '../helpers/public-seed'

async function sectionMedia(page: Page, id: string) {
  return (await (await page.request.get(`/api/sections/${id}/media`)).json()) as PublicMedia[]
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('is a dialog that traps focus, wraps around and restores focus on Escape', async ({ page }) => {
    const media = await sectionMedia(page, 'main_level')
    await page.goto('/gallery/main_level')
    const first = page.locator(`[data-media-id="${media[0].id}"]`)
    await first.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('role', 'dialog')
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await dialog.getByRole('button', { name: 'Previous' }).click()
    await expect(dialog).toContainText(`${media.length} / ${media.length}`)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(dialog).toContainText(`1 / ${media.length}`)
    await page.keyboard.press('ArrowLeft')
    await expect(dialog).toContainText(`${media.length} / ${media.length}`)
    await page.keyboard.press('ArrowRight')
    await expect(dialog).toContainText(`1 / ${media.length}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(first).toBeFocused()
  })

  test('zooms with the wheel within 0.5–4, toggles 1↔2 on double tap and resets on navigation', async ({ page }) => {
    const media = await sectionMedia(page, 'main_level')
    await page.goto('/gallery/main_level')
    await page.locator(`[data-media-id="${media[0].id}"]`).click()
    const dialog = page.getByRole('dialog')
    const zoom = dialog.getByTestId('lightbox-zoom')
    await expect(zoom).toHaveText('100%')
    const image = dialog.getByRole('img')
    await image.hover()
    await page.mouse.wheel(0, -100)
    await expect(zoom).toHaveText('110%')
    await page.mouse.wheel(0, 100)
    await expect(zoom).toHaveText('99%')
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -100)
    await expect(zoom).toHaveText('400%')
    for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 100)
    await expect(zoom).toHaveText('50%')

    await page.keyboard.press('ArrowRight')
    await expect(zoom).toHaveText('100%')
    await dialog.getByRole('img').click({ clickCount: 1 })
    await dialog.getByRole('img').click({ clickCount: 1 })
    await expect(zoom).toHaveText('200%')
    await dialog.getByRole('img').dblclick()
    await expect(zoom).toHaveText('100%')
    // Two taps further apart than 300 ms are not a double tap.
    await dialog.getByRole('img').click()
    await page.waitForTimeout(400)
    await dialog.getByRole('img').click()
    await expect(zoom).toHaveText('100%')
  })

  test('preloads the neighbouring images', async ({ page }) => {
    const media = (await sectionMedia(page, 'main_level')).filter((file) => file.fileType === 'image')
    expect(media.length).toBeGreaterThanOrEqual(3)
    await page.goto('/gallery/main_level')
    const requested: string[] = []
    page.on('request', (request) => requested.push(decodeURIComponent(request.url())))
    await page.locator(`[data-media-id="${media[1].id}"]`).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    // WebP, or AVIF once the photo has it (the browser takes AVIF first).
    const widths = (file: PublicMedia) =>
      file.variantWidths.flatMap((w) => ['webp', 'avif'].map((ext) => `/public-objects/${file.filename}/w${w}.${ext}`))
    await expect.poll(() => requested.some((url) => widths(media[2]).some((w) => url.endsWith(w)))).toBe(true)
    await expect.poll(() => requested.some((url) => widths(media[0]).some((w) => url.endsWith(w)))).toBe(true)
  })

  test('plays a video with its poster', async ({ page }) => {
    const media = await sectionMedia(page, 'backyard')
    const video = media.find((file) => file.originalFilename === 'pub-tour-a.mp4')!
    expect(video.thumbnailPath).toBeTruthy()
    await page.goto('/gallery/backyard')
    const card = page.locator(`[data-media-id="${video.id}"]`)
    await expect(card.getByText('Video', { exact: true })).toBeVisible()
    await expect(card.getByRole('img')).toHaveAttribute('src', video.thumbnailPath!)
    await card.click()
    const player = page.getByRole('dialog').locator('video')
    await expect(player).toHaveAttribute('poster', video.thumbnailPath!)
    await expect(player).toHaveAttribute('src', video.objectPath)
    await expect(player).toHaveAttribute('controls', '')
    // The scrubber: arrow keys on the player step 10 % of the video and do not leave it.
    const duration = await player.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) =>
          element.readyState >= 1
            ? resolve(element.duration)
            : element.addEventListener('loadedmetadata', () => resolve(element.duration)),
        ),
    )
    expect(duration).toBeGreaterThan(0)
    // The counter before the arrow keys: they must not move the lightbox (its order follows the
    // page's, which groups photos by room).
    const counter = await page
      .getByRole('dialog')
      .getByText(new RegExp(`^\\d+ / ${media.length}$`))
      .textContent()
    await player.focus()
    // Read once the seek a key started has landed (each key steps from where the last one landed).
    const position = () =>
      player.evaluate((element: HTMLVideoElement) => (element.seeking ? Number.NaN : element.currentTime / element.duration))
    await page.keyboard.press('ArrowRight')
    await expect.poll(position).toBeCloseTo(0.1, 1)
    await page.keyboard.press('ArrowRight')
    await expect.poll(position).toBeCloseTo(0.2, 1)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(position).toBeCloseTo(0.1, 1)
    await expect(page.getByRole('dialog')).toContainText(counter!)
    const poster = await page.request.get(video.thumbnailPath!)
    expect(poster.status()).toBe(200)
    const range = await page.request.get(video.objectPath, { headers: { range: 'bytes=0-99' } })
    expect(range.status()).toBe(206)
    expect(range.headers()['content-type']).toBe('video/mp4')
  })
})

test.describe('phone with touch', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  })

  async function swipe(page: Page, fromX: number, toX: number, y: number) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] })
    for (let step = 1; step <= 5; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: fromX + ((toX - fromX) * step) / 5, y }],
      })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await cdp.detach()
  }

  test('swipes to the next and previous image and double-taps to zoom', async ({ page }) => {
    const media = await sectionMedia(page, 'main_level')
    await page.goto('/gallery/main_level')
    await page.locator(`[data-media-id="${media[0].id}"]`).tap()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(`1 / ${media.length}`)
    await swipe(page, 320, 80, 420)
    await expect(dialog).toContainText(`2 / ${media.length}`)
    await expect(page).toHaveURL(new RegExp(`/gallery/main_level/${media[1].id}$`))
    await swipe(page, 80, 320, 420)
    await expect(dialog).toContainText(`1 / ${media.length}`)
    await swipe(page, 80, 320, 420)
    await expect(dialog).toContainText(`${media.length} / ${media.length}`)

    const image = dialog.getByRole('img')
    await image.tap()
    await image.tap()
    await expect(dialog.getByTestId('lightbox-zoom')).toHaveText('200%')
  })
})
