// What a visitor's browser downloads: the public pages load the gallery's code, not the sign-in
// page's (its form, its notices). The sign-in page itself is the control: its scripts do carry the
// marker, so the check looks at the right thing.
import { expect, test, type Page } from '@playwright/test'
import { ensurePublicSeed } from '../helpers/public-seed'

/** The sign-in form's failure notice title (spec §8 "Authentication notices"). */
const SIGN_IN_MARKER = 'Login failed'

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

type Script = { url: string; text: string }

/** Every script the page loaded: its address and its text. */
async function scriptsOf(page: Page, path: string): Promise<Script[]> {
  const scripts: Array<Promise<Script>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.push(response.text().then((text) => ({ url: new URL(response.url()).pathname, text })))
    }
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return Promise.all(scripts)
}

test('the public pages load none of the sign-in page’s code', async ({ page }) => {
  const signIn = await scriptsOf(page, '/login')
  expect(signIn.some(({ text }) => text.includes(SIGN_IN_MARKER))).toBe(true)

  for (const path of ['/', '/gallery', '/gallery/backyard', '/embed']) {
    const scripts = await scriptsOf(page, path)
    expect(scripts.length, path).toBeGreaterThan(0)
    const carrying = scripts.filter(({ text }) => text.includes(SIGN_IN_MARKER)).map(({ url }) => url)
    expect(carrying, `${path}: scripts with the sign-in form's code`).toEqual([])
  }
})
