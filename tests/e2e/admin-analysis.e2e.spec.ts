// Analyze All in real Chromium on real photographs (tests/fixtures/analysis): the button
// reads "Analyzing..." and is disabled while the batch runs, the spec's success notice,
// the cards show category and detected objects, search finds photos by detected object,
// and a placement suggestion is accepted with one click.
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'

type Media = {
  id: string
  originalFilename: string
  status?: string
  isAnalyzed: string
  section: string | null
  suggestion?: unknown
}

const FIXTURES = fileURLToPath(new URL('../fixtures/analysis', import.meta.url))
const notices = (page: Page) => page.locator('[role="region"][aria-label^="Notifications (F8)"]')
const unique = `a${Date.now().toString(36)}`
const PREFIX = unique

// The photos this file adds are removed again, so later files see the public seed as it was.
test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await deleteMediaNamed(page.request, baseURL!, [PREFIX])
  await page.close()
})

async function adminMedia(page: Page, baseURL: string): Promise<Media[]> {
  return (await (await page.request.get('/api/media-files', { headers: { origin: baseURL } })).json()) as Media[]
}

test('Analyze All runs to the success notice; cards show what was found; a suggestion is accepted', async ({ page, baseURL }) => {
  test.setTimeout(300_000)
  await signIn(page, baseURL!)
  const names = ['exterior-building.jpg', 'exterior-street-a.jpg', 'exterior-street-b.jpg']
  const ids: string[] = []
  for (const name of names) {
    const buffer = await fs.readFile(path.join(FIXTURES, name))
    ids.push(await uploadThroughApi(page.request, baseURL!, { name: `${unique}-${name}`, mimeType: 'image/jpeg', buffer }))
  }
  await waitUntilReady(page.request, baseURL!, ids)
  // Whatever other tests left unanalysed is part of this batch too.
  const waiting = (await adminMedia(page, baseURL!)).filter((m) => m.status === 'ready' && m.isAnalyzed !== 'true').length
  expect(waiting).toBeGreaterThanOrEqual(3)

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  const button = page.getByRole('button', { name: 'Analyze All' })
  await button.click()
  const running = page.getByRole('button', { name: 'Analyzing...' })
  await expect(running).toBeVisible()
  await expect(running).toBeDisabled()
  await expect(notices(page).getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 240_000 })
  await expect(notices(page).getByText(`Successfully analyzed ${waiting} photos`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Analyze All' })).toBeEnabled()

  // The building's card shows its category and the car; search by the detected object finds it.
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(unique)
  const building = page.getByRole('article', { name: `${unique}-exterior-building.jpg` })
  await expect(building.getByTestId('card-analysis')).toContainText('Exterior')
  await expect(building.getByTestId('card-analysis')).toContainText('car')
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('bicycle')
  await expect(page.getByRole('article', { name: `${unique}-exterior-street-b.jpg` })).toBeVisible()
  await expect(page.getByRole('article', { name: `${unique}-exterior-building.jpg` })).toHaveCount(0)

  // The category dropdown lists the categories found, capitalised.
  await page.getByRole('combobox', { name: 'Category' }).click()
  await expect(page.getByRole('option', { name: 'Exterior' })).toBeVisible()
  await page.keyboard.press('Escape')

  // The manager places the building; analysing again suggests the same place for the streets.
  const placed = await page.request.put(`/api/media-files/${ids[0]}/section`, {
    headers: { origin: baseURL! },
    data: { section: 'outdoors', isHidden: 'false', room: 'Front' },
  })
  expect(placed.ok()).toBe(true)
  const again = await page.request.post('/api/media-files/analyze-all', {
    headers: { origin: baseURL! },
    data: { force: true },
    timeout: 240_000,
  })
  expect(again.ok()).toBe(true)
  await expect
    .poll(async () => (await adminMedia(page, baseURL!)).find((m) => m.id === ids[1])?.suggestion ?? null, { timeout: 240_000 })
    .not.toBeNull()

  await page.reload()
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(`${unique}-exterior-street-a`)
  const street = page.getByRole('article', { name: `${unique}-exterior-street-a.jpg` })
  await expect(street.getByTestId('suggestion')).toContainText(/Suggested: Outdoors · Front — \d+ %/)
  await street.getByRole('button', { name: `Accept suggestion for ${unique}-exterior-street-a.jpg` }).click()
  await expect(notices(page).getByText('Section Assigned', { exact: true })).toBeVisible()
  await expect(notices(page).getByText('Photo moved to Outdoors')).toBeVisible()
  await expect.poll(async () => (await adminMedia(page, baseURL!)).find((m) => m.id === ids[1])?.section).toBe('outdoors')
})
