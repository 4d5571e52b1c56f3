// The photo editor in Media Gallery Pro: a manager turns a sideways photo from its card (the R
// key), straightens it with the slider (the grid shows), crops it to Airbnb's listing-page frame
// and saves; the card says the edits are being applied, then the record has the edited size and
// the public page shows the new renditions; the editor opened from the lightbox reverts to the
// original. Escape cancels without saving. A dark photo's card offers its suggested exposure, which
// one click applies: the photo is no longer too dark.
import { expect, test, type Page } from '@playwright/test'
import path from 'node:path'
import sharp from 'sharp'
import { openGallery, signIn } from '../helpers/e2e-admin'
import { mediaPrefixes, updateMedia, uploadThroughApi, waitUntilReady } from '../helpers/e2e-seed'

const unique = mediaPrefixes('e')
let name = ''
let id = ''

type Listed = { id: string; width: number; height: number; editStatus: string; editVersion: number; objectPath: string }

/** 900 × 600, its left half red and its right half blue: turned clockwise, red is on top. */
const halves = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 60, b: 200 } } })
    .composite([{ input: { create: { width: 450, height: 600, channels: 3, background: { r: 210, g: 40, b: 30 } } }, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer()

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL })
  await signIn(page, baseURL!)
  name = `${unique()}-sideways.jpg`
  id = await uploadThroughApi(page.request, baseURL!, { name, mimeType: 'image/jpeg', buffer: await halves() })
  await waitUntilReady(page.request, baseURL!, [id])
  await updateMedia(page.request, baseURL!, id, { section: 'backyard', description: 'Patio seen sideways' })
  await page.close()
})

/** The record as the manager's list answers it (the session cookie counts with our origin only). */
const listed = async (page: Page, baseURL: string) => {
  const files = (await (await page.request.get('/api/media-files', { headers: { origin: baseURL } })).json()) as Listed[]
  return files.find((file) => file.id === id)!
}

async function openEditorFromCard(page: Page) {
  const card = page.locator(`[data-testid="media-card"][data-id="${id}"]`)
  await card.hover()
  await card.getByRole('button', { name: `Edit photo ${name}` }).click()
  const editor = page.getByTestId('photo-editor')
  await expect(editor.getByRole('heading', { name: 'Edit photo' })).toBeVisible()
  await expect(editor.getByTestId('edit-preview')).toBeVisible()
  return { card, editor }
}

test('a manager turns, straightens and crops a photo for Airbnb, then reverts it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page, name)
  const { card, editor } = await openEditorFromCard(page)
  const preview = editor.getByTestId('edit-preview')
  await expect(preview).toHaveAttribute('width', '900')
  await expect(preview).toHaveAttribute('height', '600')

  // R turns it clockwise: 600 × 900.
  await page.keyboard.press('r')
  await expect(preview).toHaveAttribute('width', '600')
  await expect(preview).toHaveAttribute('height', '900')

  // Straightened by 5°, it keeps the largest 2:3 frame the turned picture fills: 532 × 798.
  await editor.getByLabel('Straighten').fill('5')
  await expect(editor.getByText('+5.0°')).toBeVisible()
  await expect(preview).toHaveAttribute('width', '532')
  await expect(preview).toHaveAttribute('height', '798')

  await editor.getByRole('button', { name: 'Airbnb listing page (16:9)' }).click()
  await expect(editor.getByRole('button', { name: 'Airbnb listing page (16:9)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(editor.getByTestId('crop-frame')).toBeVisible()

  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Edits saved', { exact: true })).toBeVisible()
  await expect(editor).toBeHidden()
  // The full width of 532 px and 16:9 of it: 299 px high.
  await expect.poll(async () => (await listed(page, baseURL!)).editStatus, { timeout: 60_000 }).toBe('edited')
  await expect(card.getByTestId('edit-applying')).toHaveCount(0)
  const edited = await listed(page, baseURL!)
  expect(edited).toMatchObject({ width: 532, height: 299, editVersion: 1 })
  expect(edited.objectPath).toMatch(/\/e1$/)

  // The public page shows the edited renditions.
  await expect
    .poll(
      async () => {
        await page.goto('/gallery/backyard')
        return page.locator(`[data-media-id="${id}"] img`).first().getAttribute('src')
      },
      { timeout: 30_000 },
    )
    .toContain('/e1/w')

  // From the lightbox: Edit, then Revert to original.
  await openGallery(page, name)
  await page.locator(`[data-testid="media-card"][data-id="${id}"]`).getByRole('button', { name: `View ${name}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: `Edit photo ${name}` }).click()
  const again = page.getByTestId('photo-editor')
  await again.getByRole('button', { name: 'Revert to original' }).click()
  await expect(page.getByText('Reverted to original', { exact: true })).toBeVisible()
  await expect.poll(async () => (await listed(page, baseURL!)).editStatus, { timeout: 60_000 }).toBe('original')
  expect(await listed(page, baseURL!)).toMatchObject({ width: 900, height: 600, editVersion: 2 })
})

test('Escape cancels the editor without saving', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openGallery(page, name)
  const before = await listed(page, baseURL!)
  const { editor } = await openEditorFromCard(page)
  await editor.getByRole('button', { name: 'Rotate right' }).click()
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()
  expect(await listed(page, baseURL!)).toMatchObject({ editVersion: before.editVersion, width: before.width, height: before.height })
})

/** A real photo of a room, at `brightness` of its own (0.25: a quarter, found too dark). */
const livingRoom = (brightness = 1) =>
  sharp(path.join('tests', 'fixtures', 'analysis', 'living-room-wine.jpg')).linear(brightness, 0).jpeg({ quality: 90 }).toBuffer()

test("a dark photo's suggested exposure is applied with one click", async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const darkName = `${unique()}-dark.jpg`
  const dark = await livingRoom(0.25)
  const darkId = await uploadThroughApi(page.request, baseURL!, { name: darkName, mimeType: 'image/jpeg', buffer: dark })
  await waitUntilReady(page.request, baseURL!, [darkId])
  const record = async () =>
    ((await (await page.request.get('/api/media-files', { headers: { origin: baseURL! } })).json()) as Array<Listed & { qualityIssues: string[] }>).find(
      (file) => file.id === darkId,
    )!
  expect((await record()).qualityIssues).toContain('dark')

  await openGallery(page, darkName)
  const card = page.locator(`[data-testid="media-card"][data-id="${darkId}"]`)
  await expect(card.getByTestId('card-quality')).toContainText('Too dark')
  const apply = card.getByRole('button', { name: /^Apply suggestion: Brighten \+\d\.\d EV$/ })
  await apply.click()
  await expect(page.getByText('Suggestion applied', { exact: true })).toBeVisible()
  await expect.poll(async () => (await record()).editStatus, { timeout: 60_000 }).toBe('edited')
  expect((await record()).qualityIssues).not.toContain('dark')
  await expect(card.getByTestId('card-quality')).not.toContainText('Too dark')
})

test('a card offering a suggested fix keeps its tags level with the card beside it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  const prefix = unique()
  const [dark, plain] = await Promise.all([livingRoom(0.25), livingRoom()])
  const ids = [
    await uploadThroughApi(page.request, baseURL!, { name: `${prefix}-dark.jpg`, mimeType: 'image/jpeg', buffer: dark }),
    await uploadThroughApi(page.request, baseURL!, { name: `${prefix}-plain.jpg`, mimeType: 'image/jpeg', buffer: plain }),
  ]
  await waitUntilReady(page.request, baseURL!, ids)
  for (const id of ids) await updateMedia(page.request, baseURL!, id, { tags: ['living-room'] })

  await page.setViewportSize({ width: 1440, height: 900 })
  await openGallery(page, prefix)
  const [darkCard, plainCard] = ids.map((id) => page.locator(`[data-testid="media-card"][data-id="${id}"]`))
  await expect(darkCard.getByRole('button', { name: /^Apply suggestion: Brighten/ })).toBeVisible()
  await expect(plainCard.getByRole('button', { name: /^Apply suggestion/ })).toHaveCount(0)
  const foot = async (card: typeof darkCard) => {
    const box = (await card.getByRole('list', { name: 'Tags' }).boundingBox())!
    return { top: Math.round(box.y), bottom: Math.round(box.y + box.height) }
  }
  // Side by side in one row, the tags of both sit at the foot of their cards, on one line.
  expect(Math.round((await darkCard.boundingBox())!.y)).toBe(Math.round((await plainCard.boundingBox())!.y))
  expect(await foot(plainCard)).toEqual(await foot(darkCard))
})
