// Share links (guests issue, item 2): the manager makes a link to the hidden photos in Media
// Gallery Pro's Share dialog; a guest in a fresh browser opens it and sees exactly that photo,
// served from the link's own URLs, on a page search engines are told not to index; once the
// manager revokes it, the guest's next visit answers "This link was revoked." (410).
import { expect, test } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { ensurePublicSeed, HIDDEN_DESCRIPTION } from '../helpers/public-seed'

test('a link to the hidden photos shows them to a guest until the manager revokes it', async ({ browser, page, baseURL }) => {
  test.setTimeout(240_000)
  const { hidden } = await ensurePublicSeed(browser, baseURL!)
  await signIn(page, baseURL!)
  await openGallery(page)
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByTestId('share-dialog')
  await expect(dialog.getByRole('heading', { name: 'Share Photos' })).toBeVisible()
  await dialog.getByRole('combobox', { name: 'What to share' }).click()
  await page.getByRole('option', { name: '🙈 Hidden photos' }).click()
  await dialog.getByRole('button', { name: 'Create Link' }).click()
  const url = await dialog.getByLabel('New link').inputValue()
  expect(url).toMatch(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}$`))
  await expect(dialog.getByTestId('share-link').filter({ hasText: 'Hidden photos (with hidden photos)' })).toHaveCount(1)

  const guestContext = await browser.newContext()
  const guest = await guestContext.newPage()
  const response = await guest.goto(url)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-robots-tag']).toBe('noindex')
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Hidden photos')
  const card = guest.locator(`[data-media-id="${hidden.id}"]`)
  await expect(card).toHaveCount(1)
  const image = card.locator('img')
  await expect(image).toHaveAttribute('src', new RegExp(`^/s/[A-Za-z0-9_-]{43}/o/`))
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await card.click()
  await expect(guest.getByRole('dialog').getByRole('heading')).toHaveText(new RegExp(HIDDEN_DESCRIPTION))

  await dialog.getByTestId('share-link').filter({ hasText: 'Hidden photos' }).getByRole('button', { name: 'Revoke' }).click()
  await expect(dialog.getByTestId('share-link')).toHaveCount(0)
  const after = await guest.goto(url)
  expect(after?.status()).toBe(410)
  await expect(guest.getByRole('heading', { name: 'This link was revoked.' })).toBeVisible()
  await guestContext.close()
})
