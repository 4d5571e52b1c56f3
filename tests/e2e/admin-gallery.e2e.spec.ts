// Media Gallery Pro in real Chromium (spec §2, §4, §8): the header, selection with
// shift-click ranges, bulk assignment with a room, hiding a photo (and it leaving the
// public answers), reordering by drag and by keyboard that survives a reload, tag
// editing, filters and the notices' texts. Each test seeds its own uniquely named photos.
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { announced, openGallery, pickUpWithKeyboard, signIn } from '../helpers/e2e-admin'
import { seedPhotos } from '../helpers/e2e-seed'

type Media = {
  id: string
  filename: string
  originalFilename: string
  section: string | null
  room: string | null
  isHidden: string
  tags: string[]
  description: string | null
  notes?: string | null
}
type Section = { id: string; count: number }

const unique = () => `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

// Our notice area (Radix toast, F8). A CSS locator: while a modal dialog is open the area is
// outside the dialog's accessibility tree, yet the notice must still be shown.
const notices = (page: Page) => page.locator('[role="region"][aria-label^="Notifications (F8)"]')

async function adminMedia(page: Page, baseURL: string): Promise<Media[]> {
  const response = await page.request.get('/api/media-files', { headers: { origin: baseURL } })
  return (await response.json()) as Media[]
}

const cards = (page: Page) => page.getByTestId('media-card')

test('the header, stats, section bar and filter bar show the spec texts', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page)
  await expect(page.getByText('Property Management Platform Ready')).toBeVisible()
  await expect(page.getByText("Manage your property's photo gallery")).toBeVisible()
  await expect(page.getByText('Welcome, manager')).toBeVisible()
  // The settings are the property's own record (Payload's navigation also lists "Properties").
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
    'href',
    /^\/admin\/collections\/properties\/[0-9a-f-]{36}$/,
  )
  await expect(page.getByRole('heading', { name: 'Upload Media' })).toBeVisible()
  for (const label of ['Total Media', 'Size Reduced', 'Avg Load Time', 'Total Size']) {
    await expect(page.getByLabel('Statistics').getByText(label, { exact: true })).toBeVisible()
  }
  const bar = page.getByRole('navigation', { name: 'Sections' })
  await expect(bar.getByRole('button', { name: /^All \d+$/ })).toBeVisible()
  for (const name of ['Main Level', 'Upstairs', 'Downstairs', 'Backyard', 'Outdoors', 'Hide from Gallery']) {
    await expect(bar.getByRole('button', { name: new RegExp(name) })).toBeVisible()
  }
  await bar.getByRole('button', { name: /Backyard/ }).click()
  await expect(page.getByTestId('active-section')).toContainText('Backyard')
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible()
  await bar.getByRole('button', { name: /^All/ }).click()
  await expect(page.getByRole('button', { name: 'Reorder' })).toHaveCount(0)

  await expect(page.getByRole('heading', { name: 'Media Gallery', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^All \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Images \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Videos \(\d+\)$/ })).toBeVisible()
  await page.getByRole('combobox', { name: 'Sort' }).click()
  for (const option of ['Sort by Upload Date', 'Sort by File Size', 'Sort by Name']) {
    await expect(page.getByRole('option', { name: option })).toBeVisible()
  }
  await page.keyboard.press('Escape')

  // Public Gallery opens /gallery in a new tab; Open in New Window opens this page at 1200x800.
  await page.evaluate(() => {
    const opened: unknown[][] = []
    ;(window as unknown as { opened: unknown[][] }).opened = opened
    window.open = (...args: unknown[]) => {
      opened.push(args)
      return null
    }
  })
  await page.getByRole('button', { name: 'Public Gallery' }).click()
  await page.getByRole('button', { name: 'Open in New Window' }).click()
  const opened = await page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened)
  expect(opened[0].slice(0, 2)).toEqual(['/gallery', '_blank'])
  expect(opened[1]).toEqual([`${baseURL}/admin`, '_blank', 'width=1200,height=800'])

  // The media collection's list view is the same screen.
  await page.goto('/admin/collections/media')
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
})

test('search, category, tag and Needs attention filters narrow the grid and Clear All resets them', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(page.request, baseURL!, [
    { name: `${prefix}-deck.jpg`, width: 1200, height: 800, category: 'exterior', tags: ['pool', 'sunny'], description: 'Deck by the water' },
    { name: `${prefix}-sofa.jpg`, category: 'interior', tags: ['cozy'] },
  ])
  await openGallery(page, prefix)
  await expect(cards(page)).toHaveCount(2)
  await page.getByRole('combobox', { name: 'Category' }).click()
  await expect(page.getByRole('option').first()).toHaveText('All Categories')
  // Who filed the photos there: the manager chose these categories.
  await expect(page.getByRole('option', { name: 'Interior (by you)' })).toBeVisible()
  await page.getByRole('option', { name: 'Exterior (by you)' }).click()
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).getByTestId('card-category')).toHaveAttribute('title', 'Exterior: chosen by you')
  await expect(page.getByText('Category: exterior')).toBeVisible()
  await page.getByRole('button', { name: 'Tags (0)' }).click()
  await expect(page.getByRole('heading', { name: 'Filter by Tags' })).toBeVisible()
  await page.getByRole('button', { name: 'cozy', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByText('Tag: cozy')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Clear All' }).click()
  await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Tags (0)' })).toBeVisible()
  // The sofa (800 × 600) is below the listing sites' minimum; the deck (1200 × 800) is not.
  await page.getByRole('button', { name: 'Needs attention' }).click()
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText(`${prefix}-sofa.jpg`)
  await expect(cards(page).first().getByTestId('card-quality')).toHaveText('Below 1024×683')
  await page.getByRole('button', { name: 'Clear All' }).click()
  await expect(cards(page)).toHaveCount(2)
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('deck by the WATER')
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText(`${prefix}-deck.jpg`)

  // The list view shows the same media as rows.
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await expect(page.getByTestId('media-list')).toBeVisible()
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText('Image · 1200 x 800')
})

test('shift-click selects a range and the dialog assigns it to a section with a room', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const ids = await seedPhotos(
    page.request,
    baseURL!,
    [1, 2, 3, 4].map((n) => ({ name: `${prefix}-${n}.jpg` })),
  )
  await openGallery(page, prefix)
  // The search's result first: a grid that shrinks under an open menu can leave its options out
  // of the viewport, with the page's scrolling locked by the menu.
  await expect(cards(page)).toHaveCount(4)
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await page.getByRole('option', { name: 'Sort by Name' }).click()

  await page.getByRole('button', { name: 'Select', exact: true }).click()
  await page.getByRole('button', { name: `Select ${prefix}-1.jpg` }).click()
  await page.getByRole('button', { name: `Select ${prefix}-3.jpg` }).click({ modifiers: ['Shift'] })
  await expect(page.getByRole('button', { name: 'Selected (3)' })).toBeVisible()
  await expect(page.getByTestId('panel-thumb')).toHaveCount(3)
  await page.getByRole('button', { name: `Select ${prefix}-2.jpg` }).click()
  await expect(page.getByRole('button', { name: 'Selected (2)' })).toBeVisible()
  await page.getByRole('button', { name: `Select ${prefix}-2.jpg` }).click()

  await page.getByRole('button', { name: 'Assign to Sections (3)' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Assign 3 Photos to Sections' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Assign All to Section' })).toBeDisabled()
  await expect(dialog.getByPlaceholder('e.g., Kitchen, Living Room, Master Bedroom')).toBeVisible()
  await expect(dialog.getByTestId('individual-row')).toHaveCount(3)
  await dialog.getByRole('combobox', { name: 'Section', exact: true }).click()
  await expect(page.getByRole('option', { name: /Hide from Gallery/ })).toHaveCount(0)
  await page.getByRole('option', { name: /Backyard/ }).click()
  await dialog.getByLabel('Room (Optional)').fill('  Patio  ')
  await dialog.getByRole('button', { name: 'Assign All to Backyard' }).click()
  await expect(notices(page).getByText('Assignment Complete')).toBeVisible()
  await expect(notices(page).getByText('3 photos assigned to Backyard')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const media = await adminMedia(page, baseURL!)
  const byId = new Map(media.map((file) => [file.id, file]))
  for (const id of [ids[0], ids[1], ids[2]]) expect(byId.get(id)).toMatchObject({ section: 'backyard', room: 'Patio' })
  expect(byId.get(ids[3])).toMatchObject({ section: null, room: null })
})

test('hiding a photo with the picker removes it from the public answers', async ({ page, baseURL, playwright }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const [id] = await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-view.jpg`, section: 'outdoors' }])
  const visitor = await playwright.request.newContext({ baseURL })
  const outdoorsCount = async () =>
    ((await (await visitor.get('/api/sections')).json()) as Section[]).find((section) => section.id === 'outdoors')!.count
  const before = await outdoorsCount()
  expect(((await (await visitor.get('/api/sections/outdoors/media')).json()) as Media[]).map((f) => f.id)).toContain(id)

  await openGallery(page, prefix)
  const card = cards(page).first()
  await card.hover()
  await expect(card.getByText('Section:')).toBeVisible()
  await card.getByRole('combobox', { name: `Section for ${prefix}-view.jpg` }).click()
  await page.getByRole('option', { name: /Hide from Gallery/ }).click()
  await expect(notices(page).getByText('Section Assigned')).toBeVisible()
  await expect(notices(page).getByText('Photo moved to Hide from Gallery')).toBeVisible()
  await card.hover()
  await expect(card.getByText('Hidden from Gallery')).toBeVisible()

  expect(await outdoorsCount()).toBe(before - 1)
  expect(((await (await visitor.get('/api/sections/outdoors/media')).json()) as Media[]).map((f) => f.id)).not.toContain(id)
  expect(((await (await visitor.get('/api/media-files')).json()) as Media[]).map((f) => f.id)).not.toContain(id)

  // The manager still finds it under the hidden pseudo-section.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Hide from Gallery/ })
    .click()
  await expect(cards(page)).toHaveCount(1)

  // Brought back from the hidden list: the card leaves that list, the notice still shows.
  await cards(page).first().hover()
  await cards(page)
    .first()
    .getByRole('combobox', { name: `Section for ${prefix}-view.jpg` })
    .click()
  await page.getByRole('option', { name: /Outdoors/ }).click()
  await expect(notices(page).getByText('Photo moved to Outdoors')).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  expect(await outdoorsCount()).toBe(before)
  await visitor.dispose()
})

test('reordering by drag and by keyboard is saved and survives a reload', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(
    page.request,
    baseURL!,
    [1, 2, 3].map((n) => ({ name: `${prefix}-${n}.jpg`, section: 'upstairs' })),
  )
  await openGallery(page)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Upstairs/ })
    .click()
  await page.getByRole('button', { name: 'Reorder' }).click()
  const sortable = page.getByTestId('sortable-card')
  const order = async () => sortable.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')!))
  const initial = await order()
  expect(initial.length).toBeGreaterThanOrEqual(3)

  // Drag the first photo onto the third (in view first: the mouse acts inside the viewport).
  await sortable.nth(2).scrollIntoViewIfNeeded()
  await sortable.nth(0).scrollIntoViewIfNeeded()
  const from = (await sortable.nth(0).boundingBox())!
  const to = (await sortable.nth(2).boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 })
  await page.mouse.up()
  const dragged = [initial[1], initial[2], initial[0], ...initial.slice(3)]
  await expect.poll(order).toEqual(dragged)

  // Keyboard: pick up the (new) first photo, move it one place right, drop it.
  // Each key waits for dnd-kit's screen-reader announcement (its live region) of the step before.
  await pickUpWithKeyboard(page, sortable.nth(0), dragged[0])
  await page.keyboard.press('ArrowRight')
  await announced(page, `item ${dragged[0]} was moved over droppable area ${dragged[1]}`)
  await page.keyboard.press('Space')
  await announced(page, `item ${dragged[0]} was dropped over droppable area ${dragged[1]}`)
  const expected = [dragged[1], dragged[0], ...dragged.slice(2)]
  await expect.poll(order).toEqual(expected)

  await page.getByRole('button', { name: 'Save Order' }).click()
  await expect(notices(page).getByText('Order updated')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save Order' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  const saved = (await (await page.request.get('/api/sections/upstairs/media')).json()) as Media[]
  expect(saved.map((file) => file.id)).toEqual(expected)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Upstairs/ })
    .click()
  await page.getByRole('button', { name: 'Reorder' }).click()
  await expect.poll(order).toEqual(expected)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible()
})

test('custom tags, description and notes are edited in the dialog', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const [id] = await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-kitchen.jpg`, tags: ['kitchen'] }])
  await openGallery(page, prefix)
  await page.getByRole('button', { name: `Edit tags and notes of ${prefix}-kitchen.jpg` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Custom Tags and Notes' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
  const suggestions = dialog.getByRole('button', { name: /^Add suggested tag / })
  await expect(suggestions).toHaveCount(12)
  await expect(dialog.getByRole('button', { name: 'Add suggested tag kitchen' })).toHaveCount(0)
  await dialog.getByLabel('Custom Tags').fill('  Sea View ')
  await dialog.getByLabel('Custom Tags').press('Enter')
  await dialog.getByLabel('Custom Tags').fill('SEA VIEW')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await dialog.getByRole('button', { name: 'Add suggested tag pool' }).click()
  await dialog.getByRole('button', { name: 'Remove tag kitchen' }).click()
  await dialog.getByLabel('Description').fill('  Bright kitchen with island  ')
  await dialog.getByLabel('Notes').fill('  Replace the bulb ')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(notices(page).getByText('Tags Updated')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(cards(page).first().getByLabel('Tags', { exact: true })).toHaveText(/sea view\s*pool/)

  const saved = (await adminMedia(page, baseURL!)).find((file) => file.id === id)!
  expect(saved).toMatchObject({
    tags: ['sea view', 'pool'],
    description: 'Bright kitchen with island',
    notes: 'Replace the bulb',
  })

  // Payload's stock edit view stays, with a preview of the photo.
  await page.getByRole('link', { name: `Open ${prefix}-kitchen.jpg in the editor` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/collections/media/${id}$`))
  await expect(page.getByRole('img', { name: `Preview of ${saved.filename}` })).toBeVisible()
  expect(
    await page.getByRole('img', { name: `Preview of ${saved.filename}` }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0)
})

test('failures show the spec notices', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-a.jpg`, section: 'downstairs' }])
  await page.route('**/api/media-files/*/metadata', (route) => route.fulfill({ status: 500, body: 'down' }))
  await page.route('**/api/media-files/*/section', (route) => route.fulfill({ status: 500, body: 'down' }))
  await page.route('**/api/sections/*/reorder', (route) => route.fulfill({ status: 500, body: 'down' }))
  await page.route('**/api/sections/*/bulk-assign', (route) => route.fulfill({ status: 500, body: 'down' }))
  await openGallery(page, prefix)

  await page.getByRole('button', { name: `Edit tags and notes of ${prefix}-a.jpg` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(notices(page).getByText('Update Failed')).toBeVisible()
  await expect(notices(page).getByText('Failed to update tags and notes. Please try again.')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

  const card = cards(page).first()
  await card.hover()
  await card.getByRole('combobox', { name: `Section for ${prefix}-a.jpg` }).click()
  await page.getByRole('option', { name: /Main Level/ }).click()
  await expect(notices(page).getByText('Assignment Failed')).toBeVisible()
  await expect(notices(page).getByText('Failed to assign photo to section. Please try again.')).toBeVisible()
  // The picker is usable again.
  await card.hover()
  await expect(card.getByRole('combobox', { name: `Section for ${prefix}-a.jpg` })).toBeEnabled()

  await page.getByRole('button', { name: 'Select', exact: true }).click()
  await page.getByRole('button', { name: `Select ${prefix}-a.jpg` }).click()
  await page.getByRole('button', { name: 'Assign to Sections (1)' }).click()
  await expect(page.getByRole('heading', { name: 'Assign 1 Photo to Sections' })).toBeVisible()
  await page.getByRole('dialog').getByRole('combobox', { name: 'Section', exact: true }).click()
  await page.getByRole('option', { name: /Outdoors/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Assign All to Outdoors' }).click()
  await expect(notices(page).getByText('Assignment Failed')).toBeVisible()
  await expect(notices(page).getByText('Failed to assign photos to section. Please try again.')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('combobox', { name: 'Section for the selected photos' }).click()
  await page.getByRole('option', { name: /Outdoors/ }).click()
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(notices(page).getByText('Bulk Assignment Failed')).toBeVisible()
  await expect(notices(page).getByText('Failed to assign photos. Please try again.')).toBeVisible()
  await page.getByRole('button', { name: 'Selected (1)' }).click()

  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('')
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Downstairs/ })
    .click()
  await page.getByRole('button', { name: 'Reorder' }).click()
  await page.getByRole('button', { name: 'Save Order' }).click()
  await expect(notices(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(notices(page).getByText('Failed to update photo order. Please try again.')).toBeVisible()
  // One notice at a time.
  await expect(notices(page).locator('li')).toHaveCount(1)
})

test('an anonymous visitor is sent to the login page', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/admin/collections/media')
  await expect(page).toHaveURL(/\/login/)
})

test('loading shows 6 section placeholders and 12 skeleton cards', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/sections', async (route) => {
    await held
    await route.continue()
  })
  await page.route('**/api/media-files', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/admin')
  await expect(page.getByTestId('section-placeholder')).toHaveCount(6)
  await expect(page.getByTestId('media-skeleton')).toHaveCount(12)
  release()
  await expect(page.getByTestId('section-placeholder')).toHaveCount(0)
  await expect(page.getByTestId('media-skeleton')).toHaveCount(0)
})

test('below 768 px the section buttons show icons only, with a tooltip of name and count', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await page.setViewportSize({ width: 600, height: 900 })
  await openGallery(page)
  const sections = (await (await page.request.get('/api/sections')).json()) as Section[]
  const backyard = sections.find((section) => section.id === 'backyard')!
  const button = page.getByRole('navigation', { name: 'Sections' }).locator('[data-section="backyard"]')
  await expect(button.getByText('Backyard')).toBeHidden()
  await button.hover()
  await expect(page.getByRole('tooltip')).toHaveText(`Backyard (${backyard.count})`)
})

test('F8 moves focus to the notices', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  await seedPhotos(page.request, baseURL!, [{ name: `${prefix}-f8.jpg` }])
  await openGallery(page, prefix)
  await page.getByRole('button', { name: `Edit tags and notes of ${prefix}-f8.jpg` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(notices(page).getByText('Tags Updated')).toBeVisible()
  await page.keyboard.press('F8')
  await expect(notices(page).locator('ol')).toBeFocused()
})

test('the screen has no detectable accessibility violations', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page)
  const results = await new AxeBuilder({ page }).include('[data-testid="media-gallery"]').analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
})

test('a card opens the lightbox over the filtered list; arrows move through it and Escape closes it', async ({
  page,
  baseURL,
}) => {
  const tag = unique()
  await signIn(page, baseURL!)
  await seedPhotos(page.request, baseURL!, [
    { name: `${tag}-a.jpg`, section: 'upstairs', description: `${tag} bright bedroom` },
    { name: `${tag}-b.jpg`, section: 'upstairs', description: `${tag} reading nook` },
  ])
  await openGallery(page, tag)
  await expect(cards(page)).toHaveCount(2)
  const first = await cards(page)
    .first()
    .getByRole('button', { name: /^View / })
    .getAttribute('aria-label')
  await cards(page)
    .first()
    .getByRole('button', { name: /^View / })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const firstTitle = await dialog.getByRole('heading').textContent()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('heading')).not.toHaveText(firstTitle!)
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('heading')).toHaveText(firstTitle!)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // Focus goes back to the card that opened it.
  await expect(page.getByRole('button', { name: first! })).toBeFocused()
})
