// Signs the browser in as the manager (creating the account on a fresh install), with
// same-origin API calls as the login page makes them, once per worker; moves sortable cards with the keyboard.
import { expect, type Cookie, type Locator, type Page } from '@playwright/test'

export const USERNAME = 'manager'
export const PASSWORD = 'a long enough password'

/** The session cookies of this worker's first sign-in: later tests reuse them instead of signing in again. */
let session: Cookie[] | undefined

export async function signIn(page: Page, baseURL: string) {
  if (session) {
    await page.context().addCookies(session)
    return
  }
  const headers = { origin: baseURL }
  const status = await page.request.get('/api/register', { headers })
  const { registrationOpen } = (await status.json()) as { registrationOpen: boolean }
  const path = registrationOpen ? '/api/register' : '/api/login'
  const response = await page.request.post(path, { data: { username: USERNAME, password: PASSWORD }, headers })
  if (!response.ok()) throw new Error(`Could not sign in: ${response.status()} ${await response.text()}`)
  session = await page.context().cookies(baseURL)
}

/** Opens Media Gallery Pro and waits for its list; a search narrows the grid to matching names. */
export async function openGallery(page: Page, search?: string) {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  await expect(page.getByTestId('media-skeleton')).toHaveCount(0)
  if (search) await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(search)
}

/** The upload card on /admin (the upload button's modal has a dashboard of its own). */
export const uploadCard = (page: Page) => page.getByRole('region', { name: 'Upload Media' })

/** Uploads files through the upload card and waits until each has its media record. */
export async function uploadThroughCard(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }> | string[]) {
  const count = files.length
  const plural = count === 1 ? 'file' : 'files'
  await uploadCard(page).locator('input.uppy-Dashboard-input').first().setInputFiles(files)
  await uploadCard(page)
    .getByRole('button', { name: `Upload ${count} ${plural}` })
    .click()
  await expect(page.getByRole('status').filter({ hasText: `${count} ${plural} added to the gallery` })).toBeVisible({
    timeout: 30_000,
  })
}

/** Waits for dnd-kit's screen-reader announcement (its live region) of a drag step. */
export const announced = (page: Page, text: string) =>
  expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).first()).toBeAttached()

/**
 * Picks a sortable card up with the keyboard (Space) and waits until the next key counts:
 * dnd-kit's keyboard sensor starts listening in a timer after the pick-up, which may run after
 * the pick-up's announcement is on the page; one timer turn later it listens.
 */
export async function pickUpWithKeyboard(page: Page, card: Locator, id: string) {
  await card.focus()
  await page.keyboard.press('Space')
  await announced(page, `item ${id} was moved over droppable area ${id}`)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
}
