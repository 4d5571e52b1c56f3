// What a manager saw in a real browser on Media Gallery Pro (issue "admin defects"): the
// Backup panel drawn under the upload card, a freshly processed video keeping its grey
// "Video" box until a reload, and action buttons drawn with emoji (empty squares on a
// machine without an emoji font).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { openGallery, signIn, uploadCard, uploadThroughCard } from '../helpers/e2e-admin'
import { mediaPrefixes, photoBytes, seedPhotos } from '../helpers/e2e-seed'
import { makeUnplayableMov, tempDir } from '../helpers/media-fixtures'

// Every name this file gives starts with a prefix from unique(): the file's media are removed again after its tests.
const unique = mediaPrefixes('d')

const cardOf = (page: Page, name: string) =>
  page.locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${name}` }) })

/** Symbols (emoji, dingbats, arrows, geometric shapes, ×, −, +) drawn as text: a font may lack them. */
const SYMBOL = /[^\p{L}\p{N}\p{P}\p{Z}\s]/u

/** A control drawn with an icon: an svg inside, no symbol characters in its text, and its name. */
async function expectIconControl(control: Locator) {
  await expect(control).toBeVisible()
  await expect(control.locator('svg')).toHaveCount(1)
  expect(await control.innerText()).not.toMatch(SYMBOL)
}

test('the Backup panel is drawn whole, beside the upload card rather than over or under it (defect 1)', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!)
  await openGallery(page)
  // A queued file gives the full dashboard: its bar with "Add more" and the file's tile.
  const prefix = unique()
  await uploadCard(page)
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles([{ name: `${prefix}-queued.jpg`, mimeType: 'image/jpeg', buffer: await photoBytes(3) }])
  await expect(uploadCard(page).getByRole('button', { name: 'Upload 1 file' })).toBeVisible()
  await page.getByRole('button', { name: 'Backup', exact: true }).click()
  const panel = page.getByTestId('backup-panel')
  await expect(panel.getByText('Automatic backups every 30 minutes')).toBeVisible()

  // The card takes its place in the page (it opened over the dashboard's "Add more" when it
  // floated): the two never overlap, and every point of the card is the card's own.
  const { covered, overlap } = await page.evaluate(() => {
    const card = document.querySelector<HTMLElement>('[data-testid="backup-panel"]')!
    const dashboard = document.querySelector<HTMLElement>('[data-testid="upload-card"] .uppy-Dashboard-inner')!
    const panelBox = card.getBoundingClientRect()
    const under = dashboard.getBoundingClientRect()
    const overlap = under.bottom > panelBox.top && under.top < panelBox.bottom && under.right > panelBox.left && under.left < panelBox.right
    // Inside the rounded corners (12 px): every point there is the card's own.
    const inset = 12
    const coveredBy = new Set<string>()
    for (let y = panelBox.top + inset; y < Math.min(panelBox.bottom, window.innerHeight) - inset; y += 8) {
      for (let x = panelBox.left + inset; x < panelBox.right - inset; x += 8) {
        const hit = document.elementFromPoint(x, y)
        if (hit && !card.contains(hit)) coveredBy.add(hit.className.toString() || hit.tagName)
      }
    }
    return { covered: [...coveredBy], overlap }
  })
  expect(overlap, 'the card overlaps the dashboard').toBe(false)
  expect(covered, 'elements drawn over the Backup panel').toEqual([])
  await page.screenshot({ path: test.info().outputPath('backup-beside-upload-card.png') })
})

test('a video uploaded while the screen is open shows its poster once processed, without a reload (defect 2)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signIn(page, baseURL!)
  await openGallery(page)
  const prefix = unique()
  // The card is on screen from the list's first answer that has it, still processing: a MOV
  // needs an H.264 rendition, so its processing outlasts the refresh made when its record is created.
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(prefix)
  const name = `${prefix}-walkthrough.mov`
  const { file: video } = await makeUnplayableMov(await tempDir(), name)
  await uploadThroughCard(page, [video])

  const poster = cardOf(page, name).locator('img')
  await expect(poster).toBeVisible({ timeout: 60_000 })
  await expect(poster).toHaveAttribute('src', /\/poster\.jpg$/)
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await cardOf(page, name).screenshot({ path: test.info().outputPath('video-poster.png') })
})

test('the action buttons are drawn with icons, keep their names and carry no emoji (defect 3)', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const names = [`${prefix}-porch.jpg`, `${prefix}-hall.jpg`]
  await seedPhotos(
    page.request,
    baseURL!,
    names.map((name) => ({ name })),
  )
  await openGallery(page, prefix)
  const [name] = names
  const card = cardOf(page, name)
  const cardActions = (scope: Locator) => [
    scope.getByRole('button', { name: `Edit tags and notes of ${name}` }),
    scope.getByRole('link', { name: `Open ${name} in the editor` }),
    scope.getByRole('button', { name: `Delete ${name}` }),
  ]
  for (const control of cardActions(card)) await expectIconControl(control)
  await expectIconControl(page.getByTestId('media-gallery').getByRole('link', { name: 'Settings', exact: true }))
  await card.screenshot({ path: test.info().outputPath('card-icons.png') })

  // The list view's row actions.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click()
  for (const control of cardActions(page.getByTestId('media-list'))) await expectIconControl(control)
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click()

  // The selection mark.
  await page.getByRole('button', { name: 'Select', exact: true }).click()
  const select = page.getByRole('button', { name: `Select ${name}` })
  await select.click()
  await expect(select.locator('svg')).toHaveCount(1)
  // The small photo's quality word ("Below 1024×683", the analysis issue's text) is a size, not a drawn symbol.
  const cardText = (await page.getByTestId('media-card').filter({ has: select }).innerText()).replace('Below 1024×683', '')
  expect(cardText).not.toMatch(SYMBOL)
  await page.getByRole('button', { name: 'Selected (1)', exact: true }).click()

  // The lightbox's controls.
  await page.getByRole('button', { name: `View ${name}` }).click()
  const lightbox = page.getByRole('dialog')
  for (const label of ['Zoom out', 'Zoom in', 'Close', 'Previous', 'Next']) {
    await expectIconControl(lightbox.getByRole('button', { name: label, exact: true }))
  }
})
