// Duplicate Detection in real Chromium (spec §2, §4, §8, §9): scan from the admin header,
// the group with its confidence, reason and Best Quality file, Select All But Best, Delete,
// the notices, and the deleted files gone from the grid and the public gallery while the
// kept file took over the organisation the manager had given a copy.
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, updateMedia, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'
import { makePhoto, reencode } from '../helpers/media-fixtures'

type Media = { id: string; originalFilename: string; section: string | null; room: string | null; isHidden: string }

const notices = (page: Page) => page.locator('[role="region"][aria-label^="Notifications (F8)"]')
const PREFIX = `dup${Date.now().toString(36)}`

// The photos this file adds are removed again, so later files see the public seed as it was.
test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await deleteMediaNamed(page.request, baseURL!, [PREFIX])
  await page.close()
})

test('scan → groups → Select All But Best → Delete → notices → the copies are gone', async ({ page, baseURL }) => {
  test.setTimeout(180_000)
  await signIn(page, baseURL!)
  const name = PREFIX
  const photo = await makePhoto({ width: 1400, height: 1000, seed: Date.now() % 100_000 })
  const upload = (filename: string, buffer: Buffer) =>
    uploadThroughApi(page.request, baseURL!, { name: filename, mimeType: 'image/jpeg', buffer })
  const original = await upload(`${name}-lake.jpg`, photo)
  const copy = await upload(`${name}-lake (1).jpg`, photo)
  const small = await upload(`${name}-lake-small.jpg`, await reencode(photo, { scale: 0.5, quality: 60 }))
  await waitUntilReady(page.request, baseURL!, [original, copy, small])
  // The manager organised the small copy, not the original.
  await updateMedia(page.request, baseURL!, small, { section: 'upstairs', room: 'Loft' })

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  await page.getByRole('button', { name: 'Find Duplicates' }).click()
  const dialog = page.getByRole('dialog', { name: 'Duplicate Detection' })
  await expect(dialog).toBeVisible()

  await dialog.getByRole('button', { name: 'Scan for Duplicates' }).click()
  await expect(notices(page).getByText('Duplicate Scan Complete')).toBeVisible({ timeout: 60_000 })
  await expect(notices(page).getByText(/^Found \d+ potential duplicate groups$/)).toBeVisible()

  const group = dialog.getByRole('listitem', { name: /^Duplicate group/ }).filter({ hasText: `${name}-lake.jpg` })
  await expect(group).toHaveCount(1)
  await expect(group.getByText('Identical file content')).toBeVisible()
  await expect(group.getByText('100% match')).toBeVisible()
  await expect(group.getByText('Best Quality')).toHaveCount(1)
  for (const file of [`${name}-lake.jpg`, `${name}-lake (1).jpg`, `${name}-lake-small.jpg`]) {
    await expect(group.getByText(file, { exact: false }).first()).toBeVisible()
  }

  await group.getByRole('button', { name: 'Select All But Best' }).click()
  await expect(group.getByRole('checkbox', { checked: true })).toHaveCount(2)
  // Before Delete the dialog says what moves to the kept file.
  await expect(dialog.getByRole('note')).toContainText('section, room will move to')
  await dialog.getByRole('button', { name: 'Delete Selected (2)' }).click()
  await expect(notices(page).getByText('Files Deleted')).toBeVisible({ timeout: 30_000 })
  await expect(notices(page).getByText('Removed 2 duplicate files')).toBeVisible()
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await expect(dialog.getByRole('listitem', { name: /^Duplicate group/ }).filter({ hasText: `${name}-lake` })).toHaveCount(0)

  // The grid shows the kept file only, now in Upstairs with the room.
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByPlaceholder('Search photos by description, objects, or filename...').fill(name)
  await expect(page.getByTestId('media-card')).toHaveCount(1)
  const media = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Media[]
  const mine = media.filter((file) => file.originalFilename.startsWith(name))
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatchObject({ section: 'upstairs', room: 'Loft', isHidden: 'false' })

  // And the public gallery no longer has the deleted copies.
  const visitor = await page.context().browser()!.newContext()
  const publicMedia = (await (await visitor.request.get(`${baseURL}/api/media-files`)).json()) as Media[]
  const publicIds = publicMedia.map((file) => file.id)
  expect(publicIds).toContain(mine[0].id)
  for (const id of [original, copy, small].filter((id) => id !== mine[0].id)) expect(publicIds).not.toContain(id)
  await visitor.close()
})
