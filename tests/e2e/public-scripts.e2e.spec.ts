// What a visitor's browser downloads: each public page loads its own view's code, not the sign-in
// page's (its form, its notices) nor the other views'. Each marker is a text of one view only, and
// the page that shows it is the control: its scripts do carry it, so the check looks at the right thing.
import { expect, test, type Page, type Response } from '@playwright/test'
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
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.push(response.text().then((text) => ({ url: new URL(response.url()).pathname, text })))
    }
  }
  page.on('response', onResponse)
  try {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    return await Promise.all(scripts)
  } finally {
    page.off('response', onResponse)
  }
}

/** A text only that view's code holds (spec §2, §8). */
const VIEW_MARKERS: Record<string, { page: string; text: string }> = {
  'sign-in form': { page: '/login', text: SIGN_IN_MARKER },
  browser: { page: '/', text: 'Open in New Window' },
  overview: { page: '/gallery', text: 'View All' },
  section: { page: '/gallery/backyard', text: 'Back to Overview' },
}

test('each public page loads its own view’s code, not the sign-in page’s nor the other views’', async ({ page }) => {
  const carrying = (scripts: Script[], text: string) => scripts.filter((script) => script.text.includes(text)).map(({ url }) => url)
  const loaded = new Map<string, Script[]>()
  for (const path of ['/login', '/', '/gallery', '/gallery/backyard', '/embed']) loaded.set(path, await scriptsOf(page, path))

  for (const [view, { page: own, text }] of Object.entries(VIEW_MARKERS)) {
    expect(carrying(loaded.get(own)!, text).length, `${own} carries the ${view}'s code`).toBeGreaterThan(0)
    for (const [path, scripts] of loaded) {
      if (path === own) continue
      expect(carrying(scripts, text), `${path}: scripts with the ${view}'s code`).toEqual([])
    }
  }
})
