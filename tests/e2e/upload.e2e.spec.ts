// Uploading in a real browser (spec §2 upload card, §4 Upload): files go straight to the
// store through Uppy, each record is created once its bytes are stored, and the worker
// processes them into servable media.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { signIn } from '../helpers/e2e-admin'

const photo = (seed: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: (seed * 70) % 255, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer()

test('the manager uploads photos through the upload card and they are processed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Upload Media' })).toBeVisible()
  await expect(page.getByText('Supports: JPG, PNG, GIF, MP4, MOV - Max 200 files - No file size limit').first()).toBeVisible()

  const files = await Promise.all(
    [1, 2, 3].map(async (seed) => ({ name: `Patio ${seed}.jpg`, mimeType: 'image/jpeg', buffer: await photo(seed) })),
  )
  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(files)
  await page.getByRole('button', { name: 'Upload 3 files' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 files added to the gallery' })).toBeVisible({ timeout: 30_000 })

  const headers = { origin: baseURL! }
  await expect
    .poll(
      async () => {
        const media = (await (await page.request.get('/api/media-files', { headers })).json()) as Array<{
          originalFilename: string
          status: string
        }>
        return media.filter((file) => file.originalFilename.startsWith('Patio ') && file.status === 'ready').length
      },
      { timeout: 60_000 },
    )
    .toBe(3)

  const visible = (await (await page.request.get('/api/media-files')).json()) as Array<{
    originalFilename: string
    objectPath: string
    variantWidths: number[]
  }>
  const patio = visible.find((file) => file.originalFilename === 'Patio 1.jpg')!
  expect(patio.variantWidths).toEqual([400, 800, 1200])
  const rendition = await page.request.get(`${patio.objectPath}/w400.webp`)
  expect(rendition.status()).toBe(200)
  expect(rendition.headers()['content-type']).toBe('image/webp')
})

test('the upload card refuses a type that is not allowed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await page.goto('/admin')
  await page
    .locator('input.uppy-Dashboard-input')
    .first()
    .setInputFiles([{ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') }])
  await expect(page.getByText(/You can only upload:/).first()).toBeVisible()
})
