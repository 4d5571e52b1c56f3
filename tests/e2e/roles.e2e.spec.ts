// Media Gallery Pro draws only what the signed-in account may do (issue "properties and roles"):
// a content editor fixes descriptions and tags, and sees no upload, placement, reorder,
// delete, analysis, duplicate scan or backup controls at all; a manager sees them.
import { expect, test, type Page } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { mediaPrefixes, seedPhotos } from '../helpers/e2e-seed'

const unique = mediaPrefixes('r')
const EDITOR = { username: 'editor-e2e', password: 'an editor password long enough' }

const cardOf = (page: Page, name: string) =>
  page.locator('[data-testid="media-card"]', { has: page.getByRole('button', { name: `View ${name}` }) })

test('a content editor sees the gallery and its tags, and none of the manager-only controls', async ({ browser, page, baseURL }) => {
  const headers = { origin: baseURL! }
  await signIn(page, baseURL!)
  const name = `${unique()}-kitchen.jpg`
  await seedPhotos(page.request, baseURL!, [{ name, section: 'main_level', room: 'Kitchen' }])
  // The first account is a platform admin: it adds the editor.
  const created = await page.request.post('/api/register', { headers, data: { ...EDITOR, role: 'content-editor' } })
  expect(created.status()).toBe(201)

  // The manager's screen has every control.
  await openGallery(page, name)
  await expect(page.getByRole('region', { name: 'Upload Media' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Analyze All' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Find Duplicates' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Backup', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toBeVisible()
  // Payload's navigation lists the properties for whoever may change them.
  await expect(page.locator('a[href="/admin/collections/properties"]')).not.toHaveCount(0)
  await expect(cardOf(page, name).getByRole('button', { name: `Delete ${name}` })).toBeVisible()
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Main Level/ }).click()
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible()

  const context = await browser.newContext({ baseURL })
  const editor = await context.newPage()
  const signedIn = await editor.request.post('/api/login', { headers, data: EDITOR })
  expect(signedIn.status()).toBe(200)
  await openGallery(editor, name)
  const card = cardOf(editor, name)
  await expect(card.getByRole('button', { name: `Edit tags and notes of ${name}` })).toBeVisible()
  await expect(card.getByRole('link', { name: `Open ${name} in the editor` })).toBeVisible()
  for (const absent of [
    editor.getByRole('region', { name: 'Upload Media' }),
    editor.getByRole('button', { name: 'Upload Files' }),
    editor.getByRole('button', { name: 'Analyze All' }),
    editor.getByRole('button', { name: 'Find Duplicates' }),
    editor.getByRole('button', { name: 'Backup', exact: true }),
    editor.getByRole('button', { name: 'Share', exact: true }),
    editor.getByRole('link', { name: 'Settings', exact: true }),
    editor.getByRole('link', { name: 'Users', exact: true }),
    editor.getByRole('button', { name: 'Select', exact: true }),
    card.getByRole('button', { name: `Delete ${name}` }),
    editor.locator('a[href="/admin/collections/properties"]'),
  ]) {
    await expect(absent).toHaveCount(0)
  }
  await editor.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Main Level/ }).click()
  await expect(editor.getByTestId('active-section')).toContainText('Main Level')
  await expect(card.getByRole('button', { name: `Edit tags and notes of ${name}` })).toBeVisible()
  await expect(editor.getByRole('button', { name: 'Reorder' })).toHaveCount(0)
  // Not even on hover, where a manager gets the section picker.
  await card.hover()
  await expect(card.getByRole('combobox')).toHaveCount(0)
  await context.close()
})
