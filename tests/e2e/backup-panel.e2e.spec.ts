// The Backup panel in real Chromium (spec §2, §7, §8): the floating Backup button, the
// Backup System card and its statuses, Create Backup with its notice, breaking things,
// Restore Latest with a confirmation, and the gallery coming back exactly (rows through the
// API, bytes through object delivery); then undoing the restore from the kept backups.
import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'
import { deleteMediaNamed, seedPhotos, updateMedia } from '../helpers/e2e-seed'
import { E2E_UPLOAD_BACKUP_DEBOUNCE_MS } from '../helpers/e2e-server'

type Media = {
  id: string
  filename: string
  section: string | null
  isHidden: string
  tags: string[]
  description: string | null
  uploadedAt: string
}

const notices = (page: Page) => page.locator('[role="region"][aria-label^="Notifications (F8)"]')
const PREFIX = `b${Date.now().toString(36)}`
const unique = () => PREFIX

// The photos this file adds are removed again, so later files see the public seed as it was.
test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  await deleteMediaNamed(page.request, baseURL!, [PREFIX])
  await page.close()
})

async function adminMedia(page: Page, baseURL: string): Promise<Media[]> {
  const response = await page.request.get('/api/media-files', { headers: { origin: baseURL } })
  return ((await response.json()) as Media[]).sort((a, b) => a.id.localeCompare(b.id))
}

async function imageHash(page: Page, filename: string) {
  const response = await page.request.get(`/public-objects/${encodeURIComponent(filename)}`)
  expect(response.status()).toBe(200)
  return crypto
    .createHash('sha256')
    .update(await response.body())
    .digest('hex')
}

test('back up, break things, restore with confirmation, get the gallery back exactly; undo it', async ({ page, baseURL }) => {
  test.setTimeout(300_000)
  await signIn(page, baseURL!)
  const tag = unique()
  const [keepId, deleteId] = await seedPhotos(page.request, baseURL!, [
    { name: `${tag}-keep.jpg`, section: 'upstairs', description: 'the kept one', tags: ['pool'] },
    { name: `${tag}-delete.jpg`, section: 'backyard' },
  ])
  // The upload makes its own backup a while after its last file (debounced; the test server
  // waits E2E_UPLOAD_BACKUP_DEBOUNCE_MS): let it happen first, so the backup made below stays
  // the latest one. Both times are the server's: the backup finished no sooner than the
  // debounce after the last record was created.
  const seeded = (await adminMedia(page, baseURL!)).filter((file) => file.id === keepId || file.id === deleteId)
  const lastCreatedAt = Math.max(...seeded.map((file) => Date.parse(file.uploadedAt)))
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/backups', { headers: { origin: baseURL! } })).json()) as Array<{
          kind: string
          createdAt: string
        }>
        return list.some(
          (backup) => backup.kind === 'upload' && Date.parse(backup.createdAt) >= lastCreatedAt + E2E_UPLOAD_BACKUP_DEBOUNCE_MS,
        )
      },
      { timeout: 120_000, intervals: [500, 1_000] },
    )
    .toBe(true)
  const before = await adminMedia(page, baseURL!)
  const deleted = before.find((file) => file.id === deleteId)!
  const deletedHash = await imageHash(page, deleted.filename)

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  await page.getByRole('button', { name: 'Backup', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Backup System' })
  await expect(panel.getByRole('heading', { name: 'Backup System' })).toBeVisible()
  await expect(panel.getByText('Connected', { exact: true })).toBeVisible()
  await expect(panel.getByText('Active', { exact: true })).toBeVisible()
  await expect(panel.getByText('Media Files', { exact: true })).toBeVisible()
  await expect(panel.locator('dd').nth(2)).toHaveText(String(before.length))
  await expect(panel.getByText('Automatic backups every 30 minutes')).toBeVisible()
  await expect(panel.getByText('Backups created on each upload')).toBeVisible()
  await expect(panel.getByText('Last 10 backups kept automatically')).toBeVisible()

  await page.screenshot({ path: test.info().outputPath('backup-panel.png') })
  await panel.getByRole('button', { name: 'Create Backup' }).click()
  await expect(notices(page).getByText('Backup Created')).toBeVisible({ timeout: 30_000 })
  await expect(notices(page).getByText(/^Successfully created backup: backup-.*-manual\.json\.gz$/)).toBeVisible()
  await expect(panel.getByText(/^Last backup: /)).toBeVisible()

  // Break things: delete one photo, hide and retag the other.
  const removal = await page.request.delete(`/api/media-files/${deleteId}`, { headers: { origin: baseURL! } })
  expect(removal.ok()).toBe(true)
  await updateMedia(page.request, baseURL!, keepId, { section: null, isHidden: true, tags: ['changed'] })
  const changed = await adminMedia(page, baseURL!)
  expect(changed.find((file) => file.id === deleteId)).toBeUndefined()

  await panel.getByRole('button', { name: 'Restore Latest' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' })
  await expect(dialog).toContainText('Every section and media record will be replaced by the backup of')
  await expect(dialog).toContainText('A restore point is taken first, so you can undo this.')
  await dialog.getByRole('button', { name: 'Restore' }).click()
  await expect(notices(page).getByText('Restore Complete')).toBeVisible({ timeout: 60_000 })
  await expect(
    notices(page).getByText(/^Restored \d+ media files? from the backup of .* UTC; 1 brought back, 0 removed\.$/),
  ).toBeVisible()

  expect(await adminMedia(page, baseURL!)).toEqual(before)
  expect(await imageHash(page, deleted.filename)).toBe(deletedHash)

  // Undo from the kept backups: the restore point gives the changed gallery back.
  const kept = page.getByTestId('kept-backups')
  await expect(kept.getByText(/Restore point/)).toBeVisible()
  await kept
    .locator('li', { hasText: 'Restore point' })
    .first()
    .getByRole('button', { name: /^Restore the backup of/ })
    .click()
  await page.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('button', { name: 'Restore' }).click()
  await expect(notices(page).getByText(/; 0 brought back, 1 removed\.$/)).toBeVisible({ timeout: 60_000 })
  expect(await adminMedia(page, baseURL!)).toEqual(changed)

  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Backup', exact: true })).toBeVisible()
})

test('the backup calls refuse anonymous callers', async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL })
  expect((await anonymous.get('/api/backup/status')).status()).toBe(401)
  expect((await anonymous.post('/api/backup/create', { headers: { origin: baseURL! } })).status()).toBe(401)
  expect((await anonymous.post('/api/backup/restore', { headers: { origin: baseURL! } })).status()).toBe(401)
  await anonymous.dispose()
})
