// Scale of the admin screen (issue: 5,000 media loaded): the grid stays virtualised, each
// search keystroke gives the right count, and 1,000 photos selected with one shift-click open
// the bulk dialog with a virtualised list; how long each took is printed, not asserted
// (timings belong in benchmarks). The 5,000 records are synthetic list data served to
// the browser in place of GET /api/media-files (client-side cost is what is measured here;
// the server's side of bulk assignment is covered by the integration tests).
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'

const COUNT = 5000

function syntheticMedia() {
  return Array.from({ length: COUNT }, (_, index) => {
    const n = String(index).padStart(4, '0')
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      filename: `scale-${n}.jpg`,
      originalFilename: `scale-${n}.jpg`,
      fileType: index % 10 === 0 ? 'video' : 'image',
      mimeType: 'image/jpeg',
      fileSize: 1_000_000 + index,
      originalFileSize: 1_000_000 + index,
      optimizedFileSize: null,
      compressionRatio: 80,
      width: 1600,
      height: 1200,
      duration: null,
      objectPath: `/public-objects/scale-${n}.jpg`,
      thumbnailPath: null,
      uploadedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      optimizedAt: null,
      isOptimized: 'true',
      description: `Room ${index} with a view of the ${['lake', 'garden', 'street', 'hills'][index % 4]}`,
      tags: [`tag${index % 40}`, index % 2 ? 'bright' : 'cozy'],
      category: ['interior', 'exterior'][index % 2],
      colors: [],
      objects: ['chair'],
      isAnalyzed: 'true',
      analyzedAt: null,
      section: ['main_level', 'upstairs', 'downstairs', 'backyard', 'outdoors'][index % 5],
      room: null,
      sortOrder: index,
      isHidden: 'false',
      notes: null,
      variantWidths: [],
      placeholder: null,
      // Not ready: cards show a placeholder instead of 5,000 image requests to missing objects.
      status: 'processing',
    }
  })
}

/** Sets the search box's value and answers the ms until the grid shows the expected total. */
function timeSearch(page: Page, text: string, expected: number) {
  return page.evaluate(
    ([value, total]) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('input[type="search"]')!
        const done = () => document.querySelector(`[data-total="${total}"]`) !== null
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (!done()) return
          observer.disconnect()
          // Until the frame that shows it: the DOM is updated, layout and paint come next.
          requestAnimationFrame(() => resolve(performance.now() - started))
        })
        observer.observe(document.body, { attributes: true, childList: true, subtree: true })
        setTimeout(() => reject(new Error(`grid never showed ${total}`)), 5000)
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        setter.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }),
    [text, expected] as const,
  )
}

test('5,000 media: virtualised grid, search, 1,000-photo selection', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const body = JSON.stringify(syntheticMedia())
  await page.route('**/api/media-files', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ contentType: 'application/json', body }) : route.continue(),
  )
  await page.goto('/admin')
  await expect(page.locator(`[data-total="${COUNT}"]`)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: `All (${COUNT})` })).toBeVisible()

  // Virtualised: only the rows near the viewport are in the document.
  const rendered = await page.getByTestId('media-card').count()
  expect(rendered).toBeGreaterThan(0)
  expect(rendered).toBeLessThan(100)

  // Search keystrokes (each one a full filter over 5,000 records and a re-render): each gives the
  // right count. How long they take is printed for the record; speed is measured in benchmarks,
  // not asserted here (a shared, loaded machine makes any budget flaky).
  const timings: number[] = []
  const steps: Array<[string, number]> = [
    ['room 4', 1111],
    ['room 49', 111],
    ['room 499', 11],
    ['room 4999', 1],
    ['', COUNT],
    ['lake', 1250],
    ['', COUNT],
  ]
  for (const [text, total] of steps) timings.push(await timeSearch(page, text, total))
  const worst = Math.max(...timings)
  const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)]
  console.log(
    `search over ${COUNT} media: ${timings.map((t) => t.toFixed(1)).join(', ')} ms (median ${median.toFixed(1)}, worst ${worst.toFixed(1)})`,
  )

  // Select 1,000 photos with one shift-click: names scale-0000 … scale-0999, sorted by name.
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await page.getByRole('option', { name: 'Sort by Name' }).click()
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill('scale-0')
  await expect(page.locator('[data-total="1000"]')).toBeVisible()
  await page.getByRole('button', { name: 'Select', exact: true }).click()
  await page.getByRole('button', { name: 'Select scale-0000.jpg' }).click()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  const last = page.getByRole('button', { name: 'Select scale-0999.jpg' })
  await last.scrollIntoViewIfNeeded()
  const started = Date.now()
  await last.click({ modifiers: ['Shift'] })
  await expect(page.getByRole('button', { name: 'Selected (1000)' })).toBeVisible()
  const selectMs = Date.now() - started
  await expect(page.getByTestId('panel-thumb')).toHaveCount(10)
  await expect(page.getByTestId('bulk-panel').getByText('+990')).toBeVisible()

  const opening = Date.now()
  await page.getByRole('button', { name: 'Assign to Sections (1000)' }).click()
  await expect(page.getByRole('heading', { name: 'Assign 1000 Photos to Sections' })).toBeVisible()
  const dialogMs = Date.now() - opening
  const rows = await page.getByTestId('individual-row').count()
  // Printed for the record, not asserted: timings belong in benchmarks (a loaded machine makes any budget flaky).
  console.log(`select 1000 by shift-click: ${selectMs} ms; bulk dialog open: ${dialogMs} ms; dialog rows in DOM: ${rows}`)
  expect(rows).toBeLessThan(30)
})

test('the admin grid has the spec §9 columns of a desktop at every width', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const body = JSON.stringify(syntheticMedia().slice(0, 20))
  await page.route('**/api/media-files', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ contentType: 'application/json', body }) : route.continue(),
  )
  const firstRow = page.getByTestId('media-grid').locator('[data-index="0"]').getByTestId('media-card')
  // Desktop: 5 from 1280, 4 from 1024, else 3 (768–1023 px is a desktop's 3, not a tablet's 4).
  const expected: Array<[number, number]> = [
    [1300, 5],
    [1100, 4],
    [900, 3],
    [800, 3],
  ]
  await page.setViewportSize({ width: 1300, height: 900 })
  await page.goto('/admin')
  await expect(page.locator('[data-total="20"]')).toBeVisible({ timeout: 30_000 })
  for (const [width, columns] of expected) {
    await page.setViewportSize({ width, height: 900 })
    await expect(firstRow).toHaveCount(columns)
  }
})
