// Analyze All in real Chromium on real photographs (tests/fixtures/analysis): the button
// reads "Analyzing..." and is disabled while the batch runs, the spec's success notice,
// the cards show category and detected objects, search finds photos by detected object,
// and a placement suggestion is accepted with one click; then a batch whose real count the
// manager watches move to the success notice (`npm run bench:analysis` checks the same on 200).
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'

type Media = {
  id: string
  originalFilename: string
  status?: string
  isAnalyzed: string
  analyzedAt: string | null
  section: string | null
  suggestion?: unknown
  tags: string[]
  tagSources?: string[]
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

  // The building's card shows the car analysis is sure of (and no room: analysis writes only the
  // words it is sure of); search by the detected object finds it, and not the streets.
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(unique)
  const building = page.getByRole('article', { name: `${unique}-exterior-building.jpg` })
  await expect(building.getByTestId('card-analysis')).toContainText('car')
  await expect(building.getByTestId('card-analysis')).not.toContainText(/Bedroom|Bathroom|Kitchen|Living room|Dining room|Office/)
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('car')
  await expect(page.getByRole('article', { name: `${unique}-exterior-building.jpg` })).toBeVisible()
  await expect(page.getByRole('article', { name: `${unique}-exterior-street-b.jpg` })).toHaveCount(0)

  // Analysis's tags look apart in the tags dialog; one the manager removes there stays removed,
  // Analyze All with force below included.
  await building.getByRole('button', { name: `Edit tags and notes of ${unique}-exterior-building.jpg` }).click()
  const dialog = page.getByRole('dialog')
  const byAnalysis = dialog.getByRole('listitem').filter({ hasText: '(added by analysis)' })
  await expect(byAnalysis.first()).toBeVisible()
  const removedTag = ((await byAnalysis.first().textContent()) ?? '').replace('(added by analysis)', '').trim()
  await dialog.getByRole('button', { name: `Remove tag ${removedTag}` }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(notices(page).getByText('Tags Updated')).toBeVisible()
  const analysedBefore = (await adminMedia(page, baseURL!)).find((m) => m.id === ids[0])!.analyzedAt

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
  await expect
    .poll(async () => (await adminMedia(page, baseURL!)).find((m) => m.id === ids[0])?.analyzedAt, { timeout: 240_000 })
    .not.toBe(analysedBefore)
  const buildingAfter = (await adminMedia(page, baseURL!)).find((m) => m.id === ids[0])!
  expect(buildingAfter.tags).not.toContain(removedTag)
  expect(buildingAfter.tagSources).toContain('analysis')

  await page.reload()
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(`${unique}-exterior-street-a`)
  const street = page.getByRole('article', { name: `${unique}-exterior-street-a.jpg` })
  await expect(street.getByTestId('suggestion')).toContainText(/Suggested: Outdoors · Front — \d+ %/)
  await street.getByRole('button', { name: `Accept suggestion for ${unique}-exterior-street-a.jpg` }).click()
  await expect(notices(page).getByText('Section Assigned', { exact: true })).toBeVisible()
  await expect(notices(page).getByText('Photo moved to Outdoors')).toBeVisible()
  await expect.poll(async () => (await adminMedia(page, baseURL!)).find((m) => m.id === ids[1])?.section).toBe('outdoors')
})

/** Every text the progress element shows from now on, however briefly, in order. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { progressSeen: seen })
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="analysis-progress"]')?.textContent
      if (text && text !== seen.at(-1)) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)
}

test('Analyze All on a batch: the real count moves from the first seconds to "Successfully analyzed 20 photos"', async ({ page, baseURL }) => {
  test.setTimeout(300_000)
  await signIn(page, baseURL!)
  // Enough photos that the batch outlasts two of the screen's progress reads (one a second) on a
  // quiet machine; the 200-photo batch is `npm run bench:analysis`'s.
  const BATCH = 20
  // The batch is exactly BATCH: whatever is waiting already, and as many uploads of the real
  // photographs (640 px wide) as make up the rest.
  const waitingBefore = (await adminMedia(page, baseURL!)).filter((m) => m.status === 'ready' && m.isAnalyzed !== 'true').length
  const names = (await fs.readdir(FIXTURES)).filter((name) => name.endsWith('.jpg')).sort()
  const photos = await Promise.all(
    names.map(async (name) => sharp(await fs.readFile(path.join(FIXTURES, name))).resize({ width: 640 }).jpeg({ quality: 80 }).toBuffer()),
  )
  const ids: string[] = []
  for (let i = 0; ids.length < BATCH - waitingBefore; i++) {
    const name = `${unique}-batch-${i}-${names[i % names.length]}`
    ids.push(await uploadThroughApi(page.request, baseURL!, { name, mimeType: 'image/jpeg', buffer: photos[i % photos.length] }))
  }
  await waitUntilReady(page.request, baseURL!, ids, 300_000)
  expect((await adminMedia(page, baseURL!)).filter((m) => m.status === 'ready' && m.isAnalyzed !== 'true')).toHaveLength(BATCH)

  await page.goto('/admin')
  const progressSeen = await recordProgress(page)
  await page.getByRole('button', { name: 'Analyze All' }).click()
  await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled()
  await expect(notices(page).getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 240_000 })
  await expect(notices(page).getByText(`Successfully analyzed ${BATCH} photos`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Analyze All' })).toBeEnabled()
  // The count of the run under way showed while the request still waited for the batch, and rose.
  const seen = await progressSeen()
  for (const text of seen) expect(text).toMatch(new RegExp(`^\\d+ of ${BATCH} photos analyzed$`))
  const counts = seen.map((text) => Number(text.match(/^(\d+) of/)![1]))
  expect(counts.length, `counts shown: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2)
  expect(counts.at(-1)!).toBeGreaterThan(counts[0])
  expect(counts).toEqual([...counts].sort((a, b) => a - b))
  expect((await adminMedia(page, baseURL!)).filter((m) => ids.includes(m.id) && m.isAnalyzed === 'true')).toHaveLength(ids.length)
})
