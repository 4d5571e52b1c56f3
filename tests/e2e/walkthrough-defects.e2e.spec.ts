// What a platform admin, a manager and a guest met walking through the product in Chromium
// (issue "across two properties"): section counts that seemed to contradict the gallery's while
// photos were unplaced, file names cut to a few letters on the cards, a selected tab unreadable
// under the pointer, the Backup button over the sticky bar's List and its card over the upload
// card's "Add more" (and deaf to Escape), a crushed share-link row and a revoked URL still
// offered, no message at a refused embed origin, the phone lightbox's caption cut to a word, and
// the readiness panel's cover that led nowhere. (First-run wording: sign-in.e2e.spec.ts; the
// panorama in a frame without storage: embed.e2e.spec.ts.)
import { expect, test, type Locator, type Page } from '@playwright/test'
import { openGallery, signIn, uploadCard } from '../helpers/e2e-admin'
import { mediaPrefixes, photoBytes, seedPhotos } from '../helpers/e2e-seed'

// Every name this file gives starts with a prefix from unique(): the file's media are removed again after its tests.
const unique = mediaPrefixes('w')
const DESKTOP = { width: 1440, height: 900 }

const cardOf = (page: Page, name: string) =>
  page.locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${name}` }) })

/** The element the browser draws at the centre of a locator's box (what a click there would reach). */
const drawnAtCentre = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return hit === element || element.contains(hit) ? 'itself' : (hit?.textContent?.trim() ?? hit?.tagName ?? 'nothing')
  })

/** WCAG contrast ratio of an element's text colour on its background colour (both opaque rgb()). */
const contrastOf = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element)
    const luminance = (css: string) => {
      const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((part) => {
        const channel = Number(part) / 255
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a)
    return (light + 0.05) / (dark + 0.05)
  })

test('photos in no section are counted under Unassigned in the section bar, and it shows them (point 2)', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-lodge-1.jpg` }, { name: `${prefix}-lodge-2.jpg` }, { name: `${prefix}-lodge-3.jpg` }])
  const listed = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Array<{
    section: string | null
    isHidden: string
  }>
  const unplaced = listed.filter((file) => file.section === null && file.isHidden === 'false').length
  expect(unplaced).toBeGreaterThanOrEqual(3)
  await openGallery(page)

  const bar = page.getByRole('navigation', { name: 'Sections' })
  // Its name, then its count badge.
  const unassigned = bar.locator('button[data-section="unassigned"]')
  await expect(unassigned).toHaveText(`Unassigned${unplaced}`)
  // The bar's buttons add up to the gallery's All: the sections' photos (the spec's All), the unplaced and the hidden.
  const countOf = async (button: Locator) => Number(/(\d+)$/.exec((await button.textContent()) ?? '')?.[1] ?? 0)
  const sectionsTotal = await countOf(bar.getByRole('button', { name: /^All/ }))
  const hidden = await countOf(bar.locator('button[data-section="hidden"]'))
  await expect(page.getByRole('group', { name: 'Media type' }).getByRole('button', { name: /^All/ })).toHaveText(
    `All (${sectionsTotal + unplaced + hidden})`,
  )

  await unassigned.click()
  await expect(unassigned).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('active-section')).toHaveText(
    `Unassigned · ${unplaced} photos in no section yet: visitors see them once you choose a section`,
  )
  await expect(page.getByRole('group', { name: 'Media type' }).getByRole('button', { name: /^All/ })).toHaveText(`All (${unplaced})`)
  await expect(page.getByTestId('media-grid')).toHaveAttribute('data-total', String(unplaced))
  await expect(cardOf(page, `${prefix}-lodge-2.jpg`)).toBeVisible()
})

test('file names show as much as fits, cut in the middle with the extension kept, and whole on hover and in the list (point 3)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  const prefix = unique()
  const long = `${prefix}-wayne-lakeside-living-room-with-the-stone-fireplace-01.jpg`
  const short = `${prefix}-dock.jpg`
  await seedPhotos(page.request, baseURL!, [{ name: long }, { name: short }])
  await openGallery(page, prefix)

  const measure = (name: Locator) =>
    name.evaluate((element) => {
      const [head, tail] = [...element.children] as HTMLElement[]
      const body = element.parentElement!
      const padding = parseFloat(getComputedStyle(body).paddingLeft) + parseFloat(getComputedStyle(body).paddingRight)
      return {
        share: element.getBoundingClientRect().width / (body.clientWidth - padding),
        // The head's characters that are drawn (its width against the width it would need).
        headShown: Math.floor((head.clientWidth / head.scrollWidth) * head.textContent!.length),
        headCut: head.scrollWidth > head.clientWidth,
        tailCut: tail.scrollWidth > tail.clientWidth,
        tailRight: tail.getBoundingClientRect().right <= element.getBoundingClientRect().right + 0.5,
      }
    })

  const longName = cardOf(page, long).getByTestId('file-name')
  await expect(longName).toHaveAttribute('title', long)
  const cut = await measure(longName)
  // The name has the card's width, not what the action buttons leave of it.
  expect(cut.share).toBeGreaterThan(0.95)
  expect(cut.headCut).toBe(true)
  expect(cut.headShown).toBeGreaterThanOrEqual(15)
  // The end of the name, with the extension, is drawn whole.
  expect(cut.tailCut).toBe(false)
  expect(cut.tailRight).toBe(true)
  await expect(longName).toHaveText(long)

  const shortName = cardOf(page, short).getByTestId('file-name')
  expect((await measure(shortName)).headCut).toBe(false)

  await page.getByRole('button', { name: 'List', exact: true }).click()
  const row = page.getByTestId('media-list').locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${long}` }) })
  const inList = await measure(row.getByTestId('file-name'))
  expect(inList.headCut).toBe(false)
  expect(inList.tailCut).toBe(false)
  await test.info().attach('names', { body: await page.screenshot(), contentType: 'image/png' })
})

test('a selected readiness tab stays readable under the pointer (point 4)', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  await openGallery(page)
  await page.getByRole('button', { name: 'Listing readiness' }).click()
  const vrbo = page.getByRole('tab', { name: 'Vrbo' })
  await vrbo.click()
  await expect(vrbo).toHaveAttribute('aria-selected', 'true')
  await vrbo.hover()
  expect(await contrastOf(vrbo)).toBeGreaterThanOrEqual(4.5)
  // Another selected button (the type filter's All) too.
  const all = page.getByRole('group', { name: 'Media type' }).getByRole('button', { name: /^All/ })
  await all.hover()
  expect(await contrastOf(all)).toBeGreaterThanOrEqual(4.5)
})

test("the Backup button leaves the sticky bar's List reachable once the page scrolls (point 4)", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  await seedPhotos(page.request, baseURL!, [{ name: `${unique()}-scroll.jpg` }])
  await openGallery(page)
  await expect(page.getByRole('button', { name: 'Backup', exact: true })).toBeVisible()
  const bar = page.getByRole('navigation', { name: 'Sections' })
  // Down to the grid: the section bar sticks to the top of the window.
  await page.getByTestId('media-grid').scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, 400))
  await expect.poll(async () => Math.round((await bar.boundingBox())!.y)).toBe(0)
  const list = bar.getByRole('button', { name: 'List', exact: true })
  expect(await drawnAtCentre(list)).toBe('itself')
  await list.click()
  await expect(page.getByTestId('media-list')).toBeVisible()
})

test("the Backup card closes on Escape and leaves the upload card's Add more uncovered (point 11)", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  await openGallery(page)
  // A queued file gives the full dashboard with "Add more" at its top right.
  await uploadCard(page)
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles([{ name: `${unique()}-queued.jpg`, mimeType: 'image/jpeg', buffer: await photoBytes(4) }])
  const addMore = uploadCard(page).getByRole('button', { name: 'Add more' })
  await expect(addMore).toBeVisible()
  const toggle = page.getByRole('button', { name: 'Backup', exact: true })
  await toggle.click()
  const panel = page.getByTestId('backup-panel')
  await expect(panel.getByText('Automatic backups every 30 minutes')).toBeVisible()
  // The card pushes the page down (by the kept backups' list): "Add more" is scrolled to, and reachable.
  await addMore.scrollIntoViewIfNeeded()
  expect(await drawnAtCentre(addMore)).toBe('itself')

  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(toggle).toBeFocused()
  // Escape again after a click elsewhere on the page: the card closes all the same.
  await toggle.click()
  await expect(panel).toBeVisible()
  await page.getByRole('heading', { name: 'Media Gallery Pro' }).click()
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
})

test('a live share link reads on one or two lines, and a revoked link is no longer offered to copy (point 5)', async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  await openGallery(page)
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByTestId('share-dialog')
  // A day no other test picks: it names this link's row.
  const day = new Date(Date.now() + 211 * 24 * 60 * 60 * 1000)
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
  await dialog.getByLabel('Expires on').fill(iso)
  await dialog.getByRole('button', { name: 'Create Link' }).click()
  const made = dialog.getByRole('textbox', { name: 'New link' })
  await expect(made).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/)

  const until = day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
  const row = dialog.getByTestId('share-link').filter({ hasText: `until ${until}` })
  await expect(row).toHaveCount(1)
  const text = row.locator('span').first()
  const [rowBox, textBox] = [(await row.boundingBox())!, (await text.boundingBox())!]
  // Not a 40-px column with a word a line: most of the row's width, at most two lines.
  expect(textBox.width).toBeGreaterThan(rowBox.width / 2)
  expect(textBox.height).toBeLessThanOrEqual(2 * 22)
  expect(textBox.y + textBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height)

  await row.getByRole('button', { name: 'Revoke' }).click()
  await expect(row).toHaveCount(0)
  await expect(made).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Copy Link' })).toHaveCount(0)
})

test('a refused embed origin says at the field what is accepted; http://127.0.0.1:port is accepted (point 6)', async ({ page, baseURL }) => {
  // Room for the retries below on a busy machine.
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  const headers = { origin: baseURL! }
  const me = await page.request.get('/api/user', { headers })
  const propertyId = ((await me.json()) as { property: { id: string } }).property.id
  try {
    // The row is there when the form opens: a click on "Add Embed origin" that lands late on a
    // busy machine adds a second, empty row, and every save after it is refused for that row.
    const seeded = await page.request.patch(`/api/properties/${propertyId}`, { headers, data: { embedOrigins: [{ origin: 'https://cottage.example' }] } })
    expect(seeded.status()).toBe(200)
    await page.goto(`/admin/collections/properties/${propertyId}`)
    const origin = page.locator('input[name="embedOrigins.0.origin"]')
    const error = page.locator('.field-type.text', { has: origin }).locator('.field-error')
    // The form's own state calls (the new row's, then the typed value's) may answer after the
    // typing, put back an older value or redraw the field: type again until a save is refused
    // with the message, drawn whole (Payload cuts a field's message to one line).
    // Typed anew on each try: Payload's Save is disabled until the form changes again.
    const typeAndSave = async (value: string) => {
      await origin.fill('', { timeout: 10_000 })
      await origin.fill(value)
      await page.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 5_000 })
    }
    await expect(async () => {
      await typeAndSave('http://cottage-site.example')
      await expect(error).toHaveText('Write https://host or https://host:port (http:// only for localhost or 127.0.0.1), with nothing after.', { timeout: 5_000 })
      expect(await error.locator('.tooltip-content').evaluate((element) => element.scrollWidth <= element.clientWidth, undefined, { timeout: 5_000 })).toBe(true)
    }).toPass({ timeout: 45_000 })

    const saved = async () =>
      ((await (await page.request.get(`/api/properties/${propertyId}`, { headers })).json()) as { embedOrigins: Array<{ origin: string }> }).embedOrigins.map((row) => row.origin)
    await expect(async () => {
      await typeAndSave('http://127.0.0.1:5173')
      await expect.poll(saved, { timeout: 5_000 }).toEqual(['http://127.0.0.1:5173'])
    }).toPass({ timeout: 45_000 })
  } finally {
    await page.request.patch(`/api/properties/${propertyId}`, { headers, data: { embedOrigins: [] } })
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test("the lightbox's caption wraps: section and room stay readable (point 10)", async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    const prefix = unique()
    const [id] = await seedPhotos(page.request, baseURL!, [
      { name: `${prefix}-sofa.jpg`, section: 'main_level', room: 'Living Room', sortOrder: 99, description: 'Sofa with a view of the lake' },
    ])
    await page.goto('/gallery/main_level')
    await page.locator(`[data-media-id="${id}"]`).click()
    const title = page.getByRole('dialog').getByRole('heading', { name: 'Main Level · Living Room — Sofa with a view of the lake' })
    await expect(title).toBeVisible()
    const overflow = await title.evaluate((element) => ({
      across: element.scrollWidth - element.clientWidth,
      down: element.scrollHeight - element.clientHeight,
    }))
    expect(overflow).toEqual({ across: 0, down: 0 })
    await test.info().attach('phone-caption', { body: await page.screenshot(), contentType: 'image/png' })
  })
})

test("the readiness panel's cover leads to the cover photo's card, where a manager acts on it (point 12)", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await signIn(page, baseURL!)
  // A visible photo at least: the channel has a cover.
  await seedPhotos(page.request, baseURL!, [{ name: `${unique()}-cover.jpg`, section: 'outdoors', room: 'Lake view', width: 1600, height: 1200 }])
  const readiness = (await (await page.request.get('/api/listing-readiness?channel=airbnb', { headers: { origin: baseURL! } })).json()) as {
    cover: { mediaId: string } | null
  }
  expect(readiness.cover).not.toBeNull()
  await openGallery(page)
  await page.getByRole('button', { name: 'Listing readiness' }).click()
  const cover = page.getByTestId('listing-cover')
  await expect(cover.getByRole('img', { name: 'Cover, 1:1 crop' })).toBeVisible()
  await cover.getByRole('button', { name: 'Show the cover photo' }).click()
  await expect(page.getByTestId('rule-filter')).toContainText('Showing the photos of “Airbnb cover”')
  await expect(page.getByTestId('media-grid')).toHaveAttribute('data-total', '1')
  await expect(page.locator(`[data-testid="media-card"][data-id="${readiness.cover!.mediaId}"]`)).toBeVisible()
})
