// The admin's properties (docs/properties-design.md §3.3): Media Gallery Pro names the property it
// acts on, and a platform admin reaches the Properties overview from the header and the nav, with
// a row per property; any other account is sent back to the screen. Several properties' rows and
// counts are covered by tests/int/admin-properties.int.spec.ts (the other e2e files expect one property).
import { expect, test } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'

const VIEWER = { username: 'viewer-e2e', password: 'a viewer password long enough' }

test('the header names the property and a platform admin sees the Properties overview', async ({ page, baseURL }) => {
  // The first account is a platform admin.
  await signIn(page, baseURL!)
  await openGallery(page)
  await expect(page.getByTitle('The property this screen manages')).toHaveText('Property Gallery')
  await expect(page.getByText("Manage your property's photo gallery", { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'All Properties', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/properties-overview$/)
  const row = page.getByRole('row', { name: /Property Gallery/ })
  await expect(row.getByRole('link', { name: 'default', exact: true })).toHaveAttribute('href', '/')
  await expect(row.getByRole('link', { name: 'Edit Property Gallery' })).toHaveAttribute('href', /^\/admin\/collections\/properties\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Public site', 'Media', 'Last backup', 'Record'])
  await expect(page.getByRole('link', { name: 'Properties overview' })).toBeVisible()
})

test('an account that is not a platform admin is sent back from the overview, and has no link to it', async ({ browser, page, baseURL }) => {
  const headers = { origin: baseURL! }
  await signIn(page, baseURL!)
  const created = await page.request.post('/api/register', { headers, data: { ...VIEWER, role: 'content-editor' } })
  expect([201, 409]).toContain(created.status())

  const context = await browser.newContext({ baseURL })
  const viewer = await context.newPage()
  expect((await viewer.request.post('/api/login', { headers, data: VIEWER })).status()).toBe(200)
  await openGallery(viewer)
  await expect(viewer.getByTitle('The property this screen manages')).toHaveText('Property Gallery')
  await expect(viewer.getByRole('link', { name: 'All Properties', exact: true })).toHaveCount(0)
  await expect(viewer.getByRole('link', { name: 'Properties overview' })).toHaveCount(0)
  await viewer.goto('/admin/properties-overview')
  await expect(viewer).toHaveURL(/\/admin$/)
  await expect(viewer.getByRole('heading', { name: 'Media Gallery Pro' })).toBeVisible()
  await context.close()
})
