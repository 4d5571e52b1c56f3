// A channel's cover crops in the Listing readiness panel: each is framed by the photo's content
// until the manager moves its frame (here with the arrow keys; a drag does the same), which is
// saved and said ("framed by you"); "Use the content-aware frame" gives it back.
import { expect, test } from '@playwright/test'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { mediaPrefixes, seedPhotos } from '../helpers/e2e-seed'

const unique = mediaPrefixes('c')

test("a manager moves the cover's 16:9 frame, then gives it back to the content-aware one", async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  // A visible photo at least: the channel has a cover.
  await seedPhotos(page.request, baseURL!, [{ name: `${unique()}-cover.jpg`, section: 'outdoors', room: 'Lake view', width: 1600, height: 1200 }])
  await openGallery(page)
  await page.getByRole('button', { name: 'Listing readiness' }).click()
  const wide = page.locator('[data-testid="cover-crop"][data-crop="16:9"]')
  await expect(wide).toHaveAttribute('data-source', 'content-aware')
  await expect(wide).toContainText('Listing page (16:9) · framed by its content')

  const frame = wide.getByRole('group', { name: 'Listing page (16:9) frame: drag, or use the arrow keys, to move it' })
  await frame.focus()
  // A 16:9 frame of a 4:3 photo spans its width: it moves down (or stays, at the bottom); either way it is the manager's now.
  await page.keyboard.press('ArrowDown')
  await expect(wide).toHaveAttribute('data-source', 'manager')
  await expect(wide).toContainText('Listing page (16:9) · framed by you')

  await wide.getByRole('button', { name: 'Use the content-aware frame' }).click()
  await expect(wide).toHaveAttribute('data-source', 'content-aware')
})
