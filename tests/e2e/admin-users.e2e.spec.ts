// Payload's own Users form, as a platform admin uses it to add an account: its Property field
// loads its options the way Payload's relationship fields do (a POST of a urlencoded form with
// X-Payload-HTTP-Method-Override: GET), which must reach Payload through the proxy. The new
// account then acts in the property it was given.
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/e2e-admin'

const PROPERTY = { name: 'Birch Cabin', slug: 'birch-users-e2e' }
const ACCOUNT = { username: 'birch-manager-e2e', password: 'a birch password long enough' }

test("a platform admin gives a new account its property in Payload's Users form, and the account acts there", async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const headers = { origin: baseURL! }
  await signIn(page, baseURL!)
  const made = await page.request.post('/api/properties', { headers, data: PROPERTY })
  expect(made.status()).toBe(201)

  const optionReads: number[] = []
  page.on('response', (response) => {
    const request = response.request()
    if (request.method() === 'POST' && new URL(response.url()).pathname === '/api/properties') optionReads.push(response.status())
  })
  await page.goto('/admin/collections/users/create')
  const propertyRow = page.locator('#field-properties__0__property')
  // A click before the form has hydrated does nothing, and one after it may take many seconds to
  // draw its row on a busy machine: click once the page's scripts have loaded, and again only if
  // no row came in half a minute.
  await page.waitForLoadState('networkidle')
  await expect(async () => {
    if ((await page.locator('#properties-row-0').count()) === 0) await page.getByRole('button', { name: 'Add Property' }).click()
    await expect(propertyRow).toBeVisible({ timeout: 30_000 })
  }).toPass({ timeout: 75_000 })
  await page.locator('#field-username').fill(ACCOUNT.username)
  await page.locator('#field-password').fill(ACCOUNT.password)
  await page.locator('#field-confirm-password').fill(ACCOUNT.password)
  await expect(page.locator('#properties-row-1')).toHaveCount(0)
  await propertyRow.getByRole('combobox').click()
  await page.getByRole('option', { name: PROPERTY.name, exact: true }).click()
  await expect(page.getByText('An error has occurred.')).toHaveCount(0)
  expect(optionReads.length).toBeGreaterThan(0)
  expect(optionReads.every((status) => status === 200)).toBe(true)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/users\/[0-9a-f-]{36}$/)

  // The account signs in and acts in the Birch Cabin: its own answer names it, and its media list is the cabin's.
  const context = await browser.newContext({ baseURL })
  const account = await context.newPage()
  expect((await account.request.post('/api/login', { headers, data: ACCOUNT })).status()).toBe(200)
  const user = await (await account.request.get('/api/user', { headers })).json()
  expect(user.role).toBe('property-manager')
  expect(user.properties.map((property: { slug: string }) => property.slug)).toEqual([PROPERTY.slug])
  const there = await (await account.request.get(`/p/${PROPERTY.slug}/api/user`, { headers })).json()
  expect(there.property.slug).toBe(PROPERTY.slug)
  expect(there.permissions.upload).toBe(true)
  expect((await account.request.get(`/p/${PROPERTY.slug}/api/backup/status`, { headers })).status()).toBe(200)
  // The default property is not theirs.
  expect((await account.request.get('/api/backup/status', { headers })).status()).toBe(403)
  await context.close()
})
