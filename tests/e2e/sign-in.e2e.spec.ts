// Sign-in in a real browser (spec §2 Login, protected route guard, 404; §8 notices).
// Serial: the first test creates the only account on a fresh database.
import { expect, test, type Page } from '@playwright/test'

const USERNAME = 'manager'
const PASSWORD = 'a long enough password'

test.describe.configure({ mode: 'serial' })

/** The visible notices: Radix's toasts, list items of the "Notifications (F8)" region (each lasts 5 s). */
const noticesOf = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

/**
 * Keeps the text of every notice the page shows in sessionStorage, which survives the
 * navigation: the success notice shows while the browser is already on its way to /admin,
 * when Playwright's locators wait for the navigation to finish.
 */
async function keepNoticesAcrossNavigation(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>()
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[aria-label^="Notifications"] li')) {
        if (seen.has(element) || !element.textContent?.trim()) continue
        seen.add(element)
        const kept = JSON.parse(sessionStorage.getItem('seen-notices') ?? '[]') as string[]
        sessionStorage.setItem('seen-notices', JSON.stringify([...kept, element.textContent]))
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('seen-notices'))) ?? '[]') as string[]
}

test('an anonymous visitor of /admin ends at /login', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/)
})

test('any unknown path answers 404 with "404 Page Not Found"', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
})

test('on a fresh install, /login creates the first account, the platform admin, and opens /admin', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Create the platform admin account' })).toBeVisible()
  // The card says what the account becomes: not a property manager, the platform admin.
  await expect(
    page.getByText(
      'No account exists yet. This first account is the platform admin: it manages every property, creates the other accounts (property managers, content editors) and adds properties.',
      { exact: true },
    ),
  ).toBeVisible()
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 })
})

test('a wrong password shows the "Login failed" notice with the server\'s message', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  const notice = noticesOf(page).filter({ hasText: 'Login failed' })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toContainText('The username or password is incorrect.')
  await expect(page).toHaveURL(/\/login$/)
})

test('signing in shows a spinner while pending, then "Login successful" and /admin', async ({ page }) => {
  await page.route('**/api/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  const seenNotices = await keepNoticesAcrossNavigation(page)
  await page.goto('/login')
  await page.getByLabel('Username').fill(USERNAME)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('status', { name: 'Signing in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 })
  expect((await seenNotices()).find((text) => text.includes('Login successful'))).toContain('Welcome back!')
})

test('a signed-in user who opens /login is sent to /admin', async ({ page }) => {
  const response = await page.request.post('/api/login', { data: { username: USERNAME, password: PASSWORD } })
  expect(response.ok()).toBe(true)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/admin$/)
})

test('after logout the session is over and /admin leads to /login again', async ({ page, baseURL }) => {
  // Same-origin calls, as the browser makes them (the session cookie is refused without an origin).
  const sameOrigin = { headers: { origin: baseURL! } }
  await page.request.post('/api/login', { data: { username: USERNAME, password: PASSWORD }, ...sameOrigin })
  expect((await page.request.get('/api/user', sameOrigin)).status()).toBe(200)
  expect((await page.request.post('/api/logout', sameOrigin)).status()).toBe(200)
  expect((await page.request.get('/api/user', sameOrigin)).status()).toBe(401)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login/)
})

test('the login page links back to the gallery', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: /Back to Gallery/ }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('link', { name: 'Upstairs', exact: true })).toBeVisible()
})
