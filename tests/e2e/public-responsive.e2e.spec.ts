// Accessibility and layout of every public page at phone (390×844, touch), tablet and
// desktop sizes: no serious or critical axe-core violation, no horizontal overflow from
// 320 to 2560 px, and the grid columns of spec §9.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { ensurePublicSeed } from '../helpers/public-seed'

const PAGES = ['/', '/public', '/gallery', '/gallery/main_level', '/gallery/backyard', '/gallery/nowhere']

const DEVICES = {
  phone: {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  },
  tablet: {
    viewport: { width: 810, height: 1080 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** Cards in the first row of the media grid. */
async function firstRowColumns(page: Page) {
  const cells = page.locator('ul[aria-label="Media"] > li')
  await expect(cells.first()).toBeVisible()
  const tops = await cells.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
  return tops.filter((top) => top === tops[0]).length
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  await ensurePublicSeed(browser, baseURL!)
})

for (const [name, device] of Object.entries(DEVICES)) {
  test.describe(name, () => {
    test.use(device)

    test(`every public page passes axe without serious or critical violations (${name})`, async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        expect(await seriousViolations(page), path).toEqual([])
      }
      await page.goto('/gallery/main_level')
      await page.locator('ul[aria-label="Main Level media"] button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      expect(await seriousViolations(page), 'lightbox').toEqual([])
    })
  })
}

test('grid columns follow the device and width (spec §9)', async ({ browser }) => {
  const cases = [
    { device: DEVICES.phone, columns: 2 },
    { device: { ...DEVICES.phone, viewport: { width: 430, height: 900 } }, columns: 3 },
    { device: DEVICES.tablet, columns: 4 },
    { device: { viewport: { width: 1000, height: 800 } }, columns: 3 },
    { device: { viewport: { width: 1100, height: 800 } }, columns: 4 },
    { device: DEVICES.desktop, columns: 5 },
  ]
  for (const { device, columns } of cases) {
    const context = await browser.newContext(device)
    const page = await context.newPage()
    await page.goto('/')
    expect(await firstRowColumns(page), JSON.stringify(device.viewport)).toBe(columns)
    await context.close()
  }
})

test('no horizontal overflow from 320 to 2560 px', async ({ page }) => {
  for (const width of [320, 390, 768, 1024, 1440, 2560]) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of ['/', '/gallery', '/gallery/main_level']) {
      await page.goto(path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0)
    }
  }
})
